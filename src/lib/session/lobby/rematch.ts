// A rematch: at game over the host offers the same table again as a new game (a
// fresh nonce, so a new game id, from the first deal), the first seat moved one
// to the left (C-3), under the same house rules or others the host chose. People keep their seats and keys (the keys are who they are
// at this table; every secret derived from them names the new game id), bots keep
// their names and levels with fresh keys, run by the host. A person whose browser
// has been silent for twice the away limit when the host offers, or before
// everyone accepted, is left out (the host offers again without them: a reload
// or a dropped link that comes back in time keeps the seat); options that cannot
// be dealt to the people left are refused by the setup's own check. Each
// person's browser signs only when its person accepts. The host is the first
// seat's browser (presence.ts), so the new game is hosted, and its rematch
// offered, by whoever sits first now: hosting moves left with the seats.
// The finished game is kept whole (agreeing.ts onBegin): the rematch starts a
// record of its own.
import { dues } from '$lib/protocol';
import type { SessionError } from '../errors';
import type { Segment } from '../play/segment';
import { sameJson, type SeatSetup, type TableSetup } from '../setup';

/** Whether a game is over: played out with nothing owed (its last audit done), or ended by the host. */
export function gameDone(seg: Segment, ended: boolean): boolean {
  const table = seg.ledger.any;
  return ended || (table.view.phase === 'gameOver' && dues(table).length === 0);
}

/** The seats of the last game, the first seat moved one to the left: seat 1 first. */
export function rotated(seats: readonly SeatSetup[]): SeatSetup[] {
  return seats.map((_, i) => seats[(i + 1) % seats.length]!);
}

/**
 * Whether `next` is `expected` with some people left out: the same people in the
 * same order, each as they were, and each bot under its name and level, run by
 * `host` (its key is fresh). Bots are never left out (the host runs them).
 */
function keepsTable(
  expected: readonly SeatSetup[],
  next: readonly SeatSetup[],
  host: string,
): string | null {
  let j = 0;
  for (const [i, seat] of next.entries()) {
    while (j < expected.length && expected[j]!.bot === null && !sameJson(expected[j], seat)) j++;
    const was = expected[j];
    if (!was) return `seat ${i} is nobody's seat in the last game, in this order`;
    if (was.bot === null && !sameJson(was, seat)) return `seat ${i} changes hands`;
    if (was.bot !== null) {
      if (seat.bot !== was.bot || seat.name !== was.name || seat.member !== host) {
        return `seat ${i} is not the last game's bot ${was.name}, run by the host`;
      }
    }
    j++;
  }
  return null;
}

/**
 * Why this browser will not take `setup` from `from` as a rematch of `seg`, or null.
 * Only the host's, only once the game is over here, same variant, options and
 * clock, the same seats moved one to the left with only people left out. While
 * an offer of the same host is fresh, only that offer with more people left out
 * replaces it (so offers from one host are bounded by the seats); once it has
 * waited a while (a host that reloaded has lost it) a new one may.
 */
export function rematchRefusal(
  setup: TableSetup,
  from: string,
  host: string | null,
  seg: Segment,
  ended: boolean,
  pending: { readonly setup: TableSetup; readonly from: string; readonly fresh: boolean } | null,
): SessionError | null {
  if (from !== host) return { code: 'NOT_HOST', detail: `rematch from ${from}, not the host` };
  if (!gameDone(seg, ended)) return { code: 'NOT_NOW', detail: 'the game is not over here' };
  const cur = seg.setup;
  // House rules may change (parseSetup checked them for these seats; the person sees them).
  if (setup.variant !== cur.variant || setup.turnClock !== cur.turnClock) {
    return { code: 'BAD_SETUP', detail: 'a rematch changes the variant or the turn clock' };
  }
  const changed = keepsTable(rotated(cur.seats), setup.seats, from);
  if (changed) return { code: 'NOT_DUE', detail: `a rematch: ${changed}` };
  if (pending?.fresh && pending.from === host) {
    const fewer =
      setup.seats.length < pending.setup.seats.length &&
      sameJson(setup.options, pending.setup.options) &&
      setup.seats.every((s) => pending.setup.seats.some((p) => sameJson(p, s)));
    if (!fewer) return { code: 'NOT_NOW', detail: 'a rematch offer is already pending' };
  }
  return null;
}
