// Bots are pure: the same seed plays the same game, move for move, at every level.
import { describe, expect, it } from 'vitest';
import { chooseMove, playMatch } from '../../src/lib/bots';
import type { BotInput, BotLevel } from '../../src/lib/bots';
import type { BaseState, Move } from '../../src/lib/engine';
import { SMALL_GAMES } from './small-games';

function record(levels: readonly BotLevel[], game: (typeof SMALL_GAMES)[number], seed: number) {
  const moves: Move[] = [];
  const decide = <S extends BaseState>(level: BotLevel, input: BotInput<S>): Move => {
    const move = chooseMove(level, input);
    moves.push(move);
    return move;
  };
  const result = playMatch(game.variant, game.options(levels.length), levels, seed, decide);
  return { result, moves };
}

describe.each(SMALL_GAMES)('$id', (game) => {
  it('the same seed gives the same game; another seed another', () => {
    const levels: BotLevel[] = ['hard', 'medium', 'easy'];
    const a = record(levels, game, 42);
    expect(record(levels, game, 42)).toEqual(a);
    expect(record(levels, game, 43).moves).not.toEqual(a.moves);
  });
});
