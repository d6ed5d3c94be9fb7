// The move log, read off two successive views: the session gives the table's
// state, not its moves, so what changed between two snapshots is put into
// words in the rules' notation ("Ann played 12-5 on Bo's train").
import { isTarget, type BaseState, type Seat, type Target, type TileId } from '$lib/engine';
import type { Engine191State } from '$lib/engine/variants/engine-191/state';
import type { MtState } from '$lib/engine/variants/mexican-train/state';
import { lanesOf, seatName, targetWords, tileSetOf, tileText, type SeatNames } from './tiles';

export interface LogLine {
  /** Distinct per line, for keyed lists. */
  readonly id: number;
  readonly round: number;
  readonly seat: Seat | null;
  readonly text: string;
  /** The C-2 notation of the move, when it is a play (`12-5 → p1`). */
  readonly notation: string | null;
}

export interface Change {
  readonly lines: readonly Omit<LogLine, 'id'>[];
  /** The last tile laid, for the board to slide in. */
  readonly play: { readonly tile: TileId; readonly target: Target } | null;
}

const NONE: Change = { lines: [], play: null };

function handSize(view: BaseState, seat: Seat): number {
  return view.hands[seat]?.length ?? 0;
}

function scoreWords(view: BaseState, names: SeatNames): string {
  return view.scores.map((s, i) => `${seatName(names, i)} ${s}`).join(', ');
}

/**
 * What happened between `prev` and `next` (two views of one table), as log
 * lines. `viewer` is the seat reading it ("your train").
 */
export function describeChange(
  prev: BaseState | null,
  next: BaseState,
  names: SeatNames,
  viewer: Seat | null,
): Change {
  if (!prev) return NONE;
  const round = next.round;
  const lines: Omit<LogLine, 'id'>[] = [];
  const say = (seat: Seat | null, text: string, notation: string | null = null) =>
    lines.push({ round, seat, text, notation });

  if (next.round !== prev.round) {
    if (next.phase === 'gameOver') say(null, 'Game over.');
    return { lines, play: null };
  }
  if (prev.phase === 'deal' && next.phase !== 'deal') {
    say(null, `Round ${round} is dealt.`);
    const leader = next.variant === 'railominos' ? lanesOf(next).hub?.[0] : undefined;
    if (leader !== undefined) {
      const name = tileText(tileSetOf(next), leader);
      say(null, `${name} is turned up as the leader.`, name);
    }
  }
  if (next.moveIndex <= prev.moveIndex || next.phase === 'deal') {
    if (prev.phase !== 'gameOver' && next.phase === 'gameOver') say(null, 'Game over.');
    return { lines, play: null };
  }

  const set = tileSetOf(next);
  const before = lanesOf(prev);
  const after = lanesOf(next);
  const mover = prev.turn;
  const who = (seat: Seat | null) =>
    seat === null ? 'Someone' : seat === viewer ? 'You' : seatName(names, seat);
  const does = (seat: Seat | null, you: string, they: string) => (seat === viewer ? you : they);
  let play: Change['play'] = null;

  // Tiles laid: lanes that grew at their far end.
  const placed: { key: string; tiles: readonly TileId[] }[] = [];
  const shrunk: string[] = [];
  for (const [key, tiles] of Object.entries(after)) {
    const old = before[key] ?? [];
    if (tiles.length > old.length) placed.push({ key, tiles: tiles.slice(old.length) });
    else if (tiles.length < old.length) shrunk.push(key);
  }
  const onBoard = placed.filter((p) => p.key === 'hub' || isTarget(p.key));
  for (const p of onBoard) {
    for (const tile of p.tiles) {
      const name = tileText(set, tile);
      if (p.key === 'hub') {
        const what =
          next.variant === 'railominos'
            ? 'turned up as the leader'
            : next.variant === 'derailing-the-train'
              ? 'laid as the platform'
              : next.variant === 'engine-191'
                ? 'is the main station'
                : 'laid as the engine';
        say(mover, `${name} ${what}.`, name);
        continue;
      }
      const target = p.key as Target;
      const where = targetWords(next, target, viewer, names);
      say(mover, `${who(mover)} played ${name} on ${where}.`, `${name} → ${target}`);
      play = { tile, target };
    }
  }

  if (onBoard.length === 0) {
    if (next.variant === 'engine-191' && shrunk.some((k) => k.startsWith('p'))) {
      say(mover, `${who(mover)} removed track.`);
    } else if (
      next.variant === 'engine-191' &&
      (next as Engine191State).station === null &&
      next.phase === 'setup'
    ) {
      say(null, `A secret choice was made.`);
    } else if (mover !== null && handSize(next, mover) > handSize(prev, mover)) {
      say(mover, `${who(mover)} drew a tile.`);
    } else if (
      next.variant === 'engine-191' &&
      mover !== null &&
      ((next as Engine191State).yards[mover]?.length ?? 0) >
        ((prev as Engine191State).yards[mover]?.length ?? 0)
    ) {
      say(mover, `${who(mover)} drew into the score yard.`);
    } else if (next.phase === 'setup' && prev.phase === 'setup') {
      const opening = (prev as MtState).opening;
      if (opening?.kind === 'callDown') {
        const verb = does(mover, 'do', 'does');
        say(mover, `${who(mover)} ${verb} not hold the double ${set.suits[opening.suit] ?? ''}.`);
      } else say(mover, `${who(mover)} answered.`);
    } else if (mover !== null) {
      const marked = markerRaised(prev, next, mover);
      say(mover, marked ? `${who(mover)} passed; a marker goes out.` : `${who(mover)} passed.`);
    }
  }

  if (prev.phase !== next.phase) {
    if (next.phase === 'roundOver' || next.phase === 'gameOver') {
      say(null, `Round ${round} is over. ${scoreWords(next, names)}.`);
      if (next.phase === 'gameOver') say(null, 'Game over.');
    }
  }
  if (next.variant === 'railominos' && mover !== null) {
    const gained = (next.scores[mover] ?? 0) - (prev.scores[mover] ?? 0);
    if (gained > 0 && next.phase === 'playing')
      say(mover, `${who(mover)} ${does(mover, 'score', 'scores')} ${gained}.`);
  }
  // A hand down to one tile is knocked for everyone to see (C-6).
  for (let s = 0; s < next.players; s++) {
    if (handSize(next, s) === 1 && handSize(prev, s) > 1 && next.phase === 'playing') {
      say(s, `${who(s)} ${does(s, 'have', 'has')} one tile left!`);
    }
  }
  return { lines, play };
}

function markerRaised(prev: BaseState, next: BaseState, seat: Seat): boolean {
  const train = (v: BaseState) =>
    (v as MtState).trains?.[seat] as { readonly marker?: boolean } | undefined;
  if (next.variant === 'railominos' || next.variant === 'engine-191') return false;
  return !train(prev)?.marker && !!train(next)?.marker;
}
