// The board's pure layout: one module per board shape (the variant's
// `boardOf`), picked by an exhaustive switch, stacked into a world as wide as
// the viewport.
import { boardOf, variantOf } from '../engine';
import type { BaseState, Seat } from '../engine';
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

function lanesFor(
  view: BaseState,
  viewer: Seat | null,
  words: BoardWords,
  names?: readonly string[],
): LaneSpec[] {
  const set = variantOf(view.variant).tileSet(view.players, view.options);
  const board = boardOf(view);
  switch (board.shape) {
    case 'hub':
      return mexicanLanes(set, board.state, viewer, words, names);
    case 'platform':
      return derailingLanes(set, board.state, viewer, words, names);
    case 'station':
      return engine191Lanes(set, board.state, viewer, words, names);
    case 'line':
      return railominosLanes(set, board.state, words);
  }
}

function statusOf(phase: BaseState['phase'], words: BoardWords): string | null {
  switch (phase) {
    case 'deal':
      return words.dealing;
    case 'setup':
      return words.opening;
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
    status: statusOf(view.phase, words),
    words,
  };
}
