// The track drawn under each lane's tiles, as plain numbers: one row per line of
// tiles, with its sleepers and two rails. Kept per lane, each with a key of what
// it is drawn from, so a move redraws the one lane it changed, not every lane
// (each redrawn lane is a Pixi geometry rebuilt on the page's thread).
import type { PlacedTile } from './layout-types';

export interface RailRow {
  readonly x0: number;
  readonly x1: number;
  /** The row's centre line. */
  readonly mid: number;
}

export interface LaneRails {
  /** Changes exactly when the lane's rails would be drawn differently. */
  readonly key: string;
  readonly rows: readonly RailRow[];
}

/** The rails of each lane, by region id (hub, yards and faded tiles have none). */
export function railLanes(tiles: readonly PlacedTile[], unit: number): Map<string, LaneRails> {
  const byRegion = new Map<string, PlacedTile[]>();
  for (const t of tiles) {
    if (t.region === 'hub' || t.dim || t.region.startsWith('yard')) continue;
    const list = byRegion.get(t.region);
    if (list) list.push(t);
    else byRegion.set(t.region, [t]);
  }
  const lanes = new Map<string, LaneRails>();
  for (const [region, list] of byRegion) {
    const rows = new Map<number, { x0: number; x1: number; mid: number }>();
    for (const t of list) {
      const mid = t.rect.y + t.rect.h / 2;
      const row = rows.get(Math.round(mid));
      if (row) {
        row.x0 = Math.min(row.x0, t.rect.x);
        row.x1 = Math.max(row.x1, t.rect.x + t.rect.w);
      } else rows.set(Math.round(mid), { x0: t.rect.x, x1: t.rect.x + t.rect.w, mid });
    }
    const all = [...rows.values()];
    const key = `${unit}|${all.map((r) => `${r.x0},${r.x1},${r.mid}`).join(';')}`;
    lanes.set(region, { key, rows: all });
  }
  return lanes;
}
