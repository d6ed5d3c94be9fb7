import { describe, expect, it } from 'vitest';
import { PIP_COLOURS, tileFaceSvg } from '../../src/lib/render';

const count = (svg: string, what: string) => svg.split(what).length - 1;

describe('tileFaceSvg', () => {
  it('draws a pip per point, each in its value’s colour', () => {
    const svg = tileFaceSvg(12, 5, { numerals: false, orientation: 'horizontal' });
    expect(svg).toMatch(/^<svg [^>]*viewBox="0 0 200 100"/);
    expect(count(svg, '<circle')).toBe(17);
    expect(count(svg, `fill="${PIP_COLOURS[12]}"`)).toBe(12);
    expect(count(svg, `fill="${PIP_COLOURS[5]}"`)).toBe(5);
    expect(svg).not.toContain('<text');
  });

  it('draws digits instead with numerals, and a blank for 0', () => {
    const svg = tileFaceSvg(0, 18, { numerals: true, orientation: 'vertical' });
    expect(svg).toContain('viewBox="0 0 100 200"');
    expect(svg.match(/<text[^>]*>([^<]*)<\/text>/g)?.map((t) => t.replace(/<[^>]*>/g, ''))).toEqual(
      ['18'],
    );
  });

  it('names the railroads on a railominos piece, and FRISCO', () => {
    const piece = tileFaceSvg(0, 4, {
      numerals: false,
      orientation: 'horizontal',
      railroads: true,
    });
    expect(piece).toContain('>BN</text>');
    expect(piece).toContain('>ATSF</text>');
    const frisco = tileFaceSvg(-1, -1, {
      numerals: false,
      orientation: 'vertical',
      railroads: true,
    });
    expect(frisco).toContain('>FRISCO</text>');
    // Upright (as in a hand), the word fits the face's width: six bold capitals.
    const size = Number(/font-size="([\d.]+)"/.exec(frisco)?.[1]);
    const width = Number(/width="([\d.]+)"/.exec(frisco)?.[1]);
    expect(size * 6 * 0.7).toBeLessThanOrEqual(width);
  });

  it('is the same markup for the same tile, and refuses values no set has', () => {
    const opts = { numerals: false, orientation: 'horizontal' } as const;
    expect(tileFaceSvg(6, 6, opts)).toBe(tileFaceSvg(6, 6, opts));
    expect(() => tileFaceSvg(19, 0, opts)).toThrow(RangeError);
  });
});
