// What a bot knows about playing a variant well: a value for each legal move
// (the medium level), a cheap policy for rollouts, and how to score a rollout.
import type { BaseState, Move, Seat } from '../../engine';
import type { BotInput } from '../input';

export interface Heuristics<S extends BaseState = BaseState> {
  /** A value for each of `input.legal`, judged on the bot's own view; higher is better. */
  rank(input: BotInput<S>): number[];
  /**
   * The fast policy for full-information worlds: a score for each move of the
   * seat to act in `state`. Rollouts play the best-scored move; inference reads
   * how likely a player's actual move was.
   */
  policy(state: S): (move: Move) => number;
  /** How sharply players are taken to prefer better-scored moves (per point of `policy`). */
  readonly sharpness: number;
  /**
   * How the round went for `seat` from `start` to `end`, higher is better; `end`
   * may be a round cut short, estimated from what the hands still hold.
   */
  outcome(start: S, end: S, seat: Seat): number;
}
