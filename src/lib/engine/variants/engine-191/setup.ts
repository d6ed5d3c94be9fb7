// E-2: every seat commits a tile; the lowest double revealed is the main station
// and its owner starts; with no double the round is dealt again.
import { indexOfTile, takeFromHand } from '../../cards';
import { tileDef } from '../../tiles';
import type { TileId } from '../../tiles';
import type { Verdict } from '../../variant';
import type { Move, Seat } from '../../types';
import { isStation } from './lines';
import { setOf } from './state';
import type { Engine191State } from './state';
import { OK, illegal } from './verdicts';

type Choose = Extract<Move, { type: 'choose' }>;

export function validateChoose(state: Engine191State, move: Choose): Verdict {
  if (state.chosen[move.seat] !== null) return illegal('E-2', 'this seat has already committed');
  if (indexOfTile(state.hands[move.seat] ?? [], move.tile) < 0) {
    return illegal('E-2', 'the committed tile must come from your hand');
  }
  return OK;
}

export function performChoose(state: Engine191State, move: Choose): Engine191State {
  const chosen = state.chosen.map((t, s) => (s === move.seat ? move.tile : t));
  const waiting = chosen.indexOf(null);
  if (waiting >= 0) return { ...state, chosen, turn: waiting };
  const set = setOf(state);
  let lowest: { seat: Seat; tile: TileId } | null = null;
  for (const [seat, tile] of chosen.entries()) {
    // Double ids grow with their suit.
    if (tile !== null && isStation(set, tile) && (!lowest || tile < lowest.tile)) {
      lowest = { seat, tile };
    }
  }
  // E-2: no double revealed: the round is dealt again (need() asks for the deal).
  if (!lowest) return { ...state, chosen, phase: 'deal', turn: null };
  const { seat, tile } = lowest;
  // The other revealed tiles never left their hands; the station leaves its owner's.
  const taken = takeFromHand(state, seat, tile) ?? state;
  const suit = tileDef(set, tile).hi;
  return {
    ...taken,
    chosen,
    station: tile,
    lines: state.lines.map(() => ({ tiles: [], open: suit, exposed: false })),
    phase: 'playing',
    turn: seat,
    step: 'start',
  };
}
