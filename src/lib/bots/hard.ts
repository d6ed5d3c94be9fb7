// Hard: determinized Monte Carlo. Sample worlds consistent with what the bot
// has seen, try each promising move in every world, play the round out with a
// fast policy, and keep the move with the best average result.
import { answerNeed } from '../engine';
import type { BaseState, Move, Rng, Seat, Variant } from '../engine';
import type { BotInput } from './input';
import { sampleWorld } from './determinize';
import { heuristicsFor } from './heuristics';
import type { Heuristics } from './heuristics';
import { mediumMove } from './medium';

export interface SearchBudget {
  /** Worlds sampled per decision. */
  readonly worlds: number;
  /** Candidate moves searched (the medium level's best ones). */
  readonly candidates: number;
  /** Moves a rollout may take before it is scored as it stands. */
  readonly depth: number;
}

/** Sized so a decision takes well under 300 ms on a 2-core machine (see `npm run bench`). */
export const DEFAULT_BUDGET: SearchBudget = { worlds: 12, candidates: 6, depth: 120 };

export function hardMove<S extends BaseState>(input: BotInput<S>, budget = DEFAULT_BUDGET): Move {
  const { variant, view, seat, legal, history, rng } = input;
  if (legal.length <= 1 || !history) return mediumMove(input);
  const h = heuristicsFor(variant);
  const candidates = shortlist(input, h, budget.candidates);
  if (candidates.length === 1) return candidates[0] as Move;
  const totals = candidates.map(() => 0);
  let worlds = 0;
  for (let w = 0; w < budget.worlds; w++) {
    const world = sampleWorld(variant, history, rng);
    if (!world || world.turn !== view.turn) continue;
    worlds++;
    candidates.forEach((move, i) => {
      const end = rollout(variant, h, variant.perform(world, move), rng, budget.depth);
      totals[i] =
        (totals[i] ?? 0) + h.outcome(world, end, seat) + endBias(h, end, seat, move, world);
    });
  }
  if (worlds === 0) return mediumMove(input);
  let best = 0;
  totals.forEach((t, i) => {
    if (t > (totals[best] ?? -Infinity)) best = i;
  });
  return candidates[best] as Move;
}

/** A rollout cut short is scored by the heuristic as well, lightly. */
function endBias<S extends BaseState>(
  h: Heuristics<S>,
  end: S,
  seat: Seat,
  move: Move,
  world: S,
): number {
  return end.phase === 'playing' || end.phase === 'setup'
    ? h.evaluate(end, seat, move, world) / 10
    : 0;
}

function shortlist<S extends BaseState>(input: BotInput<S>, h: Heuristics<S>, n: number): Move[] {
  const { variant, view, seat, legal } = input;
  return legal
    .map((move) => ({ move, value: h.evaluate(variant.perform(view, move), seat, move, view) }))
    .sort((a, b) => b.value - a.value)
    .slice(0, n)
    .map((x) => x.move);
}

/** Plays on with full information until the round ends or `depth` moves are made. */
function rollout<S extends BaseState>(
  variant: Variant<S>,
  h: Heuristics<S>,
  start: S,
  rng: Rng,
  depth: number,
): S {
  let state = start;
  for (let i = 0; i < depth; i++) {
    if (state.phase !== 'playing' && state.phase !== 'setup') return state;
    const need = variant.need(state);
    if (need) {
      const r = variant.supply(state, answerNeed(state, need, rng));
      if (!r.ok) return state;
      state = r.value;
      continue;
    }
    const legal = variant.legalMoves(state);
    const move =
      variant.setupMove(state) ?? (legal.length > 0 ? h.rollout(state, legal, rng) : null);
    if (!move) return state;
    state = variant.perform(state, move);
  }
  return state;
}
