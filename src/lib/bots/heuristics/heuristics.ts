// What a bot knows about playing a variant well: how good a position looks for
// a seat, and a cheap policy for rollouts.
import type { BaseState, Move, Rng, Seat } from '../../engine';

export interface Heuristics<S extends BaseState = BaseState> {
  /** How promising `state` (right after `move`) looks for `seat`; higher is better. */
  evaluate(state: S, seat: Seat, move: Move, before: S): number;
  /** A fast, reasonable move for rollouts (full information). */
  rollout(state: S, legal: readonly Move[], rng: Rng): Move;
  /** The round's result for `seat` against the others, higher is better (from `start` to `end`). */
  outcome(start: S, end: S, seat: Seat): number;
}
