// Train games (Mexican Train, tournament, Derailing, Engine 191): shed pips,
// keep doubles followed, draw only when nothing else helps.
import { pips } from '../../engine';
import type { BaseState, Seat, Variant } from '../../engine';
import type { Heuristics } from './heuristics';
import { canFollowUp, gained, handPips, heaviestPlay, versusOthers } from './common';

export function trainHeuristics<S extends BaseState>(
  variant: Variant<S>,
  roundPoints: (start: S, end: S) => readonly number[] = gained,
): Heuristics<S> {
  return {
    evaluate(state, seat, move, before) {
      const set = variant.tileSet(before.players, before.options);
      let value = -handPips(set, state, seat) - 2 * (state.hands[seat]?.length ?? 0);
      if (move.type === 'play' && canFollowUp(variant, state, seat))
        value += 4 + pips(set, move.tile) / 4;
      if (move.type === 'draw') value -= 3;
      if (move.type === 'pass') value -= 6;
      return value;
    },
    rollout(state, legal) {
      return heaviestPlay(variant.tileSet(state.players, state.options), legal);
    },
    outcome(start, end, seat: Seat) {
      return versusOthers(roundPoints(start, end), seat, -1);
    },
  };
}
