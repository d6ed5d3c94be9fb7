// Hole 3 of issue 21, as the attack: a silent watcher after a host hand-over. The
// new host collects what the others hold before it sequences; it waits only for
// the seats' browsers, and at most the away limit, so a member that never answers
// cannot freeze the table, and the honest new host is never named as stalled.
import { describe, expect, it } from 'vitest';
import type { Session } from '$lib/session';
import { Adversary } from './adversary';
import { FAST, openTable, startAutoplay, until } from './harness';

describe('catch-up after a host hand-over (issue 21, hole 3)', () => {
  it('a silent watcher does not freeze the table, and the new host is never named', async () => {
    const table = await openTable({
      variant: 'mexican-train',
      people: 3,
      options: { rounds: 1, set: 5, handSize: 4 },
      seed: 71,
      timing: { ...FAST, stallMs: 6000 },
    });
    const [host, next, guest] = table.sessions as [Session, Session, Session];
    await startAutoplay(table);
    // Once the game is on, a watcher that keeps beating (so it counts as present) and answers nothing.
    const watcher = await Adversary.join(
      table.network,
      `${table.room}-w`,
      table.sessions.map((s) => s.transport.id),
    );
    watcher.hello(table.room, 'w', 'Silent');
    watcher.beat(50);
    await until('the watcher is known', () =>
      table.sessions.every((s) => s.snapshot.members.some((m) => m.member === 'w' && m.present)),
    );
    await until('mid-round', () => (host.snapshot.table?.seq ?? 0) > 12);
    const named: number[][] = [];
    guest.subscribe((s) => {
      if (s.stall) named.push([...s.stall.seats]);
    });
    host.close();
    host.transport.close();
    await until('the next seat hosts', () => next.isHost && guest.snapshot.host === 'p1');
    // It waits for the gone host's browser, which may hold entries no one here
    // does (play/sync.ts), never for the watcher: the alarm names the gone seat alone.
    await until('the gone seat is named', () => next.snapshot.stall !== null, 10_000);
    expect(next.snapshot.stall?.seats).toEqual([0]);
    // The gone host's seat goes to a bot, and the game finishes.
    await until(
      'game over',
      () => {
        if (next.snapshot.stall?.seats.includes(0)) next.resolveStall('bot');
        return [next, guest].every((s) => s.snapshot.table?.gameOver === true);
      },
      90_000,
    );
    expect(named.some((seats) => seats.includes(1))).toBe(false);
    expect(guest.snapshot.desync).toBeNull();
    expect(guest.snapshot.table?.hash).toBe(next.snapshot.table?.hash);
    watcher.close();
  });
});
