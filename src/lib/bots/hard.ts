// Hard: determinized Monte Carlo. Sample worlds consistent with what the bot
// has seen (and, where it pays, weigh them by how well they explain the others'
// latest plays), try the medium level's best moves in every world, play on a
// few dozen moves with the variant's fast policy, score the result, and keep
// the move with the best weighted total.
import type { BaseState, Move, VariantId } from '../engine';
import type { BotInput } from './input';
import { fillHidden, hiddenTiles } from './determinize';
import { heuristicsFor } from './heuristics';
import { playLikelihood } from './inference';
import { readHistory } from './knowledge';
import { rollout } from './rollout';

export interface SearchBudget {
  /** Worlds sampled per decision. */
  readonly worlds: number;
  /** Candidate moves searched (the medium level's best ones). */
  readonly candidates: number;
  /** Moves a rollout may take before it is scored as it stands. */
  readonly depth: number;
  /** Others' latest plays that weigh each world by how well it explains them (0: none). */
  readonly recentPlays: number;
}

/**
 * Counts, not clocks: sized from `npm run bench` (hard against medium, and the
 * time per decision: tens of milliseconds, far under the 300 ms allowed).
 */
export const BUDGETS: Readonly<Record<VariantId, SearchBudget>> = {
  'mexican-train': { worlds: 80, candidates: 4, depth: 30, recentPlays: 0 },
  'mexican-train-tournament': { worlds: 80, candidates: 4, depth: 30, recentPlays: 0 },
  'derailing-the-train': { worlds: 40, candidates: 4, depth: 30, recentPlays: 0 },
  'engine-191': { worlds: 80, candidates: 6, depth: 30, recentPlays: 0 },
  railominos: { worlds: 60, candidates: 8, depth: 30, recentPlays: 6 },
};

export function hardMove<S extends BaseState>(
  input: BotInput<S>,
  budget: SearchBudget = BUDGETS[input.variant.id],
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
