// Bots playing a whole game against each other under the full rules, each
// seeing only its own view; for tournaments, benchmarks and tests.
import {
  answerNeed,
  createRng,
  moveSeated,
  nextRoundSeated,
  seatGame,
  supplySeated,
} from '../engine';
import type { BaseState, Move, Options, Rng, SeatedGame, Seat, Variant } from '../engine';
import { chooseMove } from './bot';
import type { BotInput } from './input';
import type { BotLevel } from './levels';

export function botInput<S extends BaseState>(
  variant: Variant<S>,
  game: SeatedGame<S>,
  seat: Seat,
  rng: Rng,
): BotInput<S> {
  const view = game.views[seat] as S;
  return {
    variant,
    seat,
    view,
    legal: variant.legalMoves(view),
    history: game.histories[seat] ?? null,
    rng,
  };
}

/** How a bot of a level picks its move (`chooseMove`; benchmarks wrap it to time decisions). */
export type Decider = <S extends BaseState>(level: BotLevel, input: BotInput<S>) => Move;

/** The move a bot of `level` makes for `seat`, or null when that seat is not to act. */
export function autoplay<S extends BaseState>(
  level: BotLevel,
  variant: Variant<S>,
  game: SeatedGame<S>,
  seat: Seat,
  rng: Rng,
  decide: Decider = chooseMove,
): Move | null {
  const view = game.views[seat];
  if (!view || view.turn !== seat || (view.phase !== 'playing' && view.phase !== 'setup'))
    return null;
  const auto = variant.setupMove(view);
  if (auto) return auto;
  const input = botInput(variant, game, seat, rng);
  return input.legal.length > 0 ? decide(level, input) : null;
}

export interface MatchResult {
  readonly scores: readonly number[];
  readonly winners: readonly Seat[];
  readonly rounds: number;
  readonly moves: number;
}

export function playMatch<S extends BaseState>(
  variant: Variant<S>,
  options: Options,
  levels: readonly BotLevel[],
  seed: number,
  decide: Decider = chooseMove,
): MatchResult {
  const deal = createRng(seed);
  const seats = levels.map((_, s) => createRng(seed * 31 + s + 1));
  let game = seatGame(variant, levels.length, options);
  let moves = 0;
  for (let step = 0; game.full.phase !== 'gameOver'; step++) {
    if (step > 1_000_000) throw new Error(`${variant.id}: match ${seed} does not end`);
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
    const move = autoplay(levels[seat] ?? 'easy', variant, game, seat, seats[seat] as Rng, decide);
    if (!move) throw new Error(`${variant.id}: seat ${seat} has no move`);
    game = unwrap(moveSeated(variant, game, move));
    moves++;
  }
  return { scores: game.full.scores, winners: game.full.winners, rounds: game.full.round, moves };
}

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
