// Draws one layout into Pixi containers: felt panels, labels and badges, slots
// (glowing where the input says), shadows, tiles and outlines.
import { Container, Graphics, GraphicsContext, Text } from 'pixi.js';
import type { Target } from '../engine';
import type { FaceKind } from './face';
import type { Badge, BoardLayout, HitArea, PlacedTile, Region } from './layout-types';
import { pipColour } from './pips';
import { railroadColour, railroadName } from './railroads';
import type { FacePieces } from './scene-faces';
import { BRASS, CREAM, FONT, GLOW, MUTED, OUTLINES, PILLS } from './scene-style';
import type { PillStyle } from './scene-style';

export interface SceneOptions {
  readonly targets: readonly Target[];
  readonly numerals: boolean;
  readonly lastTile: number | null;
  readonly resolution: number;
}

function label(text: string, size: number, colour: number, resolution: number, bold = true): Text {
  return new Text({
    text,
    style: { fontFamily: FONT, fontSize: size, fontWeight: bold ? '700' : '400', fill: colour },
    resolution,
  });
}

/** Shortens a label with an ellipsis until it fits `width`. */
function fit(t: Text, width: number): Text {
  const full = t.text;
  for (let n = full.length; t.width > width && n > 1; n--) t.text = `${full.slice(0, n - 1)}…`;
  return t;
}

function suitText(suit: number, faces: BoardLayout['faces']): string {
  return faces === 'railroads' ? railroadName(suit) : String(suit);
}

function pillFor(b: Badge, faces: BoardLayout['faces']): [string, PillStyle] | null {
  switch (b.kind) {
    case 'you':
      return ['YOU', PILLS.you];
    case 'turn':
      return ['● TO PLAY', PILLS.turn];
    case 'marker':
      return ['MARKER', PILLS.marker];
    case 'derailed':
      return ['DERAILED', PILLS.derailed];
    case 'need':
      return [`NEEDS ${suitText(b.suit, faces)}`, PILLS.need];
    case 'hand':
      return b.count === 1 ? ['LAST TILE', PILLS.knock] : [`${b.count} in hand`, PILLS.quiet];
    case 'tokens':
      return [`★ ${b.count}`, PILLS.quiet];
    case 'count':
      return [`${b.count} ${b.count === 1 ? 'tile' : 'tiles'}`, PILLS.quiet];
  }
}

/** Badges by how much they matter, so a narrow lane drops the least urgent. */
const URGENCY: readonly Badge['kind'][] = [
  'derailed',
  'need',
  'marker',
  'turn',
  'hand',
  'tokens',
  'count',
  'you',
];

function drawRegion(
  r: Region,
  layout: BoardLayout,
  panels: Graphics,
  texts: Container,
  resolution: number,
): void {
  const { x, y, w, h } = r.rect;
  const radius = Math.min(12, layout.unit * 0.4);
  const quiet = r.kind === 'yard' || r.kind === 'discard';
  // One fill per panel (a brass tint mixed in for the viewer's own): where
  // WebGL runs in software every layer over the whole board costs.
  const own = r.own && !quiet;
  panels
    .roundRect(x, y, w, h, radius)
    .fill(own ? { color: 0x2b2a12, alpha: 0.3 } : { color: 0x000000, alpha: quiet ? 0.1 : 0.2 })
    .stroke(
      own ? { width: 2, color: BRASS, alpha: 0.9 } : { width: 1, color: 0xffffff, alpha: 0.1 },
    );
  const side = r.labelAt.width < r.rect.w * 0.5;
  const size = side ? 15 : 13;
  const name = fit(label(r.label, size, r.own ? BRASS : CREAM, resolution), r.labelAt.width);
  name.position.set(r.labelAt.x, r.labelAt.y);
  texts.addChild(name);
  const caption = label(r.caption, side ? 11 : 10, MUTED, resolution, false);
  let px: number;
  let py: number;
  if (side) {
    caption.position.set(r.labelAt.x, r.labelAt.y + size + 4);
    fit(caption, r.labelAt.width);
    px = r.labelAt.x;
    py = r.labelAt.y + size + 20;
  } else {
    caption.position.set(r.labelAt.x + name.width + 6, r.labelAt.y + 2);
    px = caption.x + caption.width + 8;
    py = r.labelAt.y;
  }
  texts.addChild(caption);
  const right = r.labelAt.x + r.labelAt.width;
  const badges = [...r.badges].sort((a, b) => URGENCY.indexOf(a.kind) - URGENCY.indexOf(b.kind));
  for (const badge of badges) {
    const pill = pillFor(badge, layout.faces);
    if (!pill) continue;
    const [text, style] = pill;
    const t = label(text, 9.5, style.text, resolution);
    const pw = t.width + 10;
    if (px + pw > right) {
      if (!side) continue;
      px = r.labelAt.x;
      py += 18;
    }
    panels.roundRect(px, py, pw, 15, 7.5).fill({ color: style.fill, alpha: style.alpha });
    t.position.set(px + 5, py + (15 - t.height) / 2);
    texts.addChild(t);
    px += pw + 4;
  }
  if (r.pin) drawPin(panels, r);
}

