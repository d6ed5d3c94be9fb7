// Realistic board states for the layout tests: a seeded random game played with
// full information to mid-round, seen from every seat.
import { variantOf } from '../../src/lib/engine';
import type { BaseState, Move, VariantId } from '../../src/lib/engine';
import { demoRound } from '../../src/lib/render/demo';

export interface MidRound {
  readonly full: BaseState;
  readonly views: readonly BaseState[];
  /** The legal moves of the seat to act, on its own view. */
  readonly legal: readonly Move[];
}

export function midRound(variant: VariantId, players: number, seed: number, moves = 60): MidRound {
  const { game } = demoRound(variant, players, seed, moves);
  const turn = game.full.turn;
  const legal = turn === null ? [] : variantOf(variant).legalMoves(game.views[turn] ?? game.full);
  return { full: game.full, views: game.views, legal };
}
