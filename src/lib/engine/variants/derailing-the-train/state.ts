// Derailing the Train: the state of a game and the small facts read off it.
import { doubleN, tileDef } from '../../tiles';
import type { TileId, TileSet } from '../../tiles';
import type { BaseState } from '../../variant';
import type { Seat, Target } from '../../types';

export interface Train {
  /** From the platform outward. */
  readonly tiles: readonly TileId[];
  /** The suit a tile must match at the far end. */
  readonly open: number;
  /** DT-6, DT-7: a marked personal train is public. Never set on the community train (DT-5). */
  readonly marker: boolean;
}

export interface DtState extends BaseState {
  readonly variant: 'derailing-the-train';
  /** DT-2: doubles used as platforms so far, the current one included, in order. */
  readonly used: readonly TileId[];
  /** DT-2: this platform's double, null until it is laid. */
  readonly platform: TileId | null;
  /** DT-2 call-down: the double being called; null during the simultaneous draws or after setup. */
  readonly called: TileId | null;
  /** DT-4: personal trains by seat (empty until the platform is laid). */
  readonly trains: readonly Train[];
  /** DT-5: the community train, null until begun. */
  readonly community: Train | null;
  /** C-5, DT-6: the deck position drawn this turn, null if none. */
  readonly drawn: number | null;
  /** DT-8: the train the seat to act has just derailed, while it may still put it back on track. */
  readonly derailing: Target | null;
  /** C-7: passes in a row made with nothing left to draw. */
  readonly passes: number;
}

export function tileSetOf(state: DtState): TileSet {
  return doubleN(state.options.set ?? 9);
}

export function platformSuit(set: TileSet, state: DtState): number {
  return state.platform === null ? -1 : tileDef(set, state.platform).hi;
}

/** C-3: play passes to the left; the new turn has drawn nothing and derailed nothing. */
export function nextTurn(state: DtState, seat: Seat): DtState {
  return { ...state, turn: (seat + 1) % state.players, drawn: null, derailing: null };
}
