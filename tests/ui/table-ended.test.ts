// The game's panel when a seat's browser goes as the game ends, before showing
// its secret: the last audit cannot finish, the host ends the game at the stall
// alarm, and every screen, a watcher's who came after too, shows the final
// standings (it showed "Game over" in the header only).
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { accelerate } from '$lib/protocol';
import { joinTable, type Session } from '$lib/session';
import { clientFor } from '$lib/session/tables/client';
import { load as loadGame } from '$lib/ui/i18n/game';
import { TableController } from '$lib/ui/table.svelte';
import {
  closeTracked,
  FAST,
  must,
  openTable,
  seededRandom,
  startAutoplay,
  track,
  transport,
  until,
} from '../session/harness';

beforeAll(async () => {
  await accelerate();
  await loadGame('en');
});
afterEach(closeTracked);

it('a game over whose last secret never came shows its panel once the host ends it, to a late watcher too', async () => {
  const t = await openTable({
    variant: 'mexican-train',
    people: 3,
    options: { rounds: 1, set: 5, handSize: 4 },
    seed: 44,
    timing: { ...FAST, stallMs: 1500 },
  });
  await startAutoplay(t);
  const [host, stays, leaver] = t.sessions as [Session, Session, Session];
  leaver.subscribe(() => {
    if (leaver.ledger?.any.view.phase === 'gameOver') leaver.close();
  });
  await until('seat 2 stalled', () => host.snapshot.stall?.seats.includes(2) === true, 30_000);
  const late = track(
    must(
      await joinTable({
        transport: transport(t.network, `${t.room}-late`),
        room: t.room,
        member: 'late',
        name: 'Late',
        timing: FAST,
        random: seededRandom(3),
        contact: host.transport.id,
      }),
    ),
  );
  await until('the watcher follows', () => late.snapshot.table?.view.phase === 'gameOver');
  const screens = [host, stays, late].map((s) => new TableController(clientFor(s), { stepMs: 0 }));
  try {
    // Play is over, the last audit is not: the stall alarm must stay in reach, no panel yet.
    await until('on screen', () => screens.every((c) => c.view?.phase === 'gameOver'));
    for (const c of screens) expect(c.panel).toBeNull();
    must(host.resolveStall('bot'));
    await until('ended everywhere', () => screens.every((c) => c.shown.ended !== null));
    for (const c of screens) {
      expect(c.panel).toBe('game');
      expect(c.view?.winners).toEqual(host.snapshot.table?.view.winners);
    }
  } finally {
    for (const c of screens) c.destroy();
  }
});
