// Decision points of real games, for tests that look at single decisions: a
// seated game (full state, every seat's view and history) whose seat to act
// must choose, reached by medium bots playing from a seed.
import { autoplay } from '../../src/lib/bots';
import {
  answerNeed,
  createRng,
  moveSeated,
  nextRoundSeated,
  seatGame,
  supplySeated,
} from '../../src/lib/engine';
import type { BaseState, Options, Result, SeatedGame, Seat, Variant } from '../../src/lib/engine';

export interface Position {
  readonly game: SeatedGame<BaseState>;
  readonly seat: Seat;
}

function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Every `every`-th decision with a choice (two or more legal moves) of one game. */
export function decisionPoints(
  variant: Variant,
  options: Options,
  players: number,
  seed: number,
  every = 1,
): Position[] {
  const deal = createRng(seed);
  const rng = createRng(seed + 1);
  let game = seatGame(variant, players, options);
  const out: Position[] = [];
  let choices = 0;
  while (game.full.phase !== 'gameOver') {
    if (game.full.phase === 'roundOver') {
      game = nextRoundSeated(variant, game);
      continue;
    }
    const need = variant.need(game.full);
    if (need) {
      game = unwrap(supplySeated(variant, game, answerNeed(game.full, need, deal)));
      continue;
    }
    const seat = game.full.turn as Seat;
    const view = game.views[seat] as BaseState;
    if (!variant.setupMove(view) && variant.legalMoves(view).length > 1) {
      if (choices++ % every === 0) out.push({ game, seat });
    }
    const move = autoplay('medium', variant, game, seat, rng);
    if (!move) throw new Error(`seat ${seat} has no move`);
    game = unwrap(moveSeated(variant, game, move));
  }
  return out;
}
