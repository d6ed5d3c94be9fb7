// Playing pieces on the line and what a play scores.
import { RAILROADS, hasSuit, isDouble, otherEnd, pairsUpTo, tileDef } from '../../tiles';
import type { TileId, TileSet } from '../../tiles';
import type { End, Layout } from './state';

const PAIRS = pairsUpTo(RAILROADS.length - 1);

/** every pair of the eight railroads, doubles included, plus FRISCO (37). */
export const SET: TileSet = {
  kind: 'railominos',
  n: RAILROADS.length - 1,
  faces: 'railroads',
  suits: RAILROADS,
  tiles: [...PAIRS, { id: PAIRS.length, hi: -1, lo: -1, wild: true }],
};

export function isFrisco(tile: TileId): boolean {
  return tileDef(SET, tile).wild;
}

/** a piece matches an end showing its railroad; R-5: FRISCO matches any open end. */
export function fits(layout: Layout, tile: TileId, end: End): boolean {
  return isFrisco(tile) || hasSuit(SET, tile, layout[end].open);
}

export function playableAnywhere(layout: Layout, tile: TileId): boolean {
  return fits(layout, tile, 'west') || fits(layout, tile, 'east');
}

/** Lays a piece that fits at `end`; FRISCO leaves the end's railroad as it was. */
export function place(layout: Layout, tile: TileId, end: End): Layout {
  const line = layout[end];
  const open = isFrisco(tile) ? line.open : otherEnd(SET, tile, line.open);
  return { ...layout, [end]: { tiles: [...line.tiles, tile], open } };
}

/**
 * a double is open until a piece is played off it, so only a double at the
 * very end of a line is open; the leader only while nothing is played off either
 * side. FRISCO laid on an open double becomes the end piece and so closes it.
 */
export function openDoubles(layout: Layout): TileId[] {
  const open: TileId[] = [];
  for (const line of [layout.west, layout.east]) {
    const last = line.tiles[line.tiles.length - 1];
    if (last !== undefined && isDouble(SET, last)) open.push(last);
  }
  const untouched = layout.west.tiles.length === 0 && layout.east.tiles.length === 0;
  if (untouched && isDouble(SET, layout.leader.tile)) open.push(layout.leader.tile);
  return open;
}

/** 2 per open double, 2 if both ends show one railroad, 1 for playing FRISCO. */
export function playScore(after: Layout, tile: TileId): number {
  const matched = after.west.open === after.east.open ? 2 : 0;
  return 2 * openDoubles(after).length + matched + (isFrisco(tile) ? 1 : 0);
}
