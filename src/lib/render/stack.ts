// Lanes stacked top to bottom into one world.
import { buildLane } from './lane';
import type { Frame, LaneSpec } from './lane';
import type { HitArea, PlacedTile, Region } from './layout-types';

export interface Stacked {
  readonly tiles: readonly PlacedTile[];
  readonly regions: readonly Region[];
  readonly hitAreas: readonly HitArea[];
  readonly height: number;
}

export function stackLanes(frame: Frame, specs: readonly LaneSpec[]): Stacked {
  const tiles: PlacedTile[] = [];
  const regions: Region[] = [];
  const hitAreas: HitArea[] = [];
  let y = frame.pad;
  for (const spec of specs) {
    const lane = buildLane(frame, y, spec);
    tiles.push(...lane.tiles);
    regions.push(lane.region);
    hitAreas.push(...lane.hitAreas);
    y = lane.bottom;
  }
  return { tiles, regions, hitAreas, height: y };
}
