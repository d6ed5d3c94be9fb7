// Playing a sampled world on to the end of the round with a fast policy.
import { answerNeed } from '../engine';
import type { BaseState, Rng, Variant } from '../engine';
import type { Heuristics } from './heuristics';
import { argmax } from './heuristics/common';

/** Plays on with full information until the round ends or `depth` moves are made. */
export function rollout<S extends BaseState>(
  variant: Variant<S>,
  h: Heuristics<S>,
  start: S,
  depth: number,
  rng: Rng,
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
    const auto = variant.setupMove(state);
    const legal = auto ? [] : variant.legalMoves(state);
    const move = auto ?? (legal.length > 0 ? argmax(legal, h.policy(state)) : null);
    if (!move) return state;
    state = variant.perform(state, move);
  }
  return state;
}
