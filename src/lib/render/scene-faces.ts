// Tile faces as vector drawings: each face's shapes go into one GraphicsContext
// shared by every tile showing it (crisp at any zoom); digits and railroad
// names are Text, whose textures Pixi shares by content and style.
import { Container, Graphics, GraphicsContext, Text } from 'pixi.js';
import { facePrimitives } from './face';
import type { FaceKind, Primitive } from './face';
import type { Orientation } from './layout-types';
import { FONT } from './scene-style';

function shapes(prims: readonly Primitive[]): GraphicsContext {
  const g = new GraphicsContext();
  for (const p of prims) {
    switch (p.kind) {
      case 'body': {
        const i = p.line / 2;
        g.roundRect(i, i, p.w - p.line, p.h - p.line, p.radius)
          .fill(p.fill)
          .stroke({ width: p.line, color: p.stroke });
        // A soft top highlight gives the face some depth.
        g.roundRect(
          p.line,
          p.line,
          p.w - 2 * p.line,
          (p.h - 2 * p.line) * 0.45,
          p.radius * 0.8,
        ).fill({ color: 0xffffff, alpha: 0.35 });
        break;
      }
      case 'line':
        g.moveTo(p.x1, p.y1)
          .lineTo(p.x2, p.y2)
          .stroke({ width: p.width, color: p.colour, cap: 'round' });
        break;
      case 'circle':
        g.circle(p.x, p.y, p.r).fill(p.colour);
        break;
      case 'bar':
        g.roundRect(p.x, p.y, p.w, p.h, p.h / 2).fill(p.colour);
        break;
      case 'text':
        break;
    }
  }
  return g;
}

interface Face {
  readonly context: GraphicsContext;
  readonly texts: readonly Extract<Primitive, { kind: 'text' }>[];
  readonly w: number;
  readonly h: number;
}

export class FacePieces {
  private readonly faces = new Map<string, Face>();

  constructor(private readonly resolution: number) {}

  /** A new display object of the face, centred on its origin. */
  create(a: number, b: number, kind: FaceKind, orientation: Orientation, unit: number): Container {
    const key = `${kind}|${a}|${b}|${orientation}|${unit}`;
    let face = this.faces.get(key);
    if (!face) {
      const prims = facePrimitives(a, b, kind, orientation, unit);
      face = {
        context: shapes(prims),
        texts: prims.flatMap((p) => (p.kind === 'text' ? [p] : [])),
        w: orientation === 'horizontal' ? 2 * unit : unit,
        h: orientation === 'horizontal' ? unit : 2 * unit,
      };
      this.faces.set(key, face);
    }
    const piece = new Container();
    const body = new Graphics(face.context);
    body.position.set(-face.w / 2, -face.h / 2);
    piece.addChild(body);
    for (const p of face.texts) {
      const t = new Text({
        text: p.text,
        style: { fontFamily: FONT, fontSize: p.size, fontWeight: '700', fill: p.colour },
        resolution: this.resolution,
      });
      t.anchor.set(0.5);
      t.position.set(p.x - face.w / 2, p.y - face.h / 2);
      piece.addChild(t);
    }
    return piece;
  }

  destroy(): void {
    for (const f of this.faces.values()) f.context.destroy();
    this.faces.clear();
  }
}
