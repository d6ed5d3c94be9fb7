// Stalls are only for the absent (issue 23): a person whose browser is here may
// think as long as they like; the alarm names a seat only when its browser is
// away, or is here but does not send the protocol work its worker owes (a key, a
// hop, a reveal, a secret); and never at a table whose seats are all this browser's.
import { describe, expect, it } from 'vitest';
import type { MemoryNetwork, PeerId } from '$lib/net';
import type { Session } from '$lib/session';
import { FAST, must, openTable, startAutoplay, turnOf, until, pause } from './harness';

const TIMING = { ...FAST, stallMs: 1500 };
const MT = { rounds: 1, set: 5, handSize: 4 };

/** Polls for `ms`, failing at once if any session shows a stall alarm. */
async function noStallFor(ms: number, sessions: readonly Session[]): Promise<void> {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    for (const s of sessions) expect(s.snapshot.stall).toBeNull();
    await pause(20);
  }
}

/** `from`'s browser never gets its protocol entries to anyone (its moves and beats still go). */
function withholdProtocol(network: MemoryNetwork, from: PeerId): void {
  const deliver = network.deliver.bind(network);
  network.deliver = (sender, to, link, data) => {
    if (sender === from && typeof data === 'string' && data.includes('"t":"submit"')) {
      const entry = (JSON.parse(data) as { entry: string }).entry;
      if ((JSON.parse(entry) as { kind: string }).kind !== 'move') return;
    }
    deliver(sender, to, link, data);
  };
}

describe('stalls are only for the absent', () => {
  it('a person thinking longer than the stall limit at a two-browser table is not stalled; once their browser is gone, they are', async () => {
    const table = await openTable({
      variant: 'mexican-train',
      people: 2,
      options: MT,
      seed: 91,
      timing: TIMING,
    });
    const [host, guest] = table.sessions as [Session, Session];
    await startAutoplay(table, 'easy', [1]);
    await turnOf(guest, 1);
    await noStallFor(3 * TIMING.stallMs, [host, guest]);
    expect(host.snapshot.seats[1]?.present).toBe(true);
    guest.close();
    guest.transport.close();
    await until('seat 1 stalled', () => host.snapshot.stall?.seats.includes(1) === true, 20_000);
    expect(host.snapshot.stall?.owes).toEqual(['move']);
    expect(host.resolveStall('bot')).toEqual({ ok: true, value: true });
  });

  it('a browser that is here but does not send the protocol work it owes is stalled', async () => {
    const table = await openTable({
      variant: 'mexican-train',
      people: 2,
      options: MT,
      seed: 92,
      timing: TIMING,
    });
    const [host, guest] = table.sessions as [Session, Session];
    withholdProtocol(table.network, guest.transport.id);
    must(host.start());
    await until('seat 1 stalled', () => host.snapshot.stall?.seats.includes(1) === true, 20_000);
    expect(host.snapshot.seats[1]?.present).toBe(true);
    expect(host.snapshot.stall?.owes).not.toContain('move');
  });

  it('a solo table never stalls, however long its person thinks', async () => {
    const table = await openTable({
      variant: 'mexican-train',
      people: 1,
      bots: ['easy'],
      options: MT,
      seed: 93,
      timing: TIMING,
    });
    const [solo] = table.sessions as [Session];
    must(solo.start());
    await until('playing', () => solo.snapshot.table !== null);
    await turnOf(solo, 0);
    await noStallFor(3 * TIMING.stallMs, [solo]);
  });

  it('a pass-and-play table never stalls, whichever person is to move', async () => {
    const table = await openTable({
      variant: 'mexican-train',
      people: 1,
      options: MT,
      seed: 94,
      timing: TIMING,
    });
    const [here] = table.sessions as [Session];
    must(here.addPlayer('Bo'));
    must(here.start());
    await until('playing', () => here.snapshot.table !== null);
    await until('a person to move', () =>
      here.snapshot.table!.local.some((l) => l.legal.length > 0),
    );
    await noStallFor(3 * TIMING.stallMs, [here]);
  });
});
