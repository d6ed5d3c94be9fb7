// Seeded random boards to look at and measure (the dev page, the bench, tests):
// a game played with full information, plays preferred so trains grow.
import { answerNeed, createRng, moveSeated, seatGame, supplySeated, variantOf } from '../engine';
import type { BaseState, Move, Result, Rng, SeatedGame, VariantId } from '../engine';

export type DemoGame = SeatedGame<BaseState>;

function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const over = (s: BaseState) => s.phase === 'roundOver' || s.phase === 'gameOver';

/** Applies `move` and then answers needs and setup steps until someone must choose. */
export function demoMove(game: DemoGame, move: Move, rng: Rng): DemoGame {
  return settle(unwrap(moveSeated(variantOf(game.full.variant), game, move)), rng);
}

function settle(game: DemoGame, rng: Rng): DemoGame {
  const v = variantOf(game.full.variant);
  for (;;) {
    const need = v.need(game.full);
    if (need) game = unwrap(supplySeated(v, game, answerNeed(game.full, need, rng)));
    else {
      const auto = over(game.full) ? null : v.setupMove(game.full);
      if (!auto) return game;
      game = unwrap(moveSeated(v, game, auto));
    }
  }
}

/** A random legal move of the seat to act: a play nine times in ten when there is one. */
export function demoChoice(game: DemoGame, rng: Rng): Move | null {
  const legal = variantOf(game.full.variant).legalMoves(game.full);
  const plays = legal.filter((m) => m.type === 'play');
  const pool = plays.length > 0 && rng.next() < 0.9 ? plays : legal;
  return pool[rng.int(pool.length)] ?? null;
}

/** Plays up to `moves` moves from a fresh game, stopping before the round would end. */
export function demoRound(
  variant: VariantId,
  players: number,
  seed: number,
  moves = 60,
): { readonly game: DemoGame; readonly rng: Rng } {
  const rng = createRng(seed);
  let game = settle(seatGame(variantOf(variant), players, {}), rng);
  for (let played = 0; played < moves && !over(game.full); played++) {
    const move = demoChoice(game, rng);
    if (!move) break;
    const next = demoMove(game, move, rng);
    if (over(next.full)) break;
    game = next;
  }
  return { game, rng };
}
