// Medium: one ply of look-ahead on the bot's own view, scored by the variant's
// heuristics; ties broken at random.
import type { BaseState, Move } from '../engine';
import type { BotInput } from './input';
import { heuristicsFor } from './heuristics';

export function mediumMove<S extends BaseState>(input: BotInput<S>): Move {
  const { variant, view, seat, legal, rng } = input;
  const h = heuristicsFor(variant);
  let best = legal[0] as Move;
  let bestValue = -Infinity;
  for (const move of legal) {
    const value = h.evaluate(variant.perform(view, move), seat, move, view) + rng.next() * 1e-3;
    if (value > bestValue) {
      best = move;
      bestValue = value;
    }
  }
  return best;
}
