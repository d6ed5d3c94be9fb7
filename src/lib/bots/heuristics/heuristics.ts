// What a bot knows about playing a variant well: a value for each legal move
// (the medium level), a cheap policy for rollouts, and how to score a rollout.
import type { BaseState, Move, Seat } from '../../engine';
import type { BotInput } from '../input';

/** How far the hard level searches (`hard.ts`), per variant. */
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
