import { describe, expect, it } from 'vitest';
import { MAX_PIP, PIP_COLOURS, pipLayout } from '../../src/lib/render';
import { RAILROAD_COLOURS } from '../../src/lib/render';

const IVORY = '#fbf7ec';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

describe('pipLayout', () => {
  const values = Array.from({ length: MAX_PIP + 1 }, (_, v) => v);

  it.each(values)('%i has that many pips, inside the half, none touching', (v) => {
    const pips = pipLayout(v);
    expect(pips).toHaveLength(v);
    for (const p of pips) {
      expect(p.x - p.r).toBeGreaterThan(0);
      expect(p.x + p.r).toBeLessThan(1);
      expect(p.y - p.r).toBeGreaterThan(0);
      expect(p.y + p.r).toBeLessThan(1);
    }
    for (const a of pips) {
      for (const b of pips) {
        if (a !== b) expect(Math.hypot(a.x - b.x, a.y - b.y)).toBeGreaterThan(a.r + b.r);
      }
    }
  });

  it('keeps the classic patterns: 5 is the four corners and the centre', () => {
    const five = pipLayout(5).map((p) => [p.x, p.y]);
    expect(five).toContainEqual([0.5, 0.5]);
    expect(five.filter(([x, y]) => x !== 0.5 && y !== 0.5)).toHaveLength(4);
  });

  it('is symmetric under a half turn, so a tile reads the same either way up', () => {
    for (const v of values) {
      const pips = pipLayout(v);
      for (const p of pips) {
        const turned = pips.some((q) => Math.hypot(q.x - (1 - p.x), q.y - (1 - p.y)) < 1e-9);
        expect(turned).toBe(true);
      }
    }
  });

  it('refuses values no set has', () => {
    expect(() => pipLayout(19)).toThrow(RangeError);
    expect(() => pipLayout(-1)).toThrow(RangeError);
    expect(() => pipLayout(2.5)).toThrow(RangeError);
  });
});

describe('colours', () => {
  it('gives every value 0–18 its own colour, readable on an ivory face', () => {
    expect(PIP_COLOURS).toHaveLength(MAX_PIP + 1);
    expect(new Set(PIP_COLOURS).size).toBe(PIP_COLOURS.length);
    for (const c of PIP_COLOURS) expect(contrast(c, IVORY)).toBeGreaterThanOrEqual(3);
  });

  it('gives every railroad its own readable colour', () => {
    expect(RAILROAD_COLOURS).toHaveLength(8);
    expect(new Set(RAILROAD_COLOURS).size).toBe(8);
    for (const c of RAILROAD_COLOURS) expect(contrast(c, IVORY)).toBeGreaterThanOrEqual(3);
  });
});
