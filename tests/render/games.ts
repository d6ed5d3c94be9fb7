// Realistic board states for the layout tests: a seeded random game played with
// full information to mid-round, seen from one seat.
import {
  answerNeed,
  createRng,
  moveSeated,
  seatGame,
  supplySeated,
  variantOf,
} from '../../src/lib/engine';
import type { BaseState, Move, SeatedGame, VariantId } from '../../src/lib/engine';

export interface MidRound {
  readonly full: BaseState;
  readonly views: readonly BaseState[];
  /** The legal moves of the seat to act, on its own view. */
  readonly legal: readonly Move[];
}

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const ended = (s: BaseState) => s.phase === 'roundOver' || s.phase === 'gameOver';

/** Plays up to `moves` moves (plays preferred, so trains grow), stopping before the round ends. */
export function midRound(variant: VariantId, players: number, seed: number, moves = 60): MidRound {
  const v = variantOf(variant);
  const rng = createRng(seed);
  let game: SeatedGame<BaseState> = seatGame(v, players, {});
  for (let played = 0; played < moves;) {
    const need = v.need(game.full);
    if (need) {
      game = unwrap(supplySeated(v, game, answerNeed(game.full, need, rng)));
      continue;
    }
    if (ended(game.full)) break;
    const legal = v.legalMoves(game.full);
    const plays = legal.filter((m) => m.type === 'play');
    const pool = plays.length > 0 && rng.next() < 0.9 ? plays : legal;
    const move = v.setupMove(game.full) ?? pool[rng.int(pool.length)];
    if (!move) break;
    const next = unwrap(moveSeated(v, game, move));
    if (ended(next.full)) break;
    game = next;
    if (game.full.phase === 'playing') played++;
  }
  const turn = game.full.turn;
  const legal = turn === null ? [] : v.legalMoves(game.views[turn] ?? game.full);
  return { full: game.full, views: game.views, legal };
}
