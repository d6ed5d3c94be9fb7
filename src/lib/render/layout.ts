// The board's pure layout: one module per variant's board, found in a registry
// keyed by variant id, stacked into a world as wide as the viewport.
import { anyState, variantOf } from '../engine';
import type { BaseState, Seat, StateById, TileSet, VariantId } from '../engine';
import type { Size } from './geometry';
import { frameFor } from './lane';
import type { LaneSpec } from './lane';
import type { BoardLayout } from './layout-types';
import { ENGLISH_BOARD_WORDS, type BoardWords } from './board-words';
import { derailingLanes } from './layout-derailing';
import { engine191Lanes } from './layout-engine191';
import { mexicanLanes } from './layout-mexican';
import { railominosLanes } from './layout-railominos';
import { stackLanes } from './stack';

type LanesOf<S> = (
  set: TileSet,
  state: S,
  viewer: Seat | null,
  words: BoardWords,
  names?: readonly string[],
) => LaneSpec[];

/** Each variant's board layout; the compiler names a variant left out. */
const LANES: { readonly [K in VariantId]: LanesOf<StateById[K]> } = {
  'mexican-train': mexicanLanes,
  'mexican-train-tournament': mexicanLanes,
  'derailing-the-train': derailingLanes,
  'engine-191': engine191Lanes,
  railominos: (set, state, _viewer, words) => railominosLanes(set, state, words),
};

function lanesOf<K extends VariantId>(
  id: K,
  state: StateById[K],
  viewer: Seat | null,
  words: BoardWords,
  names?: readonly string[],
): LaneSpec[] {
  const set = variantOf(id).tileSet(state.players, state.options);
  const lanes: LanesOf<StateById[K]> = LANES[id];
  return lanes(set, state, viewer, words, names);
}

function lanesFor(
  view: BaseState,
  viewer: Seat | null,
  words: BoardWords,
  names?: readonly string[],
): LaneSpec[] {
  const state = anyState(view);
  return lanesOf(state.variant, state, viewer, words, names);
}

function statusOf(view: BaseState, viewer: Seat | null, words: BoardWords): string | null {
  switch (view.phase) {
    case 'deal':
      return words.dealing;
    case 'setup':
      // Not over the viewer's own turn in the opening (the header says "Your turn").
      return viewer !== null && view.turn === viewer ? null : words.opening;
    case 'playing':
      return null;
    case 'roundOver':
      return words.roundOver;
    case 'gameOver':
      return words.gameOver;
  }
}

/**
 * Lays out a view for `viewer` (null: a spectator) in a world as wide as the
 * viewport and as tall as it needs to be. `names` label the seats' lanes.
 */
export function layoutBoard(
  view: BaseState,
  viewer: Seat | null,
  viewport: Size,
  names?: readonly string[],
  words: BoardWords = ENGLISH_BOARD_WORDS,
): BoardLayout {
  const { faces } = variantOf(view.variant);
  // Railroad names need bigger tiles than pips.
  const frame = frameFor(viewport, faces === 'railroads' ? 1.3 : 1);
  const stacked = stackLanes(frame, lanesFor(view, viewer, words, names));
  return {
    variant: view.variant,
    faces,
    world: { width: frame.width, height: Math.ceil(stacked.height) },
    unit: frame.unit,
    tiles: stacked.tiles,
    regions: stacked.regions,
    hitAreas: stacked.hitAreas,
    status: statusOf(view, viewer, words),
    words,
  };
}
