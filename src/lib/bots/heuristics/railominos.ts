// Railominos (R-*): take the play that scores most now, hold FRISCO for
// a turn where the table already shows a big score, mind what the next
// player could score off what you leave, and keep pieces you can still play.
import { hasSuit, isDouble, tileDef } from '../../engine';
import type { Move, Seat, TileId, TileSet, Variant } from '../../engine';
import type { End, Layout, RailominosState } from '../../engine/variants/railominos';
import { openDoubles } from '../../engine/variants/railominos';
import type { BotInput } from '../input';
import type { Heuristics } from './heuristics';
import { argmax, gained, knownHand, unseenTiles, versusBest } from './common';

/** Weights in points: what each consideration is worth against one point scored now. */
const W = {
  friscoHeld: 3,
  nextPlayer: 0.7,
  stuckPiece: 0.4,
} as const;

const ENDS: readonly End[] = ['west', 'east'];

function fits(set: TileSet, layout: Layout, tile: TileId, end: End): boolean {
  return tileDef(set, tile).wild || hasSuit(set, tile, layout[end].open);
}

/** The layout after `tile` is laid at `end` (R-4; R-5: FRISCO keeps the end's railroad). */
function place(set: TileSet, layout: Layout, tile: TileId, end: End): Layout {
  const t = tileDef(set, tile);
  const line = layout[end];
  const open = t.wild ? line.open : t.hi === line.open ? t.lo : t.hi;
  return { ...layout, [end]: { tiles: [...line.tiles, tile], open } };
}

/** what laying `tile` at `end` scores. */
function playScore(set: TileSet, layout: Layout, tile: TileId, end: End): number {
  const after = place(set, layout, tile, end);
  const matched = after.west.open === after.east.open ? 2 : 0;
  return 2 * openDoubles(after).length + matched + (tileDef(set, tile).wild ? 1 : 0);
}

/**
 * What the next player can expect to score at best off `layout`, holding `size`
 * of the `unseen` pieces (each held independently with chance size/unseen).
 */
function nextPlayerExpects(
  set: TileSet,
  layout: Layout,
  unseen: readonly TileId[],
  size: number,
): number {
  const scores: number[] = [];
  for (const t of unseen) {
    let best = -1;
    for (const end of ENDS)
      if (fits(set, layout, t, end)) best = Math.max(best, playScore(set, layout, t, end));
    if (best >= 0) scores.push(best);
  }
  scores.sort((a, b) => b - a);
  const p = unseen.length > 0 ? Math.min(1, size / unseen.length) : 0;
  let expected = 0;
  let none = 1;
  for (const s of scores) {
    expected += none * p * s;
    none *= 1 - p;
  }
  return expected;
}

function rankPlay(
  set: TileSet,
  view: RailominosState,
  move: Extract<Move, { type: 'play' }>,
  hand: readonly TileId[],
  unseen: readonly TileId[],
  points: number,
): number {
  const layout = view.layout as Layout;
  const end = move.target as End;
  const after = place(set, layout, move.tile, end);
  const rest = hand.filter((t) => t !== move.tile);
  let v = points;
  if (rest.length === 0) return v;
  // FRISCO scores what the table shows plus one; keep it for a table that shows a lot.
  if (tileDef(set, move.tile).wild && points < 5) v -= W.friscoHeld;
  const left = (move.seat + 1) % view.players;
  v -= W.nextPlayer * nextPlayerExpects(set, after, unseen, view.hands[left]?.length ?? 0);
  const stuck = rest.filter((t) => !ENDS.some((e) => fits(set, after, t, e))).length;
  return v - W.stuckPiece * stuck;
}

export function railominosHeuristics(
  variant: Variant<RailominosState>,
): Heuristics<RailominosState> {
  const setOf = (s: RailominosState) => variant.tileSet(s.players, s.options);
  const gain = (state: RailominosState, m: Move) =>
    versusBest(gained(state, variant.perform(state, m)), m.seat, 1);
  return {
    rank({ view, seat, legal }: BotInput<RailominosState>) {
      const set = setOf(view);
      const hand = knownHand(view, seat);
      const unseen = unseenTiles(variant, view);
      return legal.map((m) =>
        m.type === 'play' && view.layout ? rankPlay(set, view, m, hand, unseen, gain(view, m)) : 0,
      );
    },
    policy(state, legal) {
      const set = setOf(state);
      return argmax(legal, (m) => {
        if (m.type !== 'play' || !state.layout) return 0;
        const points = playScore(set, state.layout, m.tile, m.target as End);
        const frisco = tileDef(set, m.tile).wild;
        return (
          points - (frisco && points < 5 ? W.friscoHeld : 0) + (isDouble(set, m.tile) ? 0.5 : 0)
        );
      });
    },
    outcome(start, end, seat: Seat) {
      // points over the round; one cut short loses a point per piece still held.
      const over = end.phase === 'roundOver' || end.phase === 'gameOver';
      const points = gained(start, end).map((p, s) => p - (over ? 0 : (end.hands[s]?.length ?? 0)));
      return versusBest(points, seat, 1);
    },
  };
}
