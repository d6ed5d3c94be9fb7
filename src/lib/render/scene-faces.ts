// Tile faces drawn once into textures and reused by every sprite showing them.
import { Container, Graphics, Text } from 'pixi.js';
import type { Renderer, Texture } from 'pixi.js';
import { facePrimitives } from './face';
import type { FaceKind, Primitive } from './face';
import type { Orientation } from './layout-types';

function draw(prims: readonly Primitive[], resolution: number): Container {
  const root = new Container();
  const g = new Graphics();
  root.addChild(g);
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
      case 'text': {
        const t = new Text({
          text: p.text,
          style: {
            fontFamily: 'system-ui, sans-serif',
            fontSize: p.size,
            fontWeight: '700',
            fill: p.colour,
          },
          resolution,
        });
        t.anchor.set(0.5);
        t.position.set(p.x, p.y);
        root.addChild(t);
        break;
      }
    }
  }
  return root;
}

export class FaceTextures {
  private readonly cache = new Map<string, Texture>();

  constructor(
    private readonly renderer: Renderer,
    private readonly resolution: number,
  ) {}

  get(a: number, b: number, kind: FaceKind, orientation: Orientation, unit: number): Texture {
    const key = `${kind}|${a}|${b}|${orientation}|${unit}`;
    let texture = this.cache.get(key);
    if (!texture) {
      const scene = draw(facePrimitives(a, b, kind, orientation, unit), this.resolution);
      texture = this.renderer.generateTexture({
        target: scene,
        resolution: this.resolution,
        antialias: true,
      });
      scene.destroy({ children: true });
      this.cache.set(key, texture);
    }
    return texture;
  }

  destroy(): void {
    for (const t of this.cache.values()) t.destroy(true);
    this.cache.clear();
  }
}
