// Random engine-191 games (E-1…E-12) through the shared invariant harness, plus
// what makes every round end (see docs/readings/engine-191.md): score yards never
// shrink, hands never grow, and a move that changes neither takes a tile from
// the boneyard and discard pile; round scores are hand plus yard pips (E-12).
import { describe, expect, it } from 'vitest';
import { defaultOptions, pips } from '../../src/lib/engine';
import type { BaseState, Move } from '../../src/lib/engine';
import { engine191 } from '../../src/lib/engine/variants/engine-191';
import type { Engine191State } from '../../src/lib/engine/variants/engine-191/state';
import { checkRandomGames } from './invariants';

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const yardTiles = (s: Engine191State) => sum(s.yards.map((y) => y.length));
const handTiles = (s: Engine191State) => sum(s.hands.map((h) => h.length));
const stock = (s: Engine191State) => s.boneyard.length + s.discard.length;

/**
 * E-4, E-6, E-9, E-10, E-11: the quantities that bound every round, compared
 * between settled states (an owed E-10 draw completes the move that owed it).
 */
function progressChecker() {
  let last: Engine191State | null = null;
  const onMove = (b: BaseState, move: Move, a: BaseState): void => {
    const before = last ?? (b as Engine191State);
    const after = a as Engine191State;
    if (
      before.phase !== 'playing' ||
      after.round !== before.round ||
      after.deals !== before.deals
    ) {
      last = null;
      return;
    }
    if (after.owed !== null) {
      last = before;
      return;
    }
    last = after;
    const what = `${JSON.stringify(move)} at move ${after.moveIndex - 1}`;
    if (yardTiles(after) < yardTiles(before)) throw new Error(`a score yard shrank: ${what}`);
    if (handTiles(after) > handTiles(before)) throw new Error(`a hand grew: ${what}`);
    if (
      yardTiles(after) === yardTiles(before) &&
      handTiles(after) === handTiles(before) &&
      stock(after) > stock(before)
    ) {
      throw new Error(`boneyard and discard grew without a yard draw: ${what}`);
    }
  };
  return { onMove, reset: () => (last = null) };
}

/** E-12: each seat's round score is the pips in its hand plus its score yard. */
function roundScores(s: BaseState): void {
  const state = s as Engine191State;
  const set = engine191.tileSet(state.players, state.options);
  const expected = state.hands.map(
    (h, seat) =>
      sum(h.map((c) => pips(set, c.tile ?? 0))) +
      sum((state.yards[seat] ?? []).map((t) => pips(set, t))),
  );
  if (expected.join() !== state.scores.join()) {
    throw new Error(`round scores ${state.scores.join()} are not hand + yard ${expected.join()}`);
  }
}

const runs: readonly [players: number, options: Record<string, number>, games: number][] = [
  [2, { tokensToWin: 1 }, 600],
  [2, { tokensToWin: 1, handSize: 5 }, 700],
  [3, { tokensToWin: 1 }, 300],
  [3, { tokensToWin: 1, handSize: 6 }, 300],
  [4, { tokensToWin: 1 }, 200],
  [4, { tokensToWin: 1, handSize: 5 }, 300],
  [2, {}, 50],
  [3, {}, 30],
  [4, {}, 30],
];

describe('engine-191 random games', () => {
  for (const [players, overrides, games] of runs) {
    it(`E-1…E-12, C-7: ${games} games of ${players} players ${JSON.stringify(overrides)} keep every invariant and end`, () => {
      const options = defaultOptions(engine191, players, overrides);
      let rounds = 0;
      const progress = progressChecker();
      const tally = checkRandomGames(engine191, {
        players,
        options,
        games,
        seed: 191_000 + 1000 * players + (overrides.handSize ?? 0),
        onMove: progress.onMove,
        onRoundEnd: (s) => {
          progress.reset();
          rounds++;
          roundScores(s);
        },
      });
      expect(tally.games).toBe(games);
      expect(rounds).toBeGreaterThanOrEqual(games);
    }, 60_000);
  }
});
