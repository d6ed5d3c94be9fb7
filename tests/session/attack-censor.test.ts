// Hole 4 of issue 21, as the attack: a host that censors one guest. The guest
// whose entry the host does not order after a few resends sends it to every seat;
// a host that keeps ignoring a valid pending entry is passed over as if gone (the
// next seat sequences), and no host can hand a present, submitting seat to a bot
// (the API refuses it here; the others refuse to sign it: attack-seats.test.ts).
import { describe, expect, it } from 'vitest';
import type { MemoryNetwork, PeerId } from '$lib/net';
import type { Session } from '$lib/session';
import { FAST, must, named, openTable, startAutoplay, turnOf, until } from './harness';

/** The host's browser drops every `submit` carrying an entry of `seat` (a censoring host). */
function censor(network: MemoryNetwork, hostPeer: PeerId, seat: number): void {
  const deliver = network.deliver.bind(network);
  network.deliver = (from, to, link, data) => {
    if (to === hostPeer && typeof data === 'string' && data.includes('"t":"submit"')) {
      const entry = (JSON.parse(data) as { entry: string }).entry;
      if ((JSON.parse(entry) as { seat: number }).seat === seat) return;
    }
    deliver(from, to, link, data);
  };
}

describe('a censoring host (issue 21, hole 4)', () => {
  it('is passed over, the censored seat stays its player’s, and the game finishes', async () => {
    const table = await openTable({
      variant: 'mexican-train',
      people: 3,
      options: { rounds: 1, set: 5, handSize: 4 },
      seed: 81,
    });
    const [host, next, victim] = table.sessions as [Session, Session, Session];
    await startAutoplay(table);
    await until('mid-round', () => (host.snapshot.table?.seq ?? 0) > 12);
    censor(table.network, host.transport.id, 2);
    await until('the host is passed over', () => next.isHost && victim.snapshot.host === 'p1');
    for (const s of [next, victim]) expect(named(s, 'CENSORED', 'p0')).toBe(true);
    // The censoring host's own seat is owed to a host it does not follow: a bot takes it.
    await until(
      'game over',
      () => {
        const stall = next.snapshot.stall;
        if (stall?.seats.every((seat) => seat === 0)) next.resolveStall('bot');
        return [next, victim].every((s) => s.snapshot.table?.gameOver === true);
      },
      90_000,
    );
    // Nor is its seat handed back to it: it would never sign a change the new host proposes.
    const unsigned = (e: { detail: string }) => e.detail.includes('not signed by every seat');
    expect(next.snapshot.events.some(unsigned)).toBe(false);
    for (const s of [next, victim]) {
      expect(s.snapshot.seats[2]?.member).toBe('p2');
      expect(s.snapshot.seats[2]?.bot).toBeNull();
      expect(s.snapshot.desync).toBeNull();
      expect(s.snapshot.table?.hash).toBe(next.snapshot.table?.hash);
    }
  });

  it('a seat whose browser is here and has submitted is never stalled, nor handed to a bot', async () => {
    const table = await openTable({
      variant: 'mexican-train',
      people: 4,
      options: { rounds: 1, set: 5, handSize: 3 },
      seed: 82,
      timing: { ...FAST, stallMs: 1500 },
    });
    const [host, hand, c, d] = table.sessions as [Session, Session, Session, Session];
    await startAutoplay(table, 'easy', [1]);
    await turnOf(hand, 1);
    // Two seats' browsers go: the host no longer has a quorum and orders nothing.
    for (const s of [c, d]) {
      s.close();
      s.transport.close();
    }
    await until('two seats away', () => host.snapshot.seats.filter((s) => !s.present).length === 2);
    const local = hand.snapshot.table!.local.find((l) => l.seat === 1)!;
    expect(hand.move(1, local.legal[0]!)).toMatchObject({ ok: true });
    // Stalls are only for the absent (issue 23): the alarm names the two away seats, whose
    // browsers the host lacks for its quorum (issue 31), never seat 1, whose browser is here.
    await until('the away seats stalled', () => host.snapshot.stall !== null, 20_000);
    expect(host.snapshot.stall?.seats).toEqual([2, 3]);
    must(host.resolveStall('bot'));
    await until('bots in the away seats', () => host.snapshot.seats[2]?.bot !== null, 20_000);
    expect(host.snapshot.seats[1]?.member).toBe('p1');
  });
});

describe('a host that goes away while a seat waits on it (issue 23)', () => {
  it('the next host is not passed over for the wait its predecessor caused', async () => {
    const table = await openTable({
      variant: 'mexican-train',
      people: 3,
      options: { rounds: 1, set: 5, handSize: 4 },
      seed: 82,
    });
    const [host, next, victim] = table.sessions as [Session, Session, Session];
    await startAutoplay(table);
    await until('mid-round', () => (host.snapshot.table?.seq ?? 0) > 12);
    censor(table.network, host.transport.id, 2);
    // Once the censored entry goes to every seat, the host's page falls silent: it goes
    // away before the seat would pass it over, with the seat's entry pending since then.
    const deliver = table.network.deliver.bind(table.network);
    table.network.deliver = (from, to, link, data) => {
      const toSeats = from === victim.transport.id && to === next.transport.id;
      if (toSeats && typeof data === 'string' && data.includes('"t":"submit"')) host.close();
      deliver(from, to, link, data);
    };
    await until('the next seat hosts', () => next.isHost && victim.snapshot.host === 'p1');
    await until('seat 0 named as stalled', () => next.snapshot.stall?.seats.includes(0) === true);
    for (const s of [next, victim]) expect(named(s, 'CENSORED', 'p1')).toBe(false);
    expect(victim.snapshot.host).toBe('p1');
  });
});
