// Property tests for mexican-train (MT-1…MT-11) over random legal games,
// 2–8 players, through the shared invariant harness: tile conservation,
// termination, legal moves accepted, illegal ones refused with a rule, replay,
// views agreeing with the full game, honest rounds passing the audit — plus
// MT-11 scoring (round scores are the pips left; the lowest total wins).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultOptions, pips } from '../../src/lib/engine';
import type { BaseState, Options, Variant } from '../../src/lib/engine';
import { mexicanTrain } from '../../src/lib/engine/variants/mexican-train';
import type { MtState } from '../../src/lib/engine/variants/mexican-train';
import { checkRandomGames } from './invariants';

/** MT-11: every round adds exactly the pips left in each hand; the lowest total wins. */
function scoringCheck() {
  let totals: number[] = [];
  return (base: BaseState) => {
    const s = base as MtState;
    const set = mexicanTrain.tileSet(s.players, s.options);
    const before = s.round === 1 ? s.scores.map(() => 0) : totals;
    const left = s.hands.map((h) => h.reduce((n, c) => n + pips(set, c.tile ?? 0), 0));
    expect(s.scores).toEqual(before.map((t, i) => t + (left[i] ?? 0)));
    if (s.phase === 'gameOver') {
      const best = Math.min(...s.scores);
      expect(s.winners).toEqual(s.scores.flatMap((t, i) => (t === best ? [i] : [])));
    }
    totals = [...s.scores];
  };
}

describe('mexican-train properties', () => {
  it('MT-1…MT-11 C-5 C-7: random short games with random options, 2–8 players', () => {
    let games = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 6, max: 9 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 1, max: 2 }),
        fc.integer({ min: 0, max: 2 ** 30 }),
        (players, set, handSize, rounds, seed) => {
          const options: Options = { set, handSize, rounds };
          const onRoundEnd = scoringCheck();
          games += checkRandomGames(mexicanTrain, {
            players,
            options,
            games: 1,
            seed,
            onRoundEnd,
          }).games;
        },
      ),
      { numRuns: 2400, seed: 20261122 },
    );
    expect(games).toBe(2400);
  });

  for (const players of [2, 3, 4, 5, 6, 7, 8]) {
    it(`MT-1 MT-2 MT-11: full double-12 games of 2 rounds, ${players} players`, () => {
      const options = defaultOptions(mexicanTrain as unknown as Variant, players, { rounds: 2 });
      const tally = checkRandomGames(mexicanTrain, {
        players,
        options,
        games: 30,
        seed: 1000 * players,
        onRoundEnd: scoringCheck(),
      });
      expect(tally.rounds).toBe(60);
    });
  }
});
