// Property tests under the house rules (docs/rules.md H-1…H-4), random on/off
// combinations over random short games, through the shared invariant harness:
// tile conservation, termination, legal moves accepted, illegal ones refused
// with a rule, replay, views agreeing with the full game (H-2's automatic
// endTurn included), honest rounds passing the audit — and MT-11 scoring with
// H-1's double blank.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { doubleOf, pips } from '../../src/lib/engine';
import type { BaseState, Options } from '../../src/lib/engine';
import { derailingTheTrain } from '../../src/lib/engine/variants/derailing-the-train';
import { mexicanTrain, mexicanTrainTournament } from '../../src/lib/engine/variants/mexican-train';
import type { MtState } from '../../src/lib/engine/variants/mexican-train';
import { checkRandomGames } from './invariants';

/** MT-11 with H-1: every round adds the pips left, a double blank counting blankScore. */
function scoringCheck() {
  let totals: number[] = [];
  return (base: BaseState) => {
    const s = base as MtState;
    const set = mexicanTrain.tileSet(s.players, s.options);
    const blank = s.options.blankScore ?? 0;
    const before = s.round === 1 || totals.length !== s.players ? s.scores.map(() => 0) : totals;
    const left = s.hands.map((h) =>
      h.reduce((n, c) => n + (c.tile === doubleOf(0) ? blank : pips(set, c.tile ?? 0)), 0),
    );
    if (s.round === 1) expect(s.scores).toEqual(left);
    else expect(s.scores).toEqual(before.map((t, i) => t + (left[i] ?? 0)));
    totals = [...s.scores];
  };
}

const onOff = fc.integer({ min: 0, max: 1 });
const blank = fc.constantFrom(0, 0, 25, 50);

describe('house rules properties', () => {
  it('H-1 H-2 H-3 H-4 mexican-train: random combinations, random short games, 2–8 players', () => {
    let games = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 6, max: 9 }),
        fc.integer({ min: 1, max: 8 }),
        fc.record({
          blankScore: blank,
          openingRun: onOff,
          drawUntilPlay: onOff,
          mexicanFirst: onOff,
        }),
        fc.integer({ min: 0, max: 2 ** 30 }),
        (players, set, handSize, house, seed) => {
          const options: Options = { set, handSize, rounds: 2, ...house };
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
      { numRuns: 600, seed: 20261126 },
    );
    expect(games).toBe(600);
  }, 600_000);

  it('H-1 H-3 mexican-train-tournament: random combinations, random short games', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 1, max: 8 }),
        fc.record({ blankScore: blank, drawUntilPlay: onOff }),
        fc.integer({ min: 0, max: 2 ** 30 }),
        (players, handSize, house, seed) => {
          const options: Options = { set: 6, handSize, startDouble: 2, ...house };
          const onRoundEnd = scoringCheck();
          checkRandomGames(mexicanTrainTournament, {
            players,
            options,
            games: 1,
            seed,
            onRoundEnd,
          });
        },
      ),
      { numRuns: 300, seed: 20261127 },
    );
  }, 600_000);

  it('H-3 derailing-the-train: draw until play on and off, random short games', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 6 }),
        fc.integer({ min: 4, max: 6 }),
        fc.integer({ min: 2, max: 5 }),
        onOff,
        fc.integer({ min: 0, max: 2 ** 30 }),
        (players, set, handSize, drawUntilPlay, seed) => {
          const options: Options = { set, handSize, drawUntilPlay };
          checkRandomGames(derailingTheTrain, { players, options, games: 1, seed });
        },
      ),
      { numRuns: 200, seed: 20261128 },
    );
  }, 600_000);
});
