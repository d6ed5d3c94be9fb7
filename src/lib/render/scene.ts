// Draws one layout into Pixi containers: rails, tiles and the outlines of
// tiles that ask for something. Panels, labels and the places a tile can go
// are DOM under the canvas (board-dom.ts).
import { Container, Graphics } from 'pixi.js';
import type { FaceKind } from './face';
import type { FaceAtlas } from './face-atlas';
import type { BoardLayout } from './layout-types';
import { railLanes, type RailRow } from './rails';
import { CREAM, OUTLINES } from './scene-style';

export interface SceneOptions {
  readonly numerals: boolean;
  readonly lastTile: number | null;
}

/** Rails under each row of a lane's tiles, so a train reads as track. */
function drawRails(g: Graphics, rows: readonly RailRow[], unit: number): void {
  for (const { x0, x1, mid } of rows) {
    for (let x = x0 + unit * 0.25; x < x1; x += unit * 0.5) {
      g.rect(x - 1.5, mid - unit * 0.42, 3, unit * 0.84).fill({ color: 0x3b2a1a, alpha: 0.45 });
    }
    for (const dy of [-0.28, 0.28]) {
      g.rect(x0 - 2, mid + dy * unit - 1, x1 - x0 + 4, 2).fill({ color: 0xc9c2b0, alpha: 0.35 });
    }
  }
}

/** Keeps display objects between updates: a keyed map and a signature per part. */
interface TileNode {
  readonly node: Container;
  readonly key: string;
}

/**
 * The board's retained scene: each update compares the new layout with what is
 * drawn and only rebuilds what changed (a lane's rails and the outlines when
 * they move, the tiles added, moved or gone, keyed by tile id). Tiles are
 * sprites of faces pieces baked once into an atlas.
 */
export class SceneView {
  readonly root = new Container();
  readonly #rails = new Container();
  readonly #laneRails = new Map<string, { readonly g: Graphics; key: string }>();
  readonly #tiles = new Container();
  readonly #outlines = new Graphics();
  readonly #tileNodes = new Map<number, TileNode>();
  #outlinesKey = '';

  constructor(private readonly atlas: FaceAtlas) {
    this.root.addChild(this.#rails, this.#tiles, this.#outlines);
  }

  /** The drawn tile (face and shadow), hidden while it slides; null if not on the board. */
  piece(tile: number): Container | null {
    return this.#tileNodes.get(tile)?.node ?? null;
  }

  update(layout: BoardLayout, o: SceneOptions): void {
    this.#updateRails(layout);
    this.#updateTiles(layout, o);
    this.#updateOutlines(layout, o.lastTile);
  }

  #updateRails(layout: BoardLayout): void {
    const lanes = railLanes(layout.tiles, layout.unit);
    for (const [region, lane] of lanes) {
      let drawn = this.#laneRails.get(region);
      if (!drawn) {
        drawn = { g: new Graphics(), key: '' };
        this.#laneRails.set(region, drawn);
        this.#rails.addChild(drawn.g);
      }
      if (drawn.key === lane.key) continue;
      drawn.key = lane.key;
      drawn.g.clear();
      drawRails(drawn.g, lane.rows, layout.unit);
    }
    for (const [region, drawn] of this.#laneRails) {
      if (lanes.has(region)) continue;
      drawn.g.destroy();
      this.#laneRails.delete(region);
    }
  }

  #updateTiles(layout: BoardLayout, o: SceneOptions): void {
    const kind: FaceKind =
      layout.faces === 'railroads' ? 'railroads' : o.numerals ? 'numerals' : 'pips';
    if (this.atlas.unit !== layout.unit) {
      // The old size's faces are dropped with the sprites that show them.
      for (const entry of this.#tileNodes.values()) entry.node.destroy({ children: true });
      this.#tileNodes.clear();
      this.atlas.useUnit(layout.unit);
    }
    this.atlas.prepare(kind);
    const seen = new Set<number>();
    layout.tiles.forEach((t, i) => {
      seen.add(t.tile);
      const { x, y, w, h } = t.rect;
      const key = `${kind}|${t.ends[0]}|${t.ends[1]}|${t.orientation}|${layout.unit}|${t.dim}`;
      let entry = this.#tileNodes.get(t.tile);
      if (entry?.key !== key) {
        entry?.node.destroy({ children: true });
        const [a, b] = t.ends;
        const spec = { a, b, kind, orientation: t.orientation, unit: layout.unit, dim: t.dim };
        entry = { node: this.atlas.face(spec), key };
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
    this.#tileNodes.clear();
    this.#laneRails.clear();
  }
}
