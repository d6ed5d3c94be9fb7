// Railominos: take the play that scores most now; keep FRISCO for a turn where
// its bonus lifts a big score; shed pieces (each one left costs a point).
import { FRISCO, tileName } from '../../engine';
import type { BaseState, Move, Rng, Variant } from '../../engine';
import type { Heuristics } from './heuristics';
import { gained, versusOthers } from './common';

export function railominosHeuristics<S extends BaseState>(variant: Variant<S>): Heuristics<S> {
  const isFrisco = (state: S, m: Move) =>
    m.type === 'play' && tileName(variant.tileSet(state.players, state.options), m.tile) === FRISCO;
  const scoreOf = (state: S, m: Move): number => {
    const after = variant.perform(state, m);
    return (after.scores[m.seat] ?? 0) - (state.scores[m.seat] ?? 0);
  };
  return {
    evaluate(state, seat, move, before) {
      const points = (state.scores[seat] ?? 0) - (before.scores[seat] ?? 0);
      let value = 10 * points - 2 * (state.hands[seat]?.length ?? 0);
      // FRISCO earns only its own point unless the play scores well anyway.
      if (isFrisco(before, move) && points < 4 && (state.hands[seat]?.length ?? 0) > 1) value -= 15;
      return value;
    },
    rollout(state, legal, rng: Rng) {
      let best: Move | undefined;
      let bestScore = -Infinity;
      for (const m of legal) {
        if (m.type !== 'play') continue;
        const s = scoreOf(state, m) + rng.next() * 0.1;
        if (s > bestScore) {
          best = m;
          bestScore = s;
        }
      }
      return best ?? (legal[0] as Move);
    },
    outcome(start, end, seat) {
      return versusOthers(gained(start, end), seat, 1);
    },
  };
}
