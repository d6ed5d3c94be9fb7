// What a bot is given: its own view and nothing more.
import type { BaseState, Move, PlayMove, Rng, RoundHistory, Seat, Variant } from '../engine';

export interface BotInput<S extends BaseState = BaseState> {
  readonly variant: Variant<S>;
  readonly seat: Seat;
  /** The bot's own view: other hands and the boneyard hidden. */
  readonly view: S;
  /** The legal moves of the bot's seat in that view. */
  readonly legal: readonly Move[];
  /** The bot's record of this round, for inferring hidden tiles (hard level). */
  readonly history: RoundHistory<S> | null;
  readonly rng: Rng;
}

export function isPlay(m: Move): m is PlayMove {
  return m.type === 'play';
}
