// Every level plays only moves its view lists as legal, in every variant, at
// two and three players, over whole games from several seeds (the engine
// rejecting a move would also stop the match).
import { describe, expect, it } from 'vitest';
import { chooseMove, playMatch } from '../../src/lib/bots';
import type { BotInput, BotLevel } from '../../src/lib/bots';
import type { BaseState, Move } from '../../src/lib/engine';
import { SMALL_GAMES } from './small-games';

const LINEUPS: readonly (readonly BotLevel[])[] = [
  ['easy', 'medium'],
  ['hard', 'easy'],
  ['medium', 'hard', 'easy'],
];

function checked<S extends BaseState>(level: BotLevel, input: BotInput<S>): Move {
  const move = chooseMove(level, input);
  expect(input.legal).toContainEqual(move);
  return move;
}

describe.each(SMALL_GAMES)('$id', ({ variant, options }) => {
  it('easy, medium and hard choose legal moves over whole games', () => {
    for (const [i, levels] of LINEUPS.entries()) {
      for (const seed of [11 + i, 23 + i]) {
        const result = playMatch(variant, options(levels.length), levels, seed, checked);
        expect(result.scores).toHaveLength(levels.length);
        expect(result.winners.length).toBeGreaterThan(0);
      }
    }
  });
});
