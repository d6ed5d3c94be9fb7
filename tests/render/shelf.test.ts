import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ShelfPacker } from '../../src/lib/render';

describe('ShelfPacker (the face atlas)', () => {
  it('fills a shelf left to right, then the next shelf, then a new page', () => {
    const packer = new ShelfPacker(100);
    expect(packer.place(40, 20)).toEqual({ page: 0, x: 0, y: 0 });
    expect(packer.place(40, 30)).toEqual({ page: 0, x: 40, y: 0 });
    expect(packer.place(40, 20)).toEqual({ page: 0, x: 0, y: 30 });
    expect(packer.place(60, 60)).toEqual({ page: 0, x: 40, y: 30 });
    expect(packer.place(10, 20)).toEqual({ page: 1, x: 0, y: 0 });
    expect(packer.pages).toBe(2);
  });

  it('refuses a cell larger than a page', () => {
    expect(() => new ShelfPacker(64).place(65, 10)).toThrow(RangeError);
  });

  it('never overlaps two cells nor leaves the page', () => {
    const size = fc.record({
      w: fc.integer({ min: 1, max: 50 }),
      h: fc.integer({ min: 1, max: 50 }),
    });
    fc.assert(
      fc.property(fc.array(size, { maxLength: 120 }), (sizes) => {
        const packer = new ShelfPacker(128);
        const cells = sizes.map((s) => ({ ...packer.place(s.w, s.h), ...s }));
        for (const [i, a] of cells.entries()) {
          expect(a.x + a.w).toBeLessThanOrEqual(128);
          expect(a.y + a.h).toBeLessThanOrEqual(128);
          for (const b of cells.slice(i + 1)) {
            const apart =
              a.page !== b.page ||
              a.x + a.w <= b.x ||
              b.x + b.w <= a.x ||
              a.y + a.h <= b.y ||
              b.y + b.h <= a.y;
            expect(apart).toBe(true);
          }
        }
      }),
    );
  });
});
