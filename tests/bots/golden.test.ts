// The bots play exactly as before the heuristics used the engine's helpers:
// seeded games recorded then (fixtures/golden-moves.json) are replayed move for move.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { goldenGames } from './golden-games';

const recorded = JSON.parse(
  readFileSync(new URL('./fixtures/golden-moves.json', import.meta.url), 'utf8'),
) as Record<string, string[]>;

describe('bots play as recorded', () => {
  it('the same seeded games give the same moves, at every level and variant', () => {
    const games = goldenGames();
    expect(Object.keys(games)).toEqual(Object.keys(recorded));
    for (const [key, moves] of Object.entries(recorded)) expect(games[key], key).toEqual(moves);
  }, 120_000);
});