/** The lane's start: a marker token when the marker is out, else a buffer stop. */
function drawPin(g: Graphics, r: Region): void {
  const pin = r.pin;
  if (!pin) return;
  const cx = pin.x + pin.w / 2;
  const cy = pin.y + pin.h / 2;
  if (r.badges.some((b) => b.kind === 'marker')) {
    g.circle(cx, cy + 1.5, pin.w * 0.46).fill({ color: 0x000000, alpha: 0.35 });
    g.circle(cx, cy, pin.w * 0.46)
      .fill(0xc0392b)
      .stroke({ width: 2, color: 0xffffff });
    g.rect(cx - pin.w * 0.18, cy - pin.w * 0.08, pin.w * 0.36, pin.w * 0.2).fill(0xffffff);
    g.rect(cx - pin.w * 0.12, cy - pin.w * 0.22, pin.w * 0.1, pin.w * 0.16).fill(0xffffff);
  } else {
    g.roundRect(pin.x + pin.w * 0.3, pin.y + 2, pin.w * 0.4, pin.h - 4, 3).fill({
      color: 0x000000,
      alpha: 0.25,
    });
  }
}

/** Rails under each row of a lane's tiles, so a train reads as track. */
function drawRails(g: Graphics, tiles: readonly PlacedTile[], unit: number): void {
  const rows = new Map<string, { x0: number; x1: number; mid: number }>();
  for (const t of tiles) {
    const mid = t.rect.y + t.rect.h / 2;
    const key = `${t.region}|${Math.round(mid)}`;
    const row = rows.get(key);
    if (row) {
      row.x0 = Math.min(row.x0, t.rect.x);
      row.x1 = Math.max(row.x1, t.rect.x + t.rect.w);
    } else rows.set(key, { x0: t.rect.x, x1: t.rect.x + t.rect.w, mid });
  }
  for (const { x0, x1, mid } of rows.values()) {
    for (let x = x0 + unit * 0.25; x < x1; x += unit * 0.5) {
      g.rect(x - 1.5, mid - unit * 0.42, 3, unit * 0.84).fill({ color: 0x3b2a1a, alpha: 0.45 });
    }
    for (const dy of [-0.28, 0.28]) {
      g.rect(x0 - 2, mid + dy * unit - 1, x1 - x0 + 4, 2).fill({ color: 0xc9c2b0, alpha: 0.35 });
    }
  }
}

function drawSlot(
  h: HitArea,
  layout: BoardLayout,
  live: boolean,
  g: Graphics,
  glow: Graphics,
  texts: Container,
  resolution: number,
): void {
  const { x, y, w, h: hh } = h.rect;
  const radius = layout.unit * 0.14;
  if (live) {
    for (const [grow, alpha] of [
      [7, 0.12],
      [4, 0.22],
    ] as const) {
      glow.roundRect(x - grow, y - grow, w + 2 * grow, hh + 2 * grow, radius + grow).fill({
        color: GLOW,
        alpha,
      });
    }
    glow.roundRect(x, y, w, hh, radius).stroke({ width: 2.5, color: GLOW });
  } else {
    g.roundRect(x, y, w, hh, radius).stroke({ width: 1.2, color: CREAM, alpha: 0.28 });
  }
  if (h.open !== null && h.open >= 0) {
    const colour = layout.faces === 'railroads' ? railroadColour(h.open) : pipColour(h.open);
    const text = suitText(h.open, layout.faces);
    const t = label(
      text,
      layout.unit * (text.length > 2 ? 0.3 : 0.45),
      live ? 0x3a2b05 : CREAM,
      resolution,
    );
    t.anchor.set(0.5);
    t.alpha = live ? 0.95 : 0.45;
    t.position.set(x + w / 2, y + hh / 2);
    if (live) g.circle(x + w / 2, y + hh / 2, layout.unit * 0.34).fill({ color: GLOW, alpha: 0.9 });
    else
      g.circle(x + w / 2, y + hh / 2, layout.unit * 0.34).stroke({
        width: 1.5,
        color: colour,
        alpha: 0.5,
      });
    texts.addChild(t);
  }
}

