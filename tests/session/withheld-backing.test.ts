// Finding 5 of issue 30: a guest that stays linked and beating but names no host
// takes the host's quorum away. The host's own entry then stays pending (it is
// ordered once the backing is back), and after the stall limit the alarm names
// the seats withholding their backing, as it would name an absent seat.
import { describe, expect, it } from 'vitest';
import type { MemoryNetwork, PeerId } from '$lib/net';
import type { Session } from '$lib/session';
import { FAST, openTable, pause, startAutoplay, turnOf, until } from './harness';

const TIMING = { ...FAST, stallMs: 1500 };

/** While `on()`, `from`'s heartbeats name no host (everything else goes as sent). */
function namesNoHost(network: MemoryNetwork, from: PeerId, on: () => boolean): void {
  const deliver = network.deliver.bind(network);
  network.deliver = (sender, to, link, data) => {
    if (on() && sender === from && typeof data === 'string' && data.startsWith('{"t":"beat"')) {
      data = JSON.stringify({ ...(JSON.parse(data) as object), host: null });
    }
    deliver(sender, to, link, data);
  };
}

describe('withheld backing (issue 30, finding 5)', () => {
  it('keeps the host’s entry pending and names the seat withholding its backing after the stall limit', async () => {
    const table = await openTable({
      variant: 'mexican-train',
      people: 2,
      options: { rounds: 1, set: 5, handSize: 4 },
      seed: 320,
      timing: TIMING,
    });
    const [host, guest] = table.sessions as [Session, Session];
    let withholding = false;
    namesNoHost(table.network, guest.transport.id, () => withholding);
    await startAutoplay(table, 'easy', [0]);
    await turnOf(host, 0);
    withholding = true;
    await pause(300);
    const seq = host.ledger!.seq;
    expect(host.move(0, host.snapshot.table!.local[0]!.legal[0]!)).toEqual({
      ok: true,
      value: true,
    });
    await until('seat 1 named', () => host.snapshot.stall?.seats.includes(1) === true, 20_000);
    expect(host.snapshot.stall?.seats).toEqual([1]);
    expect(host.snapshot.pending).toEqual([0]);
    expect(host.ledger!.seq).toBe(seq);
    // Backing back: the pending entry is ordered, and the alarm goes.
    withholding = false;
    await until('the move ordered', () => guest.ledger!.seq > seq, 20_000);
    await until('no alarm', () => host.snapshot.stall === null);
    expect(host.snapshot.pending).toBeUndefined();
  });

  it('lets the host hand the withholding seat to a bot, and the game goes on', async () => {
    const table = await openTable({
      variant: 'mexican-train',
      people: 2,
      options: { rounds: 1, set: 5, handSize: 4 },
      seed: 321,
      timing: TIMING,
    });
    const [host, guest] = table.sessions as [Session, Session];
    let withholding = false;
    namesNoHost(table.network, guest.transport.id, () => withholding);
    await startAutoplay(table, 'easy', [0]);
    await turnOf(host, 0);
    withholding = true;
    await pause(300);
    expect(host.move(0, host.snapshot.table!.local[0]!.legal[0]!)).toEqual({
      ok: true,
      value: true,
    });
    await until('seat 1 named', () => host.snapshot.stall?.seats.includes(1) === true, 20_000);
    expect(host.resolveStall('bot')).toEqual({ ok: true, value: true });
    await until('a bot plays seat 1', () => host.snapshot.seats[1]?.bot === 'medium', 20_000);
    host.setAutoplay(0, 'easy');
    await until('game over', () => host.snapshot.table?.gameOver === true, 60_000);
  });
});
