// One lane of the board: a label, a pin for the marker, and tiles flowing left to
// right in rows that wrap at the world's width, with slots where tiles can go.
import type { Seat, Target, TileId } from '../engine';
import type { Rect, Size } from './geometry';
import type { Badge, HitArea, Outline, PlacedTile, Region, RegionKind } from './layout-types';

/** The measures every lane of one layout shares. */
export interface Frame {
  readonly width: number;
  /** A tile's short side. */
  readonly unit: number;
  /** Margin around the world and between lanes. */
  readonly pad: number;
  readonly gap: number;
  /** Width of the label column on wide screens; 0 puts labels above the tiles. */
  readonly side: number;
  /** Height of the label strip when labels are above. */
  readonly header: number;
}

/** `scale` enlarges tiles where a board has few of them (a single line of railroads). */
export function frameFor(viewport: Size, scale = 1): Frame {
  const wide = viewport.width >= 700;
  const unit = Math.round((wide ? 30 : 24) * scale);
  return {
    width: Math.max(320, Math.floor(viewport.width)),
    unit,
    pad: wide ? 12 : 6,
    gap: Math.round(unit * 0.12),
    side: wide ? 172 : 0,
    header: wide ? 0 : 20,
  };
}

export interface TileItem {
  readonly kind: 'tile';
  readonly tile: TileId;
  readonly ends: readonly [number, number];
  readonly double: boolean;
  readonly wild?: boolean;
  readonly dim?: boolean;
  readonly outline?: Outline | null;
  readonly need?: number | null;
}

export interface SlotItem {
  readonly kind: 'slot';
  readonly target: Target;
  readonly open: number | null;
}

export type LaneItem = TileItem | SlotItem;

export interface LaneSpec {
  readonly id: string;
  readonly kind: RegionKind;
  readonly label: string;
  readonly caption: string;
  readonly owner: Seat | null;
  readonly own: boolean;
  readonly badges: readonly Badge[];
  readonly items: readonly LaneItem[];
  /** The lane's own target (a tap anywhere on it), if any. */
  readonly target: Target | null;
  /** Room for a marker pin at the start. */
  readonly pin: boolean;
  /** Centre each row (a single line through a leader). */
  readonly centre?: boolean;
}

export interface BuiltLane {
  readonly region: Region;
  readonly tiles: readonly PlacedTile[];
  readonly hitAreas: readonly HitArea[];
  /** The y just below the lane. */
  readonly bottom: number;
}

interface Sized {
  readonly item: LaneItem;
  readonly w: number;
  readonly h: number;
}

function sizeOf(item: LaneItem, unit: number): Sized {
  // Doubles lie crosswise: short side along the lane.
  if (item.kind === 'tile' && item.double) return { item, w: unit, h: 2 * unit };
  return { item, w: 2 * unit, h: unit };
}

/** Splits items into rows no wider than `width`. */
function rows(items: readonly Sized[], width: number, gap: number): Sized[][] {
  const out: Sized[][] = [];
  let row: Sized[] = [];
  let used = 0;
  for (const s of items) {
    if (row.length > 0 && used + gap + s.w > width) {
      out.push(row);
      row = [];
      used = 0;
    }
    used += (row.length > 0 ? gap : 0) + s.w;
    row.push(s);
  }
  if (row.length > 0) out.push(row);
  return out;
}

export function buildLane(frame: Frame, top: number, spec: LaneSpec): BuiltLane {
  const { unit, pad, gap, side, header } = frame;
  const inner = Math.round(unit * 0.25);
  const x = pad;
  const w = frame.width - 2 * pad;
  const bodyX = x + (side > 0 ? side : inner);
  const bodyTop = top + (side > 0 ? inner : header);
  const pinW = spec.pin ? Math.round(unit * 0.8) : 0;
  const startX = bodyX + (spec.pin ? pinW + gap * 2 : 0);
  const right = x + w - inner;
  const rowGap = Math.round(unit * 0.3);

  const sized = spec.items.map((i) => sizeOf(i, unit));
  const lines = rows(sized, right - startX, gap);
  const tiles: PlacedTile[] = [];
  const hitAreas: HitArea[] = [];
  let y = bodyTop;
  let firstRowMid = bodyTop + unit / 2;
  lines.forEach((line, r) => {
    const rowH = Math.max(unit, ...line.map((s) => s.h));
    const mid = y + rowH / 2;
    if (r === 0) firstRowMid = mid;
    const lineW = line.reduce((sum, s) => sum + s.w, 0) + gap * (line.length - 1);
    let cx = spec.centre ? startX + (right - startX - lineW) / 2 : startX;
    for (const s of line) {
      const rect = { x: cx, y: mid - s.h / 2, w: s.w, h: s.h };
      if (s.item.kind === 'tile') {
        const t = s.item;
        tiles.push({
          tile: t.tile,
          region: spec.id,
          rect,
          orientation: t.double ? 'vertical' : 'horizontal',
          ends: t.ends,
          double: t.double,
          wild: t.wild ?? false,
          dim: t.dim ?? false,
          outline: t.outline ?? null,
          need: t.need ?? null,
        });
      } else {
        hitAreas.push({ target: s.item.target, kind: 'slot', rect, open: s.item.open });
      }
      cx += s.w + gap;
    }
    y += rowH + rowGap;
  });
  const bodyH = Math.max(unit, y - rowGap - bodyTop);
  // Room beside the tiles for the label, caption and two rows of badges.
  const minH = side > 0 ? (spec.badges.length > 0 ? 84 : 44) : 0;
  const h = Math.max(minH, (side > 0 ? inner : header) + bodyH + inner);
  const rect: Rect = { x, y: top, w, h };
  if (spec.target !== null) hitAreas.push({ target: spec.target, kind: 'lane', rect, open: null });
  const labelAt =
    side > 0
      ? { x: x + inner * 2, y: top + inner, width: side - inner * 3 }
      : { x: x + inner * 2, y: top + 3, width: w - inner * 4 };
  const pin = spec.pin ? { x: bodyX, y: firstRowMid - unit / 2, w: pinW, h: unit } : null;
  const region: Region = {
    id: spec.id,
    kind: spec.kind,
    label: spec.label,
    caption: spec.caption,
    owner: spec.owner,
    own: spec.own,
    rect,
    labelAt,
    badges: spec.badges,
    pin,
  };
  return { region, tiles, hitAreas, bottom: top + h + pad };
}
