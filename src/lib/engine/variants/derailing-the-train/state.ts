// Derailing the Train: the state of a game and the small facts read off it.
import { doubleN, tileDef } from '../../tiles';
import type { TileId, TileSet } from '../../tiles';
import type { BaseState } from '../../variant';
import { ownerOf } from '../../types';
import type { Seat, Target } from '../../types';

export interface Train {
  /** From the platform outward. */
  readonly tiles: readonly TileId[];
  /** The suit a tile must match at the far end. */
  readonly open: number;
  /** DT-6, DT-7: a marked personal train is public. Never set on the community train (DT-5). */
  readonly marker: boolean;
  /** DT-7, DT-8: its last tile is a derailer (only derailers are doubles on trains). */
  readonly derailed: boolean;
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

/** The train at `target` (a personal one, or the community train once begun), or null. */
export function trainAt(state: DtState, target: Target): Train | null {
  if (target === 'community') return state.community;
  return state.trains[ownerOf(target) ?? -1] ?? null;
}

/** The suit a tile must match at `target`: the platform's for a community train not yet begun. */
export function openAt(set: TileSet, state: DtState, target: Target): number {
  return trainAt(state, target)?.open ?? platformSuit(set, state);
}

/** What a step changes in the state (a fresh object the step may still fill in). */
export type Changes = {
  -readonly [K in Exclude<keyof DtState, 'variant' | 'players' | 'options'>]?: DtState[K];
};

/**
 * The state with `c` applied. Every state after the first is built here, in one
 * field order, which keeps the per-move copy cheap.
 */
export function update(state: DtState, c: Changes): DtState {
  return {
    variant: state.variant,
    players: state.players,
    options: state.options,
    round: c.round ?? state.round,
    phase: c.phase ?? state.phase,
    turn: c.turn !== undefined ? c.turn : state.turn,
    hands: c.hands ?? state.hands,
    boneyard: c.boneyard ?? state.boneyard,
    scores: c.scores ?? state.scores,
    moveIndex: c.moveIndex ?? state.moveIndex,
    winners: c.winners ?? state.winners,
    used: c.used ?? state.used,
    platform: c.platform !== undefined ? c.platform : state.platform,
    called: c.called !== undefined ? c.called : state.called,
    trains: c.trains ?? state.trains,
    community: c.community !== undefined ? c.community : state.community,
    drawn: c.drawn !== undefined ? c.drawn : state.drawn,
    derailing: c.derailing !== undefined ? c.derailing : state.derailing,
    passes: c.passes ?? state.passes,
  };
}

/** C-3: play passes to the left; the new turn has drawn nothing and derailed nothing. */
export function nextTurn(state: DtState, seat: Seat): Changes {
  return { turn: (seat + 1) % state.players, drawn: null, derailing: null };
}
