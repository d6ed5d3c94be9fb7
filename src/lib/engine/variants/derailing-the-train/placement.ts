// Where a tile may go (DT-4 … DT-10): the restriction in force for the seat to
// act, then the train's own rule. This is the hot path of legal-move listing, so
// tile facts are read straight off the set here.
import type { TileId, TileSet } from '../../tiles';
import type { Seat, Target } from '../../types';
import { trainAt } from './state';
import type { DtState } from './state';

function isDoubleTile(set: TileSet, tile: TileId): boolean {
  const t = set.tiles[tile];
  return t !== undefined && t.hi === t.lo;
}

function matches(set: TileSet, tile: TileId, suit: number): boolean {
  const t = set.tiles[tile];
  return t !== undefined && (t.hi === suit || t.lo === suit);
}

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
  if (state.trains[seat]?.derailed) return { rule: 'DT-9' };
  if (state.community?.derailed) return { rule: 'DT-10' };
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
  switch (scope.rule) {
    case 'DT-8':
      return target === scope.target && backOnTrack(set, state, target, tile) ? null : 'DT-8';
    case 'DT-9':
      return target === `p${seat}` && backOnTrack(set, state, target, tile) ? null : 'DT-9';
    case 'DT-10':
      return target === 'community' && backOnTrack(set, state, target, tile) ? null : 'DT-10';
    case 'DT-6':
      return freePlayError(state, set, seat, tile, target);
  }
}

/** DT-8: a matching tile on the derailing double. */
function backOnTrack(set: TileSet, state: DtState, target: Target, tile: TileId): boolean {
  const train = trainAt(state, target);
  return !!train && train.derailed && matches(set, tile, train.open);
}

function freePlayError(
  state: DtState,
  set: TileSet,
  seat: Seat,
  tile: TileId,
  target: Target,
): string | null {
  const double = isDoubleTile(set, tile);
  if (target === 'community') {
    const community = state.community;
    if (!community) {
      // DT-5: begun with a tile matching the platform; public to everyone.
      const platform = state.platform === null ? undefined : set.tiles[state.platform];
      return !double && platform && matches(set, tile, platform.hi) ? null : 'DT-5';
    }
    if (matches(set, tile, community.open)) return null;
    return double ? 'DT-7' : 'DT-5';
  }
  const owner = target[0] === 'p' ? Number(target.slice(1)) : -1;
  const train = owner >= 0 && owner < state.players ? state.trains[owner] : undefined;
  // DT-4: the trains are the personal ones and the community train.
  if (!train) return 'DT-4';
  const fits = matches(set, tile, train.open);
  // DT-8: anyone may put another player's derailed (hence marked) train back on track.
  if (train.derailed) return !double && fits ? null : 'DT-8';
  // DT-7: a derailer goes on any established train whose end it matches.
  if (double) return train.tiles.length > 0 && fits ? null : 'DT-7';
  if (owner === seat) return fits ? null : 'DT-4';
  // DT-4, DT-6: another player's train only while its marker makes it public.
  if (!train.marker) return 'DT-4';
  return fits ? null : 'DT-6';
}

const targetLists: Target[][] = [];

/** Every train a play may name at a table of `players`: the personal trains, then the community. */
function targetsOf(players: number): readonly Target[] {
  let list = targetLists[players];
  if (!list) {
    list = [...Array.from({ length: players }, (_, s): Target => `p${s}`), 'community'];
    targetLists[players] = list;
  }
  return list;
}

/** The trains `tile` may legally go on for the seat under its scope. */
export function legalTargets(
  state: DtState,
  set: TileSet,
  scope: Scope,
  seat: Seat,
  tile: TileId,
): Target[] {
  return targetsOf(state.players).filter(
    (target) => placementError(state, set, scope, seat, tile, target) === null,
  );
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
