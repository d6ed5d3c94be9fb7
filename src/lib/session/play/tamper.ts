// A deliberately dishonest build for the browser tests, and nothing else:
// `VITE_TRAINYARD_TAMPER=tile vite build` makes a page whose autoplay, once,
// plays a tile its seat was not dealt, so the tests can watch every other page
// refuse the entry and name the seat. Real builds leave the flag unset; the
// bundler then drops the branch that uses it.
import type { Move } from '$lib/engine';
import type { EntryDraft, TableState } from '$lib/protocol';

// A literal comparison, so that a real build folds it to false; outside Vite
// (tsx scripts) there is no import.meta.env.
export const TAMPER: boolean =
  typeof import.meta.env !== 'undefined' && import.meta.env.VITE_TRAINYARD_TAMPER === 'tile';

let spent = false;
/** The dishonest entry once signed: the cheat signs over it (an honest browser never would). */
let signedTampered: string | null = null;
const drafts = new WeakSet<EntryDraft>();

/** Notes what a draft was signed to, if it was the dishonest one. */
export function noteSigned(draft: EntryDraft, entry: string): void {
  if (drafts.has(draft)) signedTampered = entry;
}

/** Whether a pending entry is the dishonest one, which the cheat replaces once refused. */
export function isTampered(entry: string): boolean {
  return entry === signedTampered;
}

/**
 * The dishonest entry for this move, or null to play it honestly: the seat's
 * first move of the round proper, whatever it would have been (a seat with
 * nothing to play would otherwise only draw and pass, and never cheat).
 */
export function tamperedDraft(table: TableState, move: Move): EntryDraft | null {
  if (!TAMPER || spent || table.view.phase !== 'playing') return null;
  const own = new Set(table.view.hands[move.seat]?.map((card) => card.tile) ?? []);
  let tile = 0;
  while (own.has(tile)) tile++;
  spent = true;
  const play: Move =
    move.type === 'play'
      ? { ...move, tile }
      : { seat: move.seat, type: 'play', tile, target: table.variant.homeTarget(move.seat) };
  // No keys: this seat holds no card that would open as that tile.
  const draft: EntryDraft = { kind: 'move', body: { move: play, keys: [] } };
  drafts.add(draft);
  return draft;
}
