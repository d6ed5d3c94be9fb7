// Property tests for mexican-train-tournament (TT-1…TT-9) over random legal
// games, 2–8 players, through the shared invariant harness, plus TT-8 results
// and TT-9 joins between rounds.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { answerNeed, applyMove, createRng, defaultOptions, pips } from '../../src/lib/engine';
import type { BaseState, Move, Options, Variant } from '../../src/lib/engine';
import {
  joinSeat,
  mexicanTrainTournament as TT,
  places,
} from '../../src/lib/engine/variants/mexican-train';
import type { MtState } from '../../src/lib/engine/variants/mexican-train';
import { checkRandomGames } from './invariants';

/** MT-11 / TT-8: rounds add the pips left in hand; the game ranks everyone by total. */
function scoringCheck() {
  let totals: number[] = [];
  return (base: BaseState) => {
    const s = base as MtState;
    const set = TT.tileSet(s.players, s.options);
    const before = s.round === 1 ? s.scores.map(() => 0) : totals;
    const left = s.hands.map((h) => h.reduce((n, c) => n + pips(set, c.tile ?? 0), 0));
    expect(s.scores).toEqual(before.map((t, i) => t + (left[i] ?? 0)));
    if (s.phase === 'gameOver') {
      // TT-3 / TT-5: starting double + 1 rounds.
      expect(s.round).toBe(Math.min(s.options.startDouble ?? 9, s.options.set ?? 12) + 1);
      const place = places(s.scores);
      expect(s.winners).toEqual(place.flatMap((p, i) => (p === 1 ? [i] : [])));
    }
    totals = [...s.scores];
  };
}

describe('mexican-train-tournament properties', () => {
  it('TT-1…TT-8 C-5 C-7: random short games with random options, 2–8 players', () => {
    let games = 0;
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 8 }),
        fc.integer({ min: 6, max: 9 }),
        fc.integer({ min: 1, max: 8 }),
        fc.integer({ min: 0, max: 1 }),
        fc.integer({ min: 0, max: 2 ** 30 }),
        (players, set, handSize, startDouble, seed) => {
          const options: Options = { set, handSize, startDouble };
          const onRoundEnd = scoringCheck();
          games += checkRandomGames(TT, { players, options, games: 1, seed, onRoundEnd }).games;
        },
      ),
      { numRuns: 2400, seed: 20261123 },
    );
    expect(games).toBe(2400);
  });

  for (const players of [2, 3, 4, 5, 6, 7, 8]) {
    it(`TT-1 TT-3: full double-12 games from the 1-1, ${players} players`, () => {
      const options = defaultOptions(TT as unknown as Variant, players, { startDouble: 1 });
      const tally = checkRandomGames(TT, {
        players,
        options,
        games: 30,
        seed: 2000 * players,
        onRoundEnd: scoringCheck(),
      });
      expect(tally.rounds).toBe(60);
    });
  }

  it('TT-9: a player joining between rounds takes the highest total and plays on to the end', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 2, max: 7 }),
        fc.integer({ min: 0, max: 2 ** 30 }),
        (players, seed) => {
          const rng = createRng(seed);
          let s = TT.newGame(
            players,
            defaultOptions(TT as unknown as Variant, players, { startDouble: 2 }),
          );
          let joined = false;
          while (s.phase !== 'gameOver') {
            if (s.phase === 'roundOver') {
              if (!joined) {
                const highest = Math.max(...s.scores);
                s = joinSeatOk(s);
                expect(s.scores[players]).toBe(highest);
                joined = true;
              }
              s = TT.nextRound(s);
              continue;
            }
            const need = TT.need(s);
            if (need) {
              const supplied = TT.supply(s, answerNeed(s, need, rng));
              if (!supplied.ok) throw new Error(supplied.error.message);
              s = supplied.value;
              if (need.kind === 'deal') expect(TT.placedTiles(s)).toHaveLength(91);
              continue;
            }
            const legal = TT.legalMoves(s);
            const applied = applyMove(TT, s, legal[rng.int(legal.length)] as Move);
            if (!applied.ok) throw new Error(applied.error.message);
            s = applied.value.state;
          }
          expect(s.players).toBe(players + 1);
          expect(s.round).toBe(3);
          expect(s.hands).toHaveLength(players + 1);
        },
      ),
      { numRuns: 150, seed: 9 },
    );
  });
});

function joinSeatOk(s: MtState): MtState {
  const r = joinSeat(s);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}