/** Keeps display objects between updates: a keyed map and a signature per part. */
interface TileNode {
  readonly node: Container;
  readonly piece: Container;
  key: string;
}

function destroyChildren(c: Container): void {
  for (const child of c.removeChildren()) child.destroy({ children: true });
}

/**
 * The board's retained scene: each update compares the new layout with what is
 * drawn and only rebuilds what changed (a region whose label or badges moved,
 * the slots when the targets change, the tiles added, moved or gone, keyed by
 * tile id). Face drawings share one GraphicsContext per face, shadows one per size.
 */
export class SceneView {
  readonly root = new Container();
  /** The glow of the live targets, pulsed by the board. */
  readonly glow = new Graphics();
  readonly #regions = new Container();
  readonly #rails = new Graphics();
  readonly #slots = new Graphics();
  readonly #slotTexts = new Container();
  readonly #shadows = new Container();
  readonly #tiles = new Container();
  readonly #outlines = new Graphics();
  readonly #regionNodes = new Map<string, { node: Container; key: string }>();
  readonly #tileNodes = new Map<number, TileNode>();
  readonly #shadowShapes = new Map<string, GraphicsContext>();
  #railsKey = '';
  #slotsKey = '';
  #outlinesKey = '';

  constructor(
    private readonly faces: FacePieces,
    private readonly resolution: number,
  ) {
    this.root.addChild(
      this.#regions,
      this.#rails,
      this.#slots,
      this.glow,
      this.#slotTexts,
      this.#shadows,
      this.#tiles,
      this.#outlines,
    );
  }

  /** The drawn tile (face and shadow), to move while it slides; null if not on the board. */
  piece(tile: number): Container | null {
    return this.#tileNodes.get(tile)?.node ?? null;
  }

  update(layout: BoardLayout, o: SceneOptions): void {
    this.#updateRegions(layout);
    this.#updateRails(layout);
    this.#updateSlots(layout, o.targets);
    this.#updateTiles(layout, o);
    this.#updateOutlines(layout, o.lastTile);
  }

  #updateRegions(layout: BoardLayout): void {
    const seen = new Set<string>();
    layout.regions.forEach((r, i) => {
      seen.add(r.id);
      const key = `${layout.unit}|${layout.faces}|${JSON.stringify(r)}`;
      let entry = this.#regionNodes.get(r.id);
      if (entry?.key !== key) {
        if (entry) destroyChildren(entry.node);
        else {
          entry = { node: new Container(), key };
          this.#regionNodes.set(r.id, entry);
        }
        entry.key = key;
        const panel = new Graphics();
        const texts = new Container();
        entry.node.addChild(panel, texts);
        drawRegion(r, layout, panel, texts, this.resolution);
      }
      if (this.#regions.children[i] !== entry.node) this.#regions.addChildAt(entry.node, i);
    });
    for (const [id, entry] of this.#regionNodes) {
      if (seen.has(id)) continue;
      entry.node.destroy({ children: true });
      this.#regionNodes.delete(id);
    }
  }

