// What a bot knows about playing a variant well: a value for each legal move
// (the medium level), a cheap policy for rollouts, and how to score a rollout.
import type { BaseState, Move, Seat } from '../../engine';
import type { BotInput } from '../input';

export interface Heuristics<S extends BaseState = BaseState> {
  /** A value for each of `input.legal`, judged on the bot's own view; higher is better. */
  rank(input: BotInput<S>): number[];
  /** A fast, reasonable move on a full-information world (for rollouts). */
  policy(state: S, legal: readonly Move[]): Move;
  /**
   * How the round went for `seat` from `start` to `end`, higher is better; `end`
   * may be a round cut short, estimated from what the hands still hold.
   */
  outcome(start: S, end: S, seat: Seat): number;
}
