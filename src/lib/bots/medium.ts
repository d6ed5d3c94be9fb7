// Medium: the variant's heuristics judge every legal move on the bot's own
// view; the best is played, ties broken at random.
import type { BaseState, Move } from '../engine';
import type { BotInput } from './input';
import { heuristicsFor } from './heuristics';

export function mediumMove<S extends BaseState>(input: BotInput<S>): Move {
  const values = heuristicsFor(input.variant).rank(input);
  let best = input.legal[0] as Move;
  let bestValue = -Infinity;
  input.legal.forEach((move, i) => {
    const value = (values[i] ?? -Infinity) + input.rng.next() * 1e-3;
    if (value > bestValue) {
      best = move;
      bestValue = value;
    }
  });
  return best;
}