  #updateRails(layout: BoardLayout): void {
    const tiles = layout.tiles.filter(
      (t) => t.region !== 'hub' && !t.dim && !t.region.startsWith('yard'),
    );
    const key = `${layout.unit}|${tiles.map((t) => `${t.region}:${t.rect.x},${t.rect.y},${t.rect.w},${t.rect.h}`).join(';')}`;
    if (key === this.#railsKey) return;
    this.#railsKey = key;
    this.#rails.clear();
    drawRails(this.#rails, tiles, layout.unit);
  }

  #updateSlots(layout: BoardLayout, targets: readonly Target[]): void {
    const key = `${layout.unit}|${layout.faces}|${targets.join(',')}|${JSON.stringify(layout.hitAreas)}`;
    if (key === this.#slotsKey) return;
    this.#slotsKey = key;
    this.#slots.clear();
    this.glow.clear();
    destroyChildren(this.#slotTexts);
    for (const h of layout.hitAreas) {
      const live = targets.includes(h.target);
      if (h.kind === 'slot')
        drawSlot(h, layout, live, this.#slots, this.glow, this.#slotTexts, this.resolution);
      else if (live) {
        const { x, y, w, h: hh } = h.rect;
        this.glow
          .roundRect(x, y, w, hh, Math.min(12, layout.unit * 0.4))
          .stroke({ width: 2, color: GLOW, alpha: 0.7 });
      }
    }
  }

  #shadowShape(w: number, h: number, r: number): GraphicsContext {
    const key = `${w}|${h}|${r}`;
    let shape = this.#shadowShapes.get(key);
    if (!shape) {
      shape = new GraphicsContext()
        .roundRect(-w / 2 + 0.5, -h / 2 + 1.5, w + 1, h + 1.5, r + 1)
        .fill({ color: 0x000000, alpha: 0.16 })
        .roundRect(-w / 2 + 1, -h / 2 + 2.5, w, h, r)
        .fill({ color: 0x000000, alpha: 0.28 });
      this.#shadowShapes.set(key, shape);
    }
    return shape;
  }

  #updateTiles(layout: BoardLayout, o: SceneOptions): void {
    const kind: FaceKind =
      layout.faces === 'railroads' ? 'railroads' : o.numerals ? 'numerals' : 'pips';
    const r = layout.unit * 0.14;
    const seen = new Set<number>();
    layout.tiles.forEach((t, i) => {
      seen.add(t.tile);
      const { x, y, w, h } = t.rect;
      const key = `${kind}|${t.ends[0]}|${t.ends[1]}|${t.orientation}|${layout.unit}|${t.dim}`;
      let entry = this.#tileNodes.get(t.tile);
      if (entry?.key !== key) {
        entry?.node.destroy({ children: true });
        const node = new Container();
        if (!t.dim) node.addChild(new Graphics(this.#shadowShape(w, h, r)));
        const piece = this.faces.create(t.ends[0], t.ends[1], kind, t.orientation, layout.unit);
        if (t.dim) piece.alpha = 0.55;
        node.addChild(piece);
        entry = { node, piece, key };
        this.#tileNodes.set(t.tile, entry);
      }
      entry.node.position.set(x + w / 2, y + h / 2);
      if (this.#tiles.children[i] !== entry.node) this.#tiles.addChildAt(entry.node, i);
    });
    for (const [tile, entry] of this.#tileNodes) {
      if (seen.has(tile)) continue;
      entry.node.destroy({ children: true });
      this.#tileNodes.delete(tile);
    }
  }

  #updateOutlines(layout: BoardLayout, lastTile: number | null): void {
    const marked = layout.tiles.filter((t) => t.outline || t.tile === lastTile);
    const key = `${layout.unit}|${lastTile}|${marked.map((t) => `${t.tile}:${t.outline}:${t.rect.x},${t.rect.y},${t.rect.w},${t.rect.h}`).join(';')}`;
    if (key === this.#outlinesKey) return;
    this.#outlinesKey = key;
    const g = this.#outlines;
    g.clear();
    const r = layout.unit * 0.14;
    for (const t of marked) {
      const { x, y, w, h } = t.rect;
      if (t.outline) {
        g.roundRect(x - 2.5, y - 2.5, w + 5, h + 5, r + 2.5).stroke({
          width: 2.5,
          color: OUTLINES[t.outline],
        });
      }
      if (t.tile === lastTile) {
        g.roundRect(x - 3, y - 3, w + 6, h + 6, r + 3).stroke({
          width: 2,
          color: CREAM,
          alpha: 0.8,
        });
      }
    }
  }

  /** Hides the outlines while a tile slides in (they mark where it will lie). */
  set outlinesVisible(on: boolean) {
    this.#outlines.visible = on;
  }

  destroy(): void {
    this.root.destroy({ children: true });
    for (const shape of this.#shadowShapes.values()) shape.destroy();
    this.#shadowShapes.clear();
    this.#regionNodes.clear();
    this.#tileNodes.clear();
  }
}
