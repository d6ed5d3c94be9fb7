// The lines of E-3, their stations (E-5) and removing track (E-4).
import { tileDef } from '../../tiles';
import type { TileId, TileSet } from '../../tiles';
import type { Seat } from '../../types';
import type { Engine191State, Line } from './state';

// Hot paths read the set's tile table directly (ids are checked by validate).
export function isStation(set: TileSet, tile: TileId): boolean {
  const t = set.tiles[tile];
  return t !== undefined && t.hi === t.lo;
}

export function matches(set: TileSet, tile: TileId, suit: number): boolean {
  const t = set.tiles[tile];
  return t !== undefined && (t.hi === suit || t.lo === suit);
}

/** E-3: a tile laid on the line's open end; a double leaves the same suit open. */
export function extend(set: TileSet, line: Line, tile: TileId): Line {
  const t = tileDef(set, tile);
  return { tiles: [...line.tiles, tile], open: t.hi === line.open ? t.lo : t.hi, exposed: false };
}

/**
 * E-5: a double at the end of a line with nothing beyond it — not the main
 * station (an empty line) and not a station exposed by removing track.
 */
export function isIncomplete(set: TileSet, line: Line): boolean {
  const last = line.tiles[line.tiles.length - 1];
  return last !== undefined && !line.exposed && isStation(set, last);
}

/** E-5: the seats whose lines end in an incomplete station the seat to act must continue. */
export function dutyLines(state: Engine191State, set: TileSet): Seat[] {
  const duty: Seat[] = [];
  state.lines.forEach((line, owner) => {
    if (isIncomplete(set, line) && !state.fresh.includes(owner)) duty.push(owner);
  });
  return duty;
}

/**
 * E-4: removes the tiles after the last station before the line's end (a
 * station at the very end goes with the track behind it), never the main
 * station. Returns the shortened line and the removed tiles, end first.
 */
export function cutBack(
  set: TileSet,
  line: Line,
  stationSuit: number,
): { line: Line; removed: TileId[] } {
  let keep = line.tiles.length - 2;
  while (keep >= 0 && !isStation(set, line.tiles[keep] as TileId)) keep--;
  const kept = line.tiles.slice(0, keep + 1);
  const last = kept[kept.length - 1];
  // What is kept ends in a station (its suit stays open) or is empty.
  const open = last === undefined ? stationSuit : tileDef(set, last).hi;
  return {
    line: { tiles: kept, open, exposed: last !== undefined },
    removed: line.tiles.slice(keep + 1).reverse(),
  };
}
