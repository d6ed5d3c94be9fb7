// The board's pure layout: one module per variant family, picked by an
// exhaustive switch, stacked into a world as wide as the viewport.
import { variantOf } from '../engine';
import type { BaseState, Seat } from '../engine';
import type { DtState } from '../engine/variants/derailing-the-train/state';
import type { Engine191State } from '../engine/variants/engine-191/state';
import type { MtState } from '../engine/variants/mexican-train/state';
import type { RailominosState } from '../engine/variants/railominos/state';
import type { Size } from './geometry';
import { frameFor } from './lane';
import type { LaneSpec } from './lane';
import type { BoardLayout } from './layout-types';
import { derailingLanes } from './layout-derailing';
import { engine191Lanes } from './layout-engine191';
import { mexicanLanes } from './layout-mexican';
import { railominosLanes } from './layout-railominos';
import { stackLanes } from './stack';

function lanesFor(view: BaseState, viewer: Seat | null, names?: readonly string[]): LaneSpec[] {
  const set = variantOf(view.variant).tileSet(view.players, view.options);
  switch (view.variant) {
    case 'mexican-train':
    case 'mexican-train-tournament':
      return mexicanLanes(set, view as MtState, viewer, names);
    case 'derailing-the-train':
      return derailingLanes(set, view as DtState, viewer, names);
    case 'engine-191':
      return engine191Lanes(set, view as Engine191State, viewer, names);
    case 'railominos':
      return railominosLanes(set, view as RailominosState);
  }
}

const STATUS: Readonly<Record<BaseState['phase'], string | null>> = {
  deal: 'Dealing…',
  setup: 'Opening the round…',
  playing: null,
  roundOver: 'Round over',
  gameOver: 'Game over',
};

/**
 * Lays out a view for `viewer` (null: a spectator) in a world as wide as the
 * viewport and as tall as it needs to be. `names` label the seats' lanes.
 */
export function layoutBoard(
  view: BaseState,
  viewer: Seat | null,
  viewport: Size,
  names?: readonly string[],
): BoardLayout {
  const frame = frameFor(viewport, view.variant === 'railominos' ? 1.3 : 1);
  const stacked = stackLanes(frame, lanesFor(view, viewer, names));
  return {
    variant: view.variant,
    faces: view.variant === 'railominos' ? 'railroads' : 'pips',
    world: { width: frame.width, height: Math.ceil(stacked.height) },
    unit: frame.unit,
    tiles: stacked.tiles,
    regions: stacked.regions,
    hitAreas: stacked.hitAreas,
    status: STATUS[view.phase],
  };
}
