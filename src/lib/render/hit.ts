// What a point on the board touches: a glowing target (its slot first, then its
// lane), or a tile.
import type { Target, TileId } from '../engine';
import { contains, inflate } from './geometry';
import type { Point } from './geometry';
import type { BoardLayout } from './layout-types';

export function targetAtPoint(
  layout: BoardLayout,
  targets: readonly Target[],
  p: Point,
): Target | null {
  const live = layout.hitAreas.filter((h) => targets.includes(h.target));
  // A slot is small: accept a near miss, as fingers are wide.
  const slot = live.find(
    (h) => h.kind === 'slot' && contains(inflate(h.rect, layout.unit * 0.4), p),
  );
  if (slot) return slot.target;
  return live.find((h) => h.kind === 'lane' && contains(h.rect, p))?.target ?? null;
}

export function tileAtPoint(layout: BoardLayout, p: Point): TileId | null {
  return layout.tiles.find((t) => !t.dim && contains(t.rect, p))?.tile ?? null;
}
