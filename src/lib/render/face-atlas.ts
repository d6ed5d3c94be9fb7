// Tile faces baked into shared textures: each face (with its shadow, or faded
// without one) is drawn once as vectors into a page of an atlas, and every tile
// showing it is a sprite of that frame. A tile is then one quad, not dozens of
// shapes layered, and a page's tiles go in one draw call: where WebGL runs in
// software that is most of a frame.
import { Container, Graphics, Rectangle, RenderTexture, Sprite, Texture } from 'pixi.js';
import type { WebGLRenderer } from 'pixi.js';
import type { FaceKind } from './face';
import type { Orientation } from './layout-types';
import type { FacePieces } from './scene-faces';
import { ShelfPacker } from './shelf';

/** World units around a face for its shadow. */
const PAD = 4;
/** A page's side in device pixels: within every GPU's texture limit, 16 MB. */
const PAGE_PIXELS = 2048;

interface Page {
  readonly texture: RenderTexture;
  /** Faces placed on the page and not drawn yet. */
  readonly pending: Container;
}

export interface FaceSpec {
  readonly a: number;
  readonly b: number;
  readonly kind: FaceKind;
  readonly orientation: Orientation;
  readonly unit: number;
  /** Faded, without a shadow (out of play). */
  readonly dim: boolean;
}

export class FaceAtlas {
  readonly #frames = new Map<string, Texture>();
  readonly #pages: Page[] = [];
  readonly #side: number;
  #shelves: ShelfPacker;
  #unit = 0;

  constructor(
    private readonly renderer: WebGLRenderer,
    private readonly faces: FacePieces,
    private readonly resolution: number,
    private readonly antialias: boolean,
  ) {
    this.#side = Math.floor(PAGE_PIXELS / resolution);
    this.#shelves = new ShelfPacker(this.#side);
  }

  /** A sprite of the face, centred on its origin. */
  sprite(spec: FaceSpec): Sprite {
    const sprite = new Sprite(this.#frame(spec));
    sprite.anchor.set(0.5);
    if (spec.dim) sprite.alpha = 0.55;
    return sprite;
  }

  /** The tile size the faces are baked for. */
  get unit(): number {
    return this.#unit;
  }

  /**
   * Forgets every face for a new tile size (they would never be shown again):
   * sprites of the old size must be gone first.
   */
  useUnit(unit: number): void {
    this.destroy();
    this.#unit = unit;
  }

  #frame(spec: FaceSpec): Texture {
    const key = `${spec.kind}|${spec.a}|${spec.b}|${spec.orientation}|${spec.unit}|${spec.dim}`;
    let frame = this.#frames.get(key);
    if (!frame) {
      frame = this.#bake(spec);
      this.#frames.set(key, frame);
    }
    return frame;
  }

  #bake(spec: FaceSpec): Texture {
    const horizontal = spec.orientation === 'horizontal';
    const w = (horizontal ? 2 : 1) * spec.unit;
    const h = (horizontal ? 1 : 2) * spec.unit;
    // Whole pixels per cell, so neighbouring faces never bleed into each other.
    const cw = Math.ceil(w + 2 * PAD);
    const ch = Math.ceil(h + 2 * PAD);
    const { page: index, x, y } = this.#shelves.place(cw, ch);
    const page = this.#page(index);
    const drawing = new Container();
    if (!spec.dim) drawing.addChild(shadow(w, h, spec.unit * 0.14));
    drawing.addChild(this.faces.create(spec.a, spec.b, spec.kind, spec.orientation, spec.unit));
    drawing.position.set(x + cw / 2, y + ch / 2);
    page.pending.addChild(drawing);
    return new Texture({ source: page.texture.source, frame: new Rectangle(x, y, cw, ch) });
  }

  /** Draws the faces placed since the last call: one pass per page, before the frame that shows them. */
  flush(): void {
    for (const page of this.#pages) {
      if (page.pending.children.length === 0) continue;
      this.renderer.render({ container: page.pending, target: page.texture, clear: false });
      for (const drawing of page.pending.removeChildren()) drawing.destroy({ children: true });
    }
  }

  #page(index: number): Page {
    let page = this.#pages[index];
    if (!page) {
      page = {
        texture: RenderTexture.create({
          width: this.#side,
          height: this.#side,
          resolution: this.resolution,
          antialias: this.antialias,
        }),
        pending: new Container(),
      };
      this.#pages.push(page);
    }
    return page;
  }

  destroy(): void {
    for (const frame of this.#frames.values()) frame.destroy(false);
    this.#frames.clear();
    for (const page of this.#pages) {
      page.pending.destroy({ children: true });
      page.texture.destroy(true);
    }
    this.#pages.length = 0;
    this.#shelves = new ShelfPacker(this.#side);
  }
}

/** The tile's drop shadow, centred like the face. */
function shadow(w: number, h: number, r: number): Graphics {
  return new Graphics()
    .roundRect(-w / 2 + 0.5, -h / 2 + 1.5, w + 1, h + 1.5, r + 1)
    .fill({ color: 0x000000, alpha: 0.16 })
    .roundRect(-w / 2 + 1, -h / 2 + 2.5, w, h, r)
    .fill({ color: 0x000000, alpha: 0.28 });
}
