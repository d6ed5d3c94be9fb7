// Every variant's state as one discriminated union, and typed ways to reach a
// variant's own fields without casting outside the engine.
import type { DtState } from './variants/derailing-the-train/state';
import type { Engine191State } from './variants/engine-191/state';
import type { MtState } from './variants/mexican-train/state';
import type { RailominosState } from './variants/railominos/state';
import type { BaseState } from './variant';
import type { VariantId } from './types';

export type { DtState, Engine191State, MtState, RailominosState };

/** The state type of each variant; the compiler checks it names every id. */
export interface StateById {
  readonly 'mexican-train': MtState;
  readonly 'mexican-train-tournament': MtState;
  readonly 'derailing-the-train': DtState;
  readonly 'engine-191': Engine191State;
  readonly railominos: RailominosState;
}
export type StateOf<V extends VariantId> = StateById[V];

/** Any variant's state, discriminated by `variant`. */
export type AnyState = StateById[VariantId];

/** Every state the engine makes is an AnyState: this is the one place that says so. */
export function anyState(state: BaseState): AnyState {
  return state as AnyState;
}

/**
 * The board's shape, for layout, with the state narrowed to match:
 * `hub` (MT-2: engine, personal trains, the Mexican Train), `platform` (DT-2:
 * platform, personal trains, the community train), `station` (E-3: lines from
 * the main station, score yards, discard), `line` (R-3: a leader with two ends).
 */
export type Board =
  | { readonly shape: 'hub'; readonly state: MtState }
  | { readonly shape: 'platform'; readonly state: DtState }
  | { readonly shape: 'station'; readonly state: Engine191State }
  | { readonly shape: 'line'; readonly state: RailominosState };
export type BoardShape = Board['shape'];

/** The board of any state, narrowed by shape. */
export function boardOf(state: BaseState): Board {
  const s = anyState(state);
  switch (s.variant) {
    case 'mexican-train':
    case 'mexican-train-tournament':
      return { shape: 'hub', state: s };
    case 'derailing-the-train':
      return { shape: 'platform', state: s };
    case 'engine-191':
      return { shape: 'station', state: s };
    case 'railominos':
      return { shape: 'line', state: s };
  }
}
