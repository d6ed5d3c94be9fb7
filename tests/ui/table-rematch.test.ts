// The table screen across a rematch (issue 23): the new game starts a fresh move
// log and scoreboard, not the finished game's round 1 under the new one's.
import { afterEach, beforeAll, expect, it } from 'vitest';
import { accelerate } from '$lib/protocol';
import type { Session } from '$lib/session';
import { clientFor } from '$lib/session/tables/client';
import { load as loadGame } from '$lib/ui/i18n/game';
import { TableController } from '$lib/ui/table.svelte';
import { closeTracked, FAST, must, openTable, startAutoplay, until } from '../session/harness';

/** The rematch this browser's person is shown (what its Accept button accepts). */
const offerOf = (s: Session): string => s.snapshot.rematch?.game ?? '';

beforeAll(async () => {
  await accelerate();
  await loadGame('en');
});
afterEach(closeTracked);

it('a rematch clears the last game’s log and scoreboard', async () => {
  const t = await openTable({
    variant: 'mexican-train',
    people: 2,
    options: { rounds: 1, set: 5, handSize: 4 },
    seed: 81,
  });
  const [host, guest] = t.sessions as [Session, Session];
  const table = new TableController(clientFor(host), { stepMs: 0 });
  await startAutoplay(t);
  await until('game over on screen', () => table.shown.table?.gameOver === true);
  expect(table.results).toHaveLength(1);
  const first = table.shown.table!.game;
  must(host.proposeRematch());
  await until('the offer', () => guest.snapshot.rematch !== undefined);
  must(guest.acceptRematch(offerOf(guest)));
  await until('the rematch on screen', () => (table.shown.table?.game ?? first) !== first);
  expect(table.results).toEqual([]);
  expect(table.log.filter((l) => l.text === 'Round 1 is dealt.').length).toBeLessThanOrEqual(1);
  table.destroy();
});

it('a rematch after a game the host ended clears them too', async () => {
  const t = await openTable({
    variant: 'mexican-train',
    people: 3,
    options: { rounds: 3, set: 5, handSize: 4 },
    seed: 88,
    timing: { ...FAST, stallMs: 1500 },
  });
  const [host, stays, leaver] = t.sessions as [Session, Session, Session];
  const table = new TableController(clientFor(host), { stepMs: 0 });
  await startAutoplay(t);
  await until('some moves on screen', () => table.log.length > 4);
  leaver.close();
  leaver.transport.close();
  await until('seat 2 stalled', () => host.snapshot.stall?.seats.includes(2) === true, 20_000);
  must(host.resolveStall('end'));
  await until('ended on screen', () => table.shown.ended !== null);
  const first = table.shown.table!.game;
  must(host.proposeRematch());
  await until('offered without the one who left', () => stays.snapshot.rematch?.seats.length === 2);
  must(stays.acceptRematch(offerOf(stays)));
  await until('the rematch on screen', () => (table.shown.table?.game ?? first) !== first);
  expect(table.log.filter((l) => l.text === 'Round 1 is dealt.').length).toBeLessThanOrEqual(1);
  expect(table.log.some((l) => l.text.includes('Player 2'))).toBe(false);
  table.destroy();
});
