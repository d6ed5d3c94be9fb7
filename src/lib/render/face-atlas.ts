// Tile faces from pieces baked once into shared textures: a body per
// orientation (with its shadow, or faded without one) and a half per value,
// drawn as vectors into a page of an atlas the first time they are needed.
// A tile is then three quads of one page (one draw call for them all), and a
// new tile on the board costs no drawing at all: where WebGL runs in software
// that is most of a frame.
import { Container, Graphics, Rectangle, RenderTexture, Sprite, Texture } from 'pixi.js';
import type { WebGLRenderer } from 'pixi.js';
import { bodyPrimitives, friscoPrimitives, halfPrimitives, secondHalf } from './face';
import type { FaceKind, Primitive } from './face';
import type { Orientation } from './layout-types';
import { RAILROAD_COLOURS } from './railroads';
import { drawPrimitives } from './scene-faces';
import { ShelfPacker } from './shelf';

const ORIENTATIONS = ['horizontal', 'vertical'] as const satisfies readonly Orientation[];

/** Halves baked ahead up to this value (the usual double-12 set; bigger sets bake the rest when shown). */
const WARM_MAX = 12;

/** World units around a body for its shadow. */
const PAD = 4;
/** A page's side in device pixels: within every GPU's texture limit, 16 MB. */
const PAGE_PIXELS = 2048;

interface Page {
  readonly texture: RenderTexture;
  /** Pieces placed on the page and not drawn yet. */
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
  #prepared = '';
  #warming: (() => void)[] = [];

  constructor(
    private readonly renderer: WebGLRenderer,
    private readonly resolution: number,
    private readonly antialias: boolean,
  ) {
    this.#side = Math.floor(PAGE_PIXELS / resolution);
    this.#shelves = new ShelfPacker(this.#side);
  }

  /** The tile size the pieces are baked for. */
  get unit(): number {
    return this.#unit;
  }

  /**
   * Forgets every piece for a new tile size (they would never be shown again):
   * tiles of the old size must be gone first.
   */
  useUnit(unit: number): void {
    this.destroy();
    this.#unit = unit;
  }

  /** A tile's face, centred on its origin. */
  face(spec: FaceSpec): Container {
    const { kind, orientation, unit } = spec;
    const horizontal = orientation === 'horizontal';
    const w = (horizontal ? 2 : 1) * unit;
    const h = (horizontal ? 1 : 2) * unit;
    const face = new Container();
    const frisco = spec.a < 0 || spec.b < 0;
    const body = frisco
      ? this.#piece(
          `frisco|${orientation}|${spec.dim}`,
          friscoPrimitives(orientation, unit),
          w,
          h,
          !spec.dim,
        )
      : this.#piece(
          `body|${kind}|${orientation}|${spec.dim}`,
          bodyPrimitives(kind, orientation, unit),
          w,
          h,
          !spec.dim,
        );
    face.addChild(body);
    if (!frisco) {
      const [mx, my] = secondHalf(orientation, unit);
      for (const [value, x, y] of [
        [spec.a, 0, 0],
        [spec.b, mx, my],
      ] as const) {
        const prims = halfPrimitives(value, kind, unit);
        if (prims.length === 0) continue;
        const half = this.#piece(`half|${kind}|${value}`, prims, unit, unit, false);
        half.position.set(x + unit / 2 - w / 2, y + unit / 2 - h / 2);
        face.addChild(half);
      }
    }
    if (spec.dim) face.alpha = 0.55;
    return face;
  }

  /** A sprite of a piece `w`×`h` (centred), baked on first use. */
  #piece(key: string, prims: readonly Primitive[], w: number, h: number, shadow: boolean): Sprite {
    const sprite = new Sprite(this.#frame(key, prims, w, h, shadow));
    sprite.anchor.set(0.5);
    return sprite;
  }

  #frame(key: string, prims: readonly Primitive[], w: number, h: number, shadow: boolean): Texture {
    let frame = this.#frames.get(key);
    if (!frame) {
      frame = this.#bake(prims, w, h, shadow);
      this.#frames.set(key, frame);
    }
    return frame;
  }

  /**
   * Queues the pieces every tile of this kind is made of (both bodies, every
   * half), for `warm` to bake a few at a time before tiles need them: baked
   * all at once on the first frame with tiles, they held the page's thread.
   */
  prepare(kind: FaceKind): void {
    if (this.#prepared === `${kind}|${this.#unit}`) return;
    this.#prepared = `${kind}|${this.#unit}`;
    const unit = this.#unit;
    this.#warming = [
      ...ORIENTATIONS.map((o) => () => {
        const [w, h] = o === 'horizontal' ? [2 * unit, unit] : [unit, 2 * unit];
        this.#frame(`body|${kind}|${o}|false`, bodyPrimitives(kind, o, unit), w, h, true);
      }),
      ...Array.from(
        { length: kind === 'railroads' ? RAILROAD_COLOURS.length : WARM_MAX + 1 },
        (_, v) => () => {
          const prims = halfPrimitives(v, kind, unit);
          if (prims.length > 0) this.#frame(`half|${kind}|${v}`, prims, unit, unit, false);
        },
      ),
    ];
  }

  /** Prepared pieces are left to bake. */
  get warming(): boolean {
    return this.#warming.length > 0;
  }

  /** Bakes up to `count` prepared pieces (drawn at the next flush); true while some remain. */
  warm(count: number): boolean {
    for (const bake of this.#warming.splice(0, count)) bake();
    return this.#warming.length > 0;
  }

  #bake(prims: readonly Primitive[], w: number, h: number, shadow: boolean): Texture {
    // Whole units per cell, and a margin, so neighbouring pieces never bleed into each other.
    const pad = shadow ? PAD : 1;
    const cw = Math.ceil(w) + 2 * pad;
    const ch = Math.ceil(h) + 2 * pad;
    const { page: index, x, y } = this.#shelves.place(cw, ch);
    const page = this.#page(index);
    const drawing = new Container();
    if (shadow) drawing.addChild(shadowOf(w, h, this.#unit * 0.14));
    drawing.addChild(drawPrimitives(prims, this.resolution));
    drawing.pivot.set(w / 2, h / 2);
    drawing.position.set(x + cw / 2, y + ch / 2);
    page.pending.addChild(drawing);
    return new Texture({ source: page.texture.source, frame: new Rectangle(x, y, cw, ch) });
  }

  /** Draws the pieces placed since the last call: one pass per page, before the frame that shows them. */
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
    this.#prepared = '';
    this.#warming = [];
  }
}

/** A body's drop shadow, from its top-left corner like the body. */
function shadowOf(w: number, h: number, r: number): Graphics {
  return new Graphics()
    .roundRect(0.5, 1.5, w + 1, h + 1.5, r + 1)
    .fill({ color: 0x000000, alpha: 0.16 })
    .roundRect(1, 2.5, w, h, r)
    .fill({ color: 0x000000, alpha: 0.28 });
}
