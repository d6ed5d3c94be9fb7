// The state of a Mexican Train game (both rule sets): the hub's engine, one
// personal train per seat, the Mexican Train, unsatisfied doubles, and where
// the current turn stands.
import type { TileId } from '../../tiles';
import type { BaseState } from '../../variant';
import type { BySeat, Seat, Target } from '../../types';

export interface Train {
  readonly tiles: readonly TileId[];
  /** The suit a tile must match at the end; the engine's suit while empty (-1 before the engine). */
  readonly open: number;
  /** MT-9: while set, anyone may play on this train. */
  readonly marker: boolean;
}

/** A double laid crosswise and not yet satisfied (MT-6, MT-7, TT-6). */
export interface PendingDouble {
  readonly tile: TileId;
  readonly target: Target;
}

/**
 * The round's opening while phase is `setup`:
 * - `callDown` (MT-2): double `suit` is called; seat `turn` answers, `asked` seats have answered;
 * - `drawOff` (MT-2): nobody held a double; seat `turn` draws (`drawn` null) then declares;
 * - `firstPlayer` (TT-2): waiting for the protocol's first-player draw.
 */
export type Opening =
  | { readonly kind: 'callDown'; readonly suit: number; readonly asked: number }
  | { readonly kind: 'drawOff'; readonly drawn: number | null }
  | { readonly kind: 'firstPlayer' };

/** Where the current turn stands. */
export interface TurnStep {
  /** C-5: the deck position drawn since the last play; only it may be played now. */
  readonly drawn: number | null;
  /** The player laid a double this turn: MT-6 (satisfy it) or TT-5 (owe one more tile). */
  readonly laid: boolean;
  /**
   * H-2: tiles laid so far in the player's opening run on their own train; absent
   * outside a run (and always without the house rule).
   */
  readonly run?: number;
}

export interface MtState extends BaseState {
  readonly variant: 'mexican-train' | 'mexican-train-tournament';
  /** The double on the hub (MT-2, TT-3), null until laid. */
  readonly engine: TileId | null;
  /** Every seat's personal train (`p0`…), empty until begun. */
  readonly trains: BySeat<Train>;
  /** The Mexican Train, null until begun. */
  readonly mexican: Train | null;
  /** Unsatisfied doubles, oldest first; the last is the one to satisfy (TT-6). */
  readonly pending: readonly PendingDouble[];
  readonly opening: Opening | null;
  /** Who opened this round (MT-2 engine layer, TT-2 first player). */
  readonly starter: Seat | null;
  /** The previous round's starter: the MT-2 draw-off begins at its left. */
  readonly lastStarter: Seat | null;
  /** MT-4: seats whose first turn of the round is over. */
  readonly firstTurnDone: BySeat<boolean>;
  readonly step: TurnStep;
  /** C-7: passes in a row made with nothing left to draw. */
  readonly passes: number;
  /** TT-3: the suit of this round's engine (next round's while dealing). */
  readonly engineSuit: number;
  /** TT-2: this round's first player; null in round 1 until drawn for. */
  readonly firstPlayer: Seat | null;
  /**
   * MT-11 on a view: the round ended while some hand was hidden, so its pips are
   * not in `scores` yet (they are added once the hands are revealed).
   */
  readonly unscored: boolean;
}

export const FRESH_STEP: TurnStep = { drawn: null, laid: false };

export function emptyTrain(open: number): Train {
  return { tiles: [], open, marker: false };
}
