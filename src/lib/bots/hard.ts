// Hard: determinized Monte Carlo. Sample worlds consistent with what the bot
// has seen (and, where it pays, weigh them by how well they explain the others'
// latest plays), try the medium level's best moves in every world, play on a
// few dozen moves with the variant's fast policy, score the result, and keep
// the move with the best weighted total.
import type { BaseState, Move } from '../engine';
import type { BotInput } from './input';
import { fillHidden, hiddenTiles } from './determinize';
import { budgetFor, heuristicsFor } from './heuristics';
import type { SearchBudget } from './heuristics';
import { playLikelihood } from './inference';
import { readHistory } from './knowledge';
import { rollout } from './rollout';

export function hardMove<S extends BaseState>(
  input: BotInput<S>,
  budget: SearchBudget = budgetFor(input.variant.id),
): Move {
  const { variant, view, seat, legal, history, rng } = input;
  if (legal.length <= 1) return legal[0] as Move;
  const h = heuristicsFor(variant);
  const ranks = h.rank(input);
  const candidates = legal
    .map((move, i) => ({ move, value: ranks[i] ?? -Infinity }))
    .sort((a, b) => b.value - a.value)
    .slice(0, budget.candidates)
    .map((c) => c.move);
  const first = candidates[0] as Move;
  const hidden = history && view.phase === 'playing' ? hiddenTiles(variant, view, history) : null;
  if (candidates.length === 1 || !history || !hidden) return first;
  const knowledge = readHistory(variant, history);
  const plays = knowledge.plays;
  const recent = Math.min(budget.recentPlays, plays.length);
  const worlds: { log: number; values: number[] }[] = [];
  for (let w = 0; w < budget.worlds; w++) {
    const world = fillHidden(view, hidden, knowledge, rng, 4);
    const values = candidates.map((move) => {
      const end = rollout(variant, h, variant.perform(world, move), budget.depth, rng);
      return h.outcome(world, end, seat);
    });
    const log = recent > 0 ? playLikelihood(variant, h, world, history, plays, recent) : 0;
    worlds.push({ log, values });
  }
  const top = Math.max(...worlds.map((w) => w.log));
  const totals = candidates.map((_, i) =>
    worlds.reduce((sum, w) => sum + Math.exp(w.log - top) * (w.values[i] ?? 0), 0),
  );
  let best = 0;
  totals.forEach((t, i) => {
    if (t > (totals[best] ?? -Infinity)) best = i;
  });
  return candidates[best] as Move;
}
