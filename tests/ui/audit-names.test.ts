// The round audit names who played the round, from the seats of the game that
// played it, not the table's seats now. A player whose browser goes at a round's
// end, before showing its secret, has its seat played by a bot from the next
// round on; the audit of the round the player left lists the seat as not checked
// under the player's name, as a person.
import 'fake-indexeddb/auto';
import { afterEach, beforeAll, expect, it } from 'vitest';
import { accelerate } from '$lib/protocol';
import type { Session } from '$lib/session';
import { clientFor } from '$lib/session/tables/client';
import { load as loadGame } from '$lib/ui/i18n/game';
import { TableController } from '$lib/ui/table.svelte';
import { closeTracked, FAST, must, openTable, startAutoplay, until } from '../session/harness';

beforeAll(async () => {
  await accelerate();
  await loadGame('en');
});
afterEach(closeTracked);

it('the audit of the round a player left names that player as a person, while the seat is a bot', async () => {
  const t = await openTable({
    variant: 'mexican-train',
    people: 3,
    options: { rounds: 2, set: 5, handSize: 4 },
    seed: 44,
    timing: { ...FAST, stallMs: 1500 },
  });
  await startAutoplay(t);
  const [host, stays, leaver] = t.sessions as [Session, Session, Session];
  leaver.subscribe(() => {
    if (leaver.ledger?.any.view.phase === 'roundOver') leaver.close();
  });
  await until('seat 2 stalled', () => host.snapshot.stall?.seats.includes(2) === true, 30_000);
  // The people stop playing, so the next round waits on them: round 1's audit stays the last.
  for (const s of [host, stays]) {
    for (const l of s.snapshot.table?.local ?? []) if (l.bot === null) s.setAutoplay(l.seat, null);
  }
  const screen = new TableController(clientFor(host), { stepMs: 0 });
  try {
    must(host.resolveStall('bot'));
    await until('round 1 audited, seat 2 a bot', () => {
      const audits = screen.shown.table?.audits ?? [];
      return audits.length === 1 && screen.shown.seats[2]?.bot !== null;
    });
    expect(screen.shown.table?.audits[0]?.unchecked).toEqual([
      expect.objectContaining({ seat: 2, code: 'SEED_NOT_REVEALED' }),
    ]);
    expect(screen.auditNames[2]).toBe('Player 2');
    // The audit's seat is the person's, as its round had it; the table's is the bot's now.
    expect(screen.shown.table?.audits[0]?.seats[2]).toEqual({ name: 'Player 2', bot: false });
    expect(screen.shown.seats[2]?.bot).not.toBeNull();
    expect(screen.auditNames.slice(0, 2)).toEqual(screen.names.slice(0, 2));
  } finally {
    screen.destroy();
  }
});
