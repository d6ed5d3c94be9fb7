// The same faces as SVG markup, for the DOM hand: numbers and shapes only.
import { facePrimitives } from './face';
import type { Primitive } from './face';
import type { Orientation } from './layout-types';

export interface FaceSvgOptions {
  readonly numerals: boolean;
  readonly orientation: Orientation;
  /** Railroad faces: `a` and `b` are railroads (-1 for FRISCO). */
  readonly railroads?: boolean;
}

const UNIT = 100;
const n = (v: number) => Number(v.toFixed(2));

function element(p: Primitive): string {
  switch (p.kind) {
    case 'body': {
      const i = p.line / 2;
      return `<rect x="${n(i)}" y="${n(i)}" width="${n(p.w - p.line)}" height="${n(p.h - p.line)}" rx="${n(p.radius)}" fill="${p.fill}" stroke="${p.stroke}" stroke-width="${n(p.line)}"/>`;
    }
    case 'line':
      return `<line x1="${n(p.x1)}" y1="${n(p.y1)}" x2="${n(p.x2)}" y2="${n(p.y2)}" stroke="${p.colour}" stroke-width="${n(p.width)}" stroke-linecap="round"/>`;
    case 'circle':
      return `<circle cx="${n(p.x)}" cy="${n(p.y)}" r="${n(p.r)}" fill="${p.colour}"/>`;
    case 'bar':
      return `<rect x="${n(p.x)}" y="${n(p.y)}" width="${n(p.w)}" height="${n(p.h)}" rx="${n(p.h / 2)}" fill="${p.colour}"/>`;
    case 'text':
      return `<text x="${n(p.x)}" y="${n(p.y)}" font-size="${n(p.size)}" font-family="system-ui,sans-serif" font-weight="700" fill="${p.colour}" text-anchor="middle" dominant-baseline="central">${p.text}</text>`;
  }
}

/**
 * SVG markup of the tile showing `a` then `b` (left-right, or top-bottom when
 * vertical), drawn as the board draws it. It scales to its box (viewBox).
 */
export function tileFaceSvg(a: number, b: number, options: FaceSvgOptions): string {
  const kind = options.railroads ? 'railroads' : options.numerals ? 'numerals' : 'pips';
  const prims = facePrimitives(Math.trunc(a), Math.trunc(b), kind, options.orientation, UNIT);
  const [w, h] = options.orientation === 'horizontal' ? [2 * UNIT, UNIT] : [UNIT, 2 * UNIT];
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" aria-hidden="true">${prims.map(element).join('')}</svg>`;
}
