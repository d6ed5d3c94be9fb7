// Face primitives as Pixi vector drawings, for baking into the face atlas:
// shapes in a Graphics, digits and railroad names as Text.
import { Container, Graphics, Text } from 'pixi.js';
import type { Primitive } from './face';
import { FONT } from './scene-style';

function shapes(prims: readonly Primitive[]): Graphics {
  const g = new Graphics();
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

/** Primitives as Pixi objects (shapes, then text), with their top-left corner at the origin. */
export function drawPrimitives(prims: readonly Primitive[], resolution: number): Container {
  const piece = new Container();
  piece.addChild(shapes(prims));
  for (const p of prims) {
    if (p.kind !== 'text') continue;
    const t = new Text({
      text: p.text,
      style: { fontFamily: FONT, fontSize: p.size, fontWeight: '700', fill: p.colour },
      resolution,
    });
    t.anchor.set(0.5);
    t.position.set(p.x, p.y);
    piece.addChild(t);
  }
  return piece;
}
