// A seat whose browser went away (issue 31): at a table of two browsers the host
// alone is no quorum, so even its own moves wait; the host must then be offered
// the stall's choices for the away seat, also when that browser is back only as a
// watcher (it joined again under a new member instead of resuming its seat).
import { describe, expect, it } from 'vitest';
import { joinTable, type Session } from '$lib/session';
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
} from './harness';

const TIMING = { ...FAST, stallMs: 1500 };
const MT = { rounds: 1, set: 5, handSize: 4 };

async function hostToMoveGuestGone(seed: number) {
  const table = await openTable({
    variant: 'mexican-train',
    people: 2,
    options: MT,
    seed,
    timing: TIMING,
  });
  const [host, guest] = table.sessions as [Session, Session];
  await startAutoplay(table, 'easy', [0]);
  await turnOf(host, 0);
  guest.close();
  guest.transport.close();
  await until('seat 1 away', () => host.snapshot.seats[1]?.present === false, 20_000);
  return { table, host };
}

/** The host's move waits (no quorum); the stall names the away seat; a bot takes it and the game ends. */
async function stallThenBot(host: Session): Promise<void> {
  const legal = host.snapshot.table!.local.find((l) => l.seat === 0)!.legal;
  must(host.move(0, legal[0]!));
  await until('seat 1 stalled', () => host.snapshot.stall?.seats.includes(1) === true, 20_000);
  expect(host.snapshot.stall?.seats).toEqual([1]);
  must(host.resolveStall('bot'));
  must(host.setAutoplay(0, 'easy'));
  await until('game over', () => host.snapshot.table?.view.phase === 'gameOver', 60_000);
}

describe('a seat away while the host is to move', () => {
  it('at a two-browser table the host is offered the stall’s choices, and a bot ends the game', async () => {
    const { host } = await hostToMoveGuestGone(311);
    await stallThenBot(host);
  });

  it('the seat’s browser back only as a watcher counts as away for the stall', async () => {
    const { table, host } = await hostToMoveGuestGone(312);
    const watcher = await joinTable({
      transport: transport(table.network, `${table.room}-p9`),
      room: table.room,
      member: 'p9',
      name: 'Player 1',
      timing: TIMING,
      random: seededRandom(31299),
      contact: `${table.room}-p0`,
    });
    track(must(watcher));
    await until(
      'the watcher here',
      () => host.snapshot.members.some((m) => m.member === 'p9' && m.present),
      20_000,
    );
    await stallThenBot(host);
  });
});
