// Every legal move of the seat to act, from the tiles this state knows.
// Written as plain loops: it runs before every move of a random playout.
import { knownTiles } from '../../cards';
import type { TileId, TileSet } from '../../tiles';
import type { Move, Seat, Target } from '../../types';
import { barredLine, canContinue, stock } from './checks';
import { dutyLines, matches } from './lines';
import { setOf } from './state';
import type { Engine191State } from './state';

/** E-2: every seat yet to choose may commit any tile of its hand. */
function chooseMoves(state: Engine191State): Move[] {
  const moves: Move[] = [];
  state.chosen.forEach((chosen, seat) => {
    if (chosen !== null) return;
    for (const tile of knownTiles(state.hands[seat] ?? []))
      moves.push({ seat, type: 'choose', tile });
  });
  return moves;
}

/** E-3: `tile` on every open line end it matches (from the yard once per replacing tile, E-7). */
function addPlays(
  moves: Move[],
  set: TileSet,
  seat: Seat,
  targets: readonly Target[],
  suits: readonly number[],
  tile: TileId,
  replaces: readonly TileId[] | null,
): void {
  for (let i = 0; i < targets.length; i++) {
    const target = targets[i] as Target;
    if (!matches(set, tile, suits[i] ?? -1)) continue;
    if (replaces === null) moves.push({ seat, type: 'play', tile, target });
    else
      for (const replace of replaces)
        moves.push({ seat, type: 'play', tile, target, from: 'yard', replace });
  }
}

export function legalMoves(state: Engine191State): Move[] {
  if (state.phase === 'setup') return chooseMoves(state);
  const seat = state.turn;
  if (state.phase !== 'playing' || seat === null) return [];
  // E-10: an owed draw, once the reshuffle it waits for is supplied.
  if (state.owed !== null) return state.boneyard.length > 0 ? [{ seat, type: 'draw' }] : [];
  const set = setOf(state);
  const duty = dutyLines(state, set);
  const targets: Target[] = [];
  const suits: number[] = [];
  for (let owner = 0; owner < state.players; owner++) {
    if (barredLine(state, set, seat, owner, duty.length)) continue;
    targets.push(`p${owner}`);
    suits.push(state.lines[owner]?.open ?? -1);
  }
  const moves: Move[] = [];
  const hand = knownTiles(state.hands[seat] ?? []);
  if (state.step === 'drawn') {
    if (state.drawn !== null) addPlays(moves, set, seat, targets, suits, state.drawn, hand);
    moves.push({ seat, type: 'pass' });
    return moves;
  }
  for (const tile of hand) addPlays(moves, set, seat, targets, suits, tile, null);
  for (const tile of state.yards[seat] ?? [])
    addPlays(moves, set, seat, targets, suits, tile, hand);
  if (state.step !== 'start') {
    moves.push({ seat, type: 'pass' }); // E-8
    return moves;
  }
  if ((state.lines[seat]?.tiles.length ?? 0) > 0) moves.push({ seat, type: 'removeTrack' });
  // E-5: no draw or pass while an incomplete station can be continued.
  if (duty.length === 0 || canContinue(state, set, seat) !== 'yes') {
    moves.push({ seat, type: stock(state) > 0 ? 'draw' : 'pass' });
  }
  return moves;
}
