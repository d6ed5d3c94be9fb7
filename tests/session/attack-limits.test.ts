// Issue 21, hole 10: two checks the session promises, each shown by a test that
// fails without it — its own message size limit (whatever the transport lets
// through) and the host's quorum rule (it orders nothing while it sees fewer than
// most of the seats' browsers, so two halves of a split table never both go on).
import { describe, expect, it } from 'vitest';
import type { MemoryNetwork, Payload, PeerId, Transport } from '$lib/net';
import { hostTable, joinTable, type Session } from '$lib/session';
import { MAX_MESSAGE } from '$lib/session/wire';
import {
  FAST,
  must,
  openTable,
  seededRandom,
  startAutoplay,
  track,
  transport,
  turnOf,
  until,
  pause,
} from './harness';

/** A transport that can also hand its session any payload, as a link with no size limit would. */
function tapped(network: MemoryNetwork, id: string) {
  const inner = transport(network, id);
  const listeners = new Set<(from: PeerId, data: Payload) => void>();
  const t: Transport = {
    id: inner.id,
    connect: (p) => inner.connect(p),
    send: (p, d) => inner.send(p, d),
    peers: () => inner.peers(),
    disconnect: (p) => inner.disconnect(p),
    onMessage: (l) => {
      listeners.add(l);
      const off = inner.onMessage(l);
      return () => {
        listeners.delete(l);
        off();
      };
    },
    onOpen: (l) => inner.onOpen(l),
    onClose: (l) => inner.onClose(l),
    onError: (l) => inner.onError(l),
    close: () => inner.close(),
    get closed() {
      return inner.closed;
    },
  };
  const inject = (from: PeerId, data: string) => {
    for (const l of listeners) l(from, data);
  };
  return { transport: t, inject };
}

describe('promised checks (issue 21, hole 10)', () => {
  it('a message over the session’s 1 MiB limit is dropped unread, even from the host', async () => {
    const { createMemoryNetwork } = await import('$lib/net');
    const network = createMemoryNetwork();
    const room = 'room91';
    const host = track(
      hostTable({
        transport: transport(network, `${room}-p0`),
        room,
        member: 'p0',
        name: 'Ada',
        timing: FAST,
        random: seededRandom(91),
      }),
    );
    const tap = tapped(network, `${room}-p1`);
    const guest = track(
      must(
        await joinTable({
          transport: tap.transport,
          room,
          member: 'p1',
          name: 'Bea',
          timing: FAST,
          random: seededRandom(92),
          contact: host.transport.id,
        }),
      ),
    );
    await until('seated', () => host.snapshot.seats.length === 2);
    must(host.setOption('rounds', 1));
    must(host.start());
    await until('playing', () => guest.snapshot.table !== null);
    const game = guest.snapshot.table!.game;
    // The host's own `end`, padded past the limit with white space JSON ignores.
    const end = JSON.stringify({ t: 'end', game, reason: 'forged' });
    const padded = end + ' '.repeat(MAX_MESSAGE + 1 - end.length);
    tap.inject(host.transport.id, padded);
    await pause(50);
    expect(guest.stats.dropped.get('OVERSIZED')).toBe(1);
    expect(guest.snapshot.ended).toBeNull();
    // The same message within the limit is read (the host may end its game).
    tap.inject(host.transport.id, end);
    await until('ended', () => guest.snapshot.ended !== null);
  });

  it('a host that sees fewer than most of the seats’ browsers orders nothing', async () => {
    const table = await openTable({
      variant: 'mexican-train',
      people: 3,
      options: { rounds: 1, set: 5, handSize: 4 },
      seed: 93,
    });
    const [host, b, c] = table.sessions as [Session, Session, Session];
    await startAutoplay(table, 'easy', [0]);
    await turnOf(host, 0);
    for (const s of [b, c]) {
      s.close();
      s.transport.close();
    }
    await until('both away', () => host.snapshot.seats.filter((s) => !s.present).length === 2);
    const seq = host.snapshot.table!.seq;
    const local = host.snapshot.table!.local.find((l) => l.seat === 0)!;
    expect(host.move(0, local.legal[0]!)).toMatchObject({ ok: true });
    await pause(500);
    expect(host.snapshot.table!.seq).toBe(seq);
    expect(host.isHost).toBe(true);
  });
});
