// The handshake on a link when challenges cross: a reload's new page and the
// table dial each other at once (two links, one replacing the other), so a
// challenge sent for one link state arrives after the other end has started
// afresh. Each end must still prove itself once, not answer restart with
// restart until the challenge limit leaves the link unproven for good. And a
// host's reload: its kept game is set up before a guest that linked first is heard.
import { describe, expect, it } from 'vitest';
import { createMemoryNetwork } from '$lib/net';
import { hostTable, joinTable, type Session } from '$lib/session';
import { hostOnlineHere } from '$lib/session/tables/client';
import { BridgedTransport, exposeTransport } from '$lib/session/worker/transport-bridge';
import { FAST, seededRandom, track, transport, until, pause } from './harness';

const sees = (s: Session, member: string): boolean =>
  s.snapshot.members.some((m) => m.member === member && m.present);

describe('handshake', () => {
  it('a stale challenge arriving after the handshake: both ends prove themselves again, with no flood', async () => {
    const network = createMemoryNetwork();
    const room = 'roomroom';
    const ta = transport(network, `${room}-ann`);
    const tb = transport(network, `${room}-bob`);
    const timing = { ...FAST, beatMs: 60_000 };
    const ann = track(
      hostTable({
        transport: ta,
        room,
        member: 'ann',
        name: 'Ann',
        timing,
        random: seededRandom(1),
      }),
    );
    const joined = await joinTable({
      transport: tb,
      room,
      member: 'bob',
      name: 'Bob',
      timing,
      random: seededRandom(2),
      contact: ta.id,
    });
    if (!joined.ok) throw new Error(joined.error.detail);
    const bob = track(joined.value);
    await until('Bob seated', () => bob.snapshot.seats.length === 2);
    await until('each sees the other', () => sees(ann, 'bob') && sees(bob, 'ann'));

    // A challenge from an earlier state of Ann's end of the link, delivered late.
    ta.send(tb.id, JSON.stringify({ t: 'challenge', room, n: 'a-nonce-of-an-earlier-state' }));
    await pause(200);
    await until('each sees the other again', () => sees(ann, 'bob') && sees(bob, 'ann'), 5000);
    expect(ann.stats.dropped.get('TOO_FREQUENT')).toBeUndefined();
    expect(bob.stats.dropped.get('TOO_FREQUENT')).toBeUndefined();
  });
});

describe('a host back in its lobby', () => {
  it('sets its kept game up before it hears a guest whose link came first: the bots keep their seats', async () => {
    const network = createMemoryNetwork();
    const room = 'roomroom';
    const page = transport(network, `${room}-ann`);
    // The worker's side of the page's transport holds what comes before the session listens.
    let bridged: BridgedTransport | null = null;
    const exposed = exposeTransport(page, (m) => bridged?.handle(m));
    bridged = new BridgedTransport(page.id, [], (m) => exposed.handle(m));
    const joined = await joinTable({
      transport: transport(network, `${room}-bob`),
      room,
      member: 'bob',
      name: 'Bob',
      contact: page.id,
    });
    if (!joined.ok) throw new Error(joined.error.detail);
    track(joined.value);
    await until('the guest linked', () => page.peers().length === 1);
    const opened = await hostOnlineHere({
      transport: bridged,
      room,
      member: 'ann',
      name: 'Ann',
      store: null,
      draft: { variant: 'mexican-train', options: {}, bots: [{ level: 'easy', name: 'Botty' }] },
    });
    if (!opened.ok) throw new Error(opened.error.detail);
    const host = opened.value;
    await until('the guest seated', () => host.snapshot.seats.length === 3);
    expect(host.snapshot.seats.map((s) => s.name)).toEqual(['Ann', 'Botty', 'Bob']);
    host.close();
  });
});
