// Random railominos games (R-1…R-9) through the shared invariant harness, and
// "Railominos points add up per play": every score change equals R-6 (and R-8 at
// a round's end), recomputed here from the layout without the engine's scoring.
import { describe, expect, it } from 'vitest';
import { tileDef } from '../../src/lib/engine';
import type { BaseState, Move, TileId } from '../../src/lib/engine';
import { railominos } from '../../src/lib/engine/variants/railominos';
import type { Line, RailominosState } from '../../src/lib/engine/variants/railominos';
import { checkRandomGames } from './invariants';

const SET = railominos.tileSet(2, {});
const isFrisco = (t: TileId) => tileDef(SET, t).wild;
const isDouble = (t: TileId) => !isFrisco(t) && tileDef(SET, t).hi === tileDef(SET, t).lo;

/** The railroad open at the end of a line, walking out from the leader's half. */
function endRailroad(line: Line, start: number): number {
  let suit = start;
  for (const t of line.tiles) {
    if (isFrisco(t)) continue;
    const { hi, lo } = tileDef(SET, t);
    if (hi !== suit && lo !== suit) throw new Error(`piece ${t} does not match railroad ${suit}`);
    suit = hi === suit ? lo : hi;
  }
  return suit;
}

/**
 * Follows the open doubles as the sheet describes them (a double is open from
 * when it is laid until a piece goes on it) and checks each move's score changes.
 */
function pointsChecker() {
  let open = new Set<TileId>();
  return (b: BaseState, move: Move, a: BaseState): void => {
    const before = b as RailominosState;
    const after = a as RailominosState;
    const layout = after.layout;
    if (!layout) throw new Error('a move without a layout');
    if (before.moveIndex === 0)
      open = new Set(isDouble(layout.leader.tile) ? [layout.leader.tile] : []);
    const over = after.phase === 'roundOver' || after.phase === 'gameOver';
    const left = after.hands.map((h) => h.length);
    let expected: number[];
    if (move.type === 'play' && (move.target === 'west' || move.target === 'east')) {
      const line = before.layout?.[move.target].tiles ?? [];
      open.delete(line[line.length - 1] ?? layout.leader.tile);
      if (isDouble(move.tile)) open.add(move.tile);
      const matched =
        endRailroad(layout.west, layout.leader.west) ===
        endRailroad(layout.east, layout.leader.east);
      // R-6, plus R-8's point for going out.
      const gain =
        2 * open.size + (matched ? 2 : 0) + (isFrisco(move.tile) ? 1 : 0) + (over ? 1 : 0);
      expected = left.map((k, s) => (s === move.seat ? gain : over ? -k : 0));
    } else {
      // a pass that blocks the round costs everyone 1 per piece.
      expected = left.map((k) => (over ? -k : 0));
    }
    const actual = after.scores.map((score, s) => score - (before.scores[s] ?? 0));
    if (actual.join() !== expected.join()) {
      throw new Error(
        `score changes ${actual.join()} for ${JSON.stringify(move)}; R-6/R-8 give ${expected.join()}`,
      );
    }
  };
}

describe('railominos random games', () => {
  const runs: [players: number, games: number][] = [
    [2, 1000],
    [3, 900],
    [4, 800],
    [5, 700],
  ];
  for (const [players, games] of runs) {
    it(`R-1…R-9, C-5, C-6, C-7: ${games} random ${players}-player games keep every invariant, and Railominos points add up per play (R-6, R-8)`, () => {
      const tally = checkRandomGames(railominos, {
        players,
        options: {},
        games,
        seed: 7_000 * players,
        onMove: pointsChecker(),
      });
      expect(tally.games).toBe(games);
      expect(tally.rounds).toBe(3 * games);
    });
  }
});
