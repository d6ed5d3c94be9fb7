// Where a tile may go (DT-4 … DT-10): the restriction in force for the seat to
// act, then the train's own rule.
import { hasSuit, isDouble } from '../../tiles';
import type { TileId, TileSet } from '../../tiles';
import type { Seat, Target } from '../../types';
import { isDerailed, platformSuit, targetsOf } from './state';
import type { DtState, Train } from './state';

/**
 * The restriction on the seat to act, named by its rule: DT-8 after derailing
 * (only the derailed train, back on track), DT-9 while its own train is derailed,
 * DT-10 while the community train is derailed, DT-6 otherwise (one tile, anywhere legal).
 */
export type Scope =
  { readonly rule: 'DT-8'; readonly target: Target } | { readonly rule: 'DT-9' | 'DT-10' | 'DT-6' };

export function scopeOf(state: DtState, set: TileSet, seat: Seat): Scope {
  if (state.derailing !== null) return { rule: 'DT-8', target: state.derailing };
  // DT-9 before DT-10: the owner may still set their own train back on track.
  if (isDerailed(set, state.trains[seat])) return { rule: 'DT-9' };
  if (isDerailed(set, state.community)) return { rule: 'DT-10' };
  return { rule: 'DT-6' };
}

/** The rule a play of `tile` on `target` would break, or null if it is legal. */
export function placementError(
  state: DtState,
  set: TileSet,
  scope: Scope,
  seat: Seat,
  tile: TileId,
  target: Target,
): string | null {
  const own: Target = `p${seat}`;
  switch (scope.rule) {
    case 'DT-8':
      return target === scope.target && backOnTrack(set, state, target, tile) ? null : 'DT-8';
    case 'DT-9':
      return target === own && backOnTrack(set, state, target, tile) ? null : 'DT-9';
    case 'DT-10':
      return target === 'community' && backOnTrack(set, state, target, tile) ? null : 'DT-10';
    case 'DT-6':
      return freePlayError(state, set, seat, tile, target);
  }
}

/** DT-8: a matching tile on the derailing double. */
function backOnTrack(set: TileSet, state: DtState, target: Target, tile: TileId): boolean {
  const train = target === 'community' ? state.community : state.trains[Number(target.slice(1))];
  return !!train && isDerailed(set, train) && hasSuit(set, tile, train.open);
}

function freePlayError(
  state: DtState,
  set: TileSet,
  seat: Seat,
  tile: TileId,
  target: Target,
): string | null {
  const double = isDouble(set, tile);
  if (target === 'community') {
    const community = state.community;
    // DT-5: begun with a tile matching the platform; public to everyone.
    if (!community) return !double && hasSuit(set, tile, platformSuit(set, state)) ? null : 'DT-5';
    if (hasSuit(set, tile, community.open)) return null;
    return double ? 'DT-7' : 'DT-5';
  }
  const owner = target[0] === 'p' ? Number(target.slice(1)) : -1;
  const train: Train | undefined =
    owner >= 0 && owner < state.players ? state.trains[owner] : undefined;
  // DT-4: the trains are the personal ones and the community train.
  if (!train) return 'DT-4';
  const matches = hasSuit(set, tile, train.open);
  // DT-8: anyone may put another player's derailed (hence marked) train back on track.
  if (isDerailed(set, train)) return !double && matches ? null : 'DT-8';
  // DT-7: a derailer goes on any established train whose end it matches.
  if (double) return train.tiles.length > 0 && matches ? null : 'DT-7';
  if (owner === seat) return matches ? null : 'DT-4';
  // DT-4, DT-6: another player's train only while its marker makes it public.
  if (!train.marker) return 'DT-4';
  return matches ? null : 'DT-6';
}

/** Whether `tile` has some legal place for the seat under its scope. */
export function hasPlace(
  state: DtState,
  set: TileSet,
  scope: Scope,
  seat: Seat,
  tile: TileId,
): boolean {
  for (const target of targetsOf(state.players)) {
    if (placementError(state, set, scope, seat, tile, target) === null) return true;
  }
  return false;
}
