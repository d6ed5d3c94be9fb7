// Railominos (R-*): take the play that scores most now, hold FRISCO for
// a turn where the table already shows a big score, mind what the next
// player could score off what you leave, and keep pieces you can still play.
import { tileDef } from '../../engine';
import type { Move, PlayMove, Seat, TileId, TileSet, Variant } from '../../engine';
import { railominosRules } from '../../engine';
import type { BotInput } from '../input';
import type { Heuristics } from './heuristics';
import { gained, knownHand, unseenTiles, versusBest } from './common';

type RailominosState = railominosRules.RailominosState;
type Layout = railominosRules.Layout;
type End = railominosRules.End;
const { fits, place, playScore } = railominosRules;

/** Weights in points: what each consideration is worth against one point scored now. */
const W = {
  friscoHeld: 3,
  nextPlayer: 0.7,
  stuckPiece: 0.4,
} as const;

const ENDS: readonly End[] = ['west', 'east'];

/**
 * What the next player can expect to score at best off `layout`, holding `size`
 * of the `unseen` pieces (each held independently with chance size/unseen).
 */
function nextPlayerExpects(layout: Layout, unseen: readonly TileId[], size: number): number {
  const scores: number[] = [];
  for (const t of unseen) {
    let best = -1;
    for (const end of ENDS)
      if (fits(layout, t, end)) best = Math.max(best, playScore(place(layout, t, end), t));
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
  move: PlayMove,
  hand: readonly TileId[],
  unseen: readonly TileId[],
  points: number,
): number {
  const layout = view.layout as Layout;
  const end = move.target as End;
  const after = place(layout, move.tile, end);
  const rest = hand.filter((t) => t !== move.tile);
  let v = points;
  if (rest.length === 0) return v;
  // FRISCO scores what the table shows plus one; keep it for a table that shows a lot.
  if (tileDef(set, move.tile).wild && points < 5) v -= W.friscoHeld;
  const left = (move.seat + 1) % view.players;
  v -= W.nextPlayer * nextPlayerExpects(after, unseen, view.hands[left]?.length ?? 0);
  const stuck = rest.filter((t) => !ENDS.some((e) => fits(after, t, e))).length;
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
    sharpness: 1,
    policy(state) {
      const set = setOf(state);
      const next = knownHand(state, ((state.turn ?? 0) + 1) % state.players);
      return (m) => {
        if (m.type !== 'play' || !state.layout) return 0;
        const after = place(state.layout, m.tile, m.target as End);
        const points = playScore(after, m.tile);
        const frisco = tileDef(set, m.tile).wild;
        // In a world the next hand is known: its best reply off what this play leaves.
        let reply = 0;
        for (const t of next) {
          for (const end of ENDS) {
            if (fits(after, t, end)) reply = Math.max(reply, playScore(place(after, t, end), t));
          }
        }
        return points - (frisco && points < 5 ? W.friscoHeld : 0) - W.nextPlayer * reply;
      };
    },
    outcome(start, end, seat: Seat) {
      // points over the round; one cut short loses a point per piece still held.
      const over = end.phase === 'roundOver' || end.phase === 'gameOver';
      const points = gained(start, end).map((p, s) => p - (over ? 0 : (end.hands[s]?.length ?? 0)));
      return versusBest(points, seat, 1);
    },
  };
}
