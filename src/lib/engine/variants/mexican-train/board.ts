// The layout: the hub's engine, personal trains and the Mexican Train, and
// laying a tile on one of them.
import { hasSuit, otherEnd } from '../../tiles';
import type { TileId, TileSet } from '../../tiles';
import { ownerOf, personal } from '../../types';
import type { Seat, Target } from '../../types';
import { replaceAt } from '../../cards';
import type { MtState, Train } from './state';

/** A place a tile may go, with the suit it must match there. */
export interface Spot {
  readonly target: Target;
  readonly open: number;
}

/** The suit of the engine double: what begins every train; -1 before it is laid. */
export function hubSuit(set: TileSet, state: MtState): number {
  return state.engine === null ? -1 : (set.tiles[state.engine]?.hi ?? -1);
}

/** The train at a target, or null if there is none (yet) in this game. */
export function trainAt(state: MtState, target: Target): Train | null {
  if (target === 'mexican') return state.mexican;
  const owner = ownerOf(target);
  if (owner === null || !Number.isInteger(owner) || owner >= state.players) return null;
  return state.trains[owner] ?? null;
}

/** The suit a tile must match at `target`: the hub's while the Mexican Train is not begun. */
export function openAt(set: TileSet, state: MtState, target: Target): number {
  return trainAt(state, target)?.open ?? hubSuit(set, state);
}

export function isTargetOfGame(state: MtState, target: Target): boolean {
  return target === 'mexican' || trainAt(state, target) !== null;
}

export function fits(set: TileSet, tile: TileId, spot: Spot): boolean {
  return hasSuit(set, tile, spot.open);
}

/**
 * Lays `tile` at the end of the train at `target` (beginning the Mexican Train if
 * need be): the trains as they are afterwards. MT-9: the owner's own play lifts
 * their marker.
 */
export function layTile(
  set: TileSet,
  state: MtState,
  seat: Seat,
  tile: TileId,
  target: Target,
): Pick<MtState, 'trains' | 'mexican'> {
  const train = trainAt(state, target) ?? { tiles: [], open: hubSuit(set, state), marker: false };
  const next: Train = {
    tiles: [...train.tiles, tile],
    open: otherEnd(set, tile, train.open),
    marker: train.marker && target !== personal(seat),
  };
  if (target === 'mexican') return { trains: state.trains, mexican: next };
  return { trains: replaceAt(state.trains, ownerOf(target) as Seat, next), mexican: state.mexican };
}

/** MT-6, MT-8, TT-5, TT-6: the marker goes on the player's own train. */
export function withMarker(state: MtState, seat: Seat): MtState['trains'] {
  const own = state.trains[seat];
  if (!own || own.marker) return state.trains;
  return replaceAt(state.trains, seat, { ...own, marker: true });
}
