import { describe, expect, it } from 'vitest';
import {
  bodyPrimitives,
  facePrimitives,
  halfPrimitives,
  secondHalf,
} from '../../src/lib/render/face';

// The board bakes a tile from a body and two halves (face-atlas.ts); the hand
// draws the whole face as SVG. Both must show the same thing.
describe('a face is its body and its two halves', () => {
  const unit = 30;
  for (const kind of ['pips', 'numerals', 'railroads'] as const) {
    for (const orientation of ['horizontal', 'vertical'] as const) {
      it(`${kind}, ${orientation}`, () => {
        for (const [a, b] of [
          [0, 0],
          [3, 5],
          [12, 7],
          [6, 6],
        ] as const) {
          const [mx, my] = secondHalf(orientation, unit);
          const moved = halfPrimitives(b, kind, unit).map((p) =>
            'x' in p ? { ...p, x: p.x + mx, y: p.y + my } : p,
          );
          const [body, divider, ...spinner] = bodyPrimitives(kind, orientation, unit);
          expect(facePrimitives(a, b, kind, orientation, unit)).toEqual([
            body,
            divider,
            ...halfPrimitives(a, kind, unit),
            ...moved,
            ...spinner,
          ]);
        }
      });
    }
  }

  it('keeps every pip of a half inside its square', () => {
    for (let v = 0; v <= 12; v++) {
      const half = halfPrimitives(v, 'pips', unit);
      expect(half).toHaveLength(v);
      for (const p of half) {
        if (p.kind !== 'circle') throw new Error(p.kind);
        expect(p.x - p.r).toBeGreaterThan(0);
        expect(p.x + p.r).toBeLessThan(unit);
        expect(p.y - p.r).toBeGreaterThan(0);
        expect(p.y + p.r).toBeLessThan(unit);
      }
    }
  });
});
