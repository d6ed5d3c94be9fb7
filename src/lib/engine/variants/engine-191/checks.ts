// Whether a move of the seat to act is legal while playing (E-4 … E-10).
import { indexOfTile } from '../../cards';
import type { Maybe } from '../../cards';
import type { TileId, TileSet } from '../../tiles';
import type { Verdict } from '../../variant';
import type { PlayMove, Seat } from '../../types';
import { ownerOf } from '../../types';
import { dutyLines, isIncomplete, matches } from './lines';
import type { Engine191State } from './state';
import { OK, duty, holds, illegal } from './verdicts';

/** Tiles left to draw: the boneyard, and the discard pile behind it (E-10). */
export function stock(state: Engine191State): number {
  return state.boneyard.length + state.discard.length;
}

/**
 * Why a play on `owner`'s line is barred whatever the tile, or null:
 * E-5 (an incomplete station must be continued first) and E-6 (no play on an
 * opponent's line with nothing left to draw, except completing a station).
 */
export function barredLine(
  state: Engine191State,
  set: TileSet,
  seat: Seat,
  owner: Seat,
  dutyCount: number,
): Verdict | null {
  const line = state.lines[owner];
  if (!line) return illegal('E-3', `there is no line p${owner}`);
  const incomplete = isIncomplete(set, line);
  if (dutyCount > 0 && !incomplete) {
    return illegal('E-5', 'an incomplete station must be continued: no play elsewhere');
  }
  if (owner !== seat && !incomplete && stock(state) === 0) {
    return illegal('E-6', "with boneyard and discard empty, no play on an opponent's line");
  }
  return null;
}

export function validatePlay(state: Engine191State, set: TileSet, move: PlayMove): Verdict {
  const hand = state.hands[move.seat] ?? [];
  if (move.from === 'yard') {
    if (!(state.yards[move.seat] ?? []).includes(move.tile)) {
      return illegal('E-7', 'that tile is not in your score yard');
    }
    if (move.replace === undefined || indexOfTile(hand, move.replace) < 0) {
      return illegal('E-7', 'a tile played from the score yard is replaced from your hand');
    }
  } else if (indexOfTile(hand, move.tile) < 0) {
    return illegal('E-6', 'that tile is not in your hand');
  }
  if (state.step === 'drawn' && (move.from !== 'yard' || move.tile !== state.drawn)) {
    return illegal('E-9', 'after drawing, only the drawn tile may be played');
  }
  const owner = ownerOf(move.target);
  if (owner === null) return illegal('E-3', 'engine 191 has only the players’ lines');
  const barred = barredLine(state, set, move.seat, owner, dutyLines(state, set).length);
  if (barred) return barred;
  const line = state.lines[owner];
  if (!line || !matches(set, move.tile, line.open)) {
    return illegal('E-3', 'the tile does not match the end of that line');
  }
  return OK;
}

/** E-5: whether the seat holds a tile continuing an incomplete station that binds it. */
export function canContinue(state: Engine191State, set: TileSet, seat: Seat): Maybe {
  const open = dutyLines(state, set).map((owner) => state.lines[owner]?.open ?? -1);
  if (open.length === 0) return 'no';
  return holds(state, seat, (tile: TileId) => open.some((suit) => matches(set, tile, suit)));
}

/** E-5: at the start of a turn, no draw or pass while an incomplete station can be continued. */
function mustContinue(state: Engine191State, set: TileSet, seat: Seat): Verdict {
  const can = canContinue(state, set, seat);
  return duty(can, 'E-5', 'an incomplete station must be continued while you can');
}

/** A face-up draw needs the top card known (disclosed to all before the move). */
function topKnown(state: Engine191State): Verdict | null {
  const top = state.boneyard[0];
  return top && top.tile === null
    ? illegal(null, 'the boneyard top is not revealed', 'UNKNOWN_CARD')
    : null;
}

export function validateDraw(state: Engine191State, set: TileSet, seat: Seat): Verdict {
  if (state.owed !== null) {
    if (state.boneyard.length === 0) return illegal('E-10', 'the discard pile is reshuffled first');
    return state.owed === 'yard' ? (topKnown(state) ?? OK) : OK;
  }
  if (state.step === 'station') return illegal('E-8', 'after a station, play on or pass');
  if (state.step === 'drawn')
    return illegal('E-9', 'one draw per turn: play the drawn tile or pass');
  if (stock(state) === 0) return illegal('E-9', 'nothing is left to draw: pass');
  return topKnown(state) ?? mustContinue(state, set, seat);
}

export function validatePass(state: Engine191State, set: TileSet, seat: Seat): Verdict {
  if (state.step !== 'start') return OK; // E-8, E-9
  if (stock(state) > 0) {
    return illegal('E-9', 'a player who will not play draws to the score yard');
  }
  return mustContinue(state, set, seat);
}

export function validateRemove(state: Engine191State, seat: Seat): Verdict {
  if (state.step !== 'start') return illegal('E-4', 'track is removed only at the start of a turn');
  if ((state.lines[seat]?.tiles.length ?? 0) === 0) {
    return illegal('E-4', 'nothing to remove: never past the main station');
  }
  return topKnown(state) ?? OK;
}
