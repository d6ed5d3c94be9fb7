// Every legal move of the seat to act, from the tiles this state knows.
import { knownTiles } from '../../cards';
import type { TileId } from '../../tiles';
import type { Move, Target } from '../../types';
import { personal } from '../../types';
import { barredLine, stock } from './checks';
import { dutyLines, matches } from './lines';
import { setOf } from './state';
import type { Engine191State } from './state';
import { holds } from './verdicts';

/** E-2: every seat yet to choose may commit any tile of its hand. */
function chooseMoves(state: Engine191State): Move[] {
  return state.chosen.flatMap((chosen, seat) =>
    chosen === null
      ? knownTiles(state.hands[seat] ?? []).map((tile): Move => ({ seat, type: 'choose', tile }))
      : [],
  );
}

export function legalMoves(state: Engine191State): Move[] {
  if (state.phase === 'setup') return chooseMoves(state);
  const seat = state.turn;
  if (state.phase !== 'playing' || seat === null) return [];
  // E-10: an owed draw, once the reshuffle it waits for is supplied.
  if (state.owed !== null) return state.boneyard.length > 0 ? [{ seat, type: 'draw' }] : [];
  const set = setOf(state);
  const duty = dutyLines(state, set);
  const open: { target: Target; suit: number }[] = [];
  for (let owner = 0; owner < state.players; owner++) {
    if (barredLine(state, set, seat, owner, duty.length)) continue;
    open.push({ target: personal(owner), suit: state.lines[owner]?.open ?? -1 });
  }
  const moves: Move[] = [];
  const hand = knownTiles(state.hands[seat] ?? []);
  const plays = (tile: TileId, replaces: readonly TileId[] | null) => {
    for (const { target, suit } of open) {
      if (!matches(set, tile, suit)) continue;
      if (replaces === null) moves.push({ seat, type: 'play', tile, target });
      else
        for (const replace of replaces) {
          moves.push({ seat, type: 'play', tile, target, from: 'yard', replace });
        }
    }
  };
  if (state.step === 'drawn') {
    if (state.drawn !== null) plays(state.drawn, hand);
    moves.push({ seat, type: 'pass' });
    return moves;
  }
  for (const tile of hand) plays(tile, null);
  for (const tile of state.yards[seat] ?? []) plays(tile, hand);
  if (state.step !== 'start') {
    moves.push({ seat, type: 'pass' });
    return moves;
  }
  if ((state.lines[seat]?.tiles.length ?? 0) > 0) moves.push({ seat, type: 'removeTrack' });
  // E-5: no draw or pass while an incomplete station can be continued.
  const dutySuits = duty.map((owner) => state.lines[owner]?.open ?? -1);
  const bound =
    dutySuits.length > 0 &&
    holds(state, seat, (tile) => dutySuits.some((suit) => matches(set, tile, suit))) === 'yes';
  if (!bound) moves.push({ seat, type: stock(state) > 0 ? 'draw' : 'pass' });
  return moves;
}
