// A tile's face as a few primitives (body, divider, pips, numerals, railroad
// names), computed once and drawn alike by the canvas and by inline SVG.
import { pipColour, pipLayout } from './pips';
import { FRISCO_COLOUR, railroadColour, railroadName } from './railroads';
import type { Orientation } from './layout-types';

export type FaceKind = 'pips' | 'numerals' | 'railroads';

export type Primitive =
  | {
      readonly kind: 'body';
      readonly w: number;
      readonly h: number;
      readonly radius: number;
      readonly fill: string;
      readonly stroke: string;
      readonly line: number;
    }
  | {
      readonly kind: 'line';
      readonly x1: number;
      readonly y1: number;
      readonly x2: number;
      readonly y2: number;
      readonly colour: string;
      readonly width: number;
    }
  | {
      readonly kind: 'circle';
      readonly x: number;
      readonly y: number;
      readonly r: number;
      readonly colour: string;
    }
  | {
      readonly kind: 'text';
      readonly x: number;
      readonly y: number;
      /** Digits or a railroad name: constants, never user text. */
      readonly text: string;
      readonly size: number;
      readonly colour: string;
    }
  | {
      readonly kind: 'bar';
      readonly x: number;
      readonly y: number;
      readonly w: number;
      readonly h: number;
      readonly colour: string;
    };

export const IVORY = '#fbf7ec';
const EDGE = '#b9ac8b';
const GROOVE = '#c9bd9c';
const SPINNER = '#b08d3c';

/** Top-left corner of half `i` (0 or 1) of a tile `unit` wide per half. */
function halfOrigin(i: number, orientation: Orientation, unit: number): [number, number] {
  return orientation === 'horizontal' ? [i * unit, 0] : [0, i * unit];
}

function halfPrims(
  value: number,
  kind: FaceKind,
  ox: number,
  oy: number,
  unit: number,
): Primitive[] {
  if (kind === 'railroads') {
    const name = railroadName(value);
    const colour = railroadColour(value);
    return [
      {
        kind: 'bar',
        x: ox + unit * 0.14,
        y: oy + unit * 0.74,
        w: unit * 0.72,
        h: unit * 0.1,
        colour,
      },
      {
        kind: 'text',
        x: ox + unit / 2,
        y: oy + unit * 0.44,
        text: name,
        size: unit * (name.length <= 2 ? 0.42 : name.length === 3 ? 0.3 : 0.25),
        colour,
      },
    ];
  }
  if (value === 0) return [];
  if (kind === 'numerals') {
    const size = unit * (value >= 10 ? 0.5 : 0.66);
    const colour = pipColour(value);
    return [
      { kind: 'text', x: ox + unit / 2, y: oy + unit / 2, text: String(value), size, colour },
    ];
  }
  return pipLayout(value).map((p) => ({
    kind: 'circle' as const,
    x: ox + p.x * unit,
    y: oy + p.y * unit,
    r: p.r * unit,
    colour: pipColour(value),
  }));
}

/** Where the second half starts, from the tile's top-left corner. */
export function secondHalf(orientation: Orientation, unit: number): [number, number] {
  return halfOrigin(1, orientation, unit);
}

/**
 * What a face shows in one half, `unit` square with its top-left corner at the
 * origin: pips, a numeral or a railroad (nothing for a blank).
 */
export function halfPrimitives(value: number, kind: FaceKind, unit: number): Primitive[] {
  return halfPrims(value, kind, 0, 0, unit);
}

/** A tile's body: the ivory block, its divider and (but for pips) the brass spinner. */
export function bodyPrimitives(
  kind: FaceKind,
  orientation: Orientation,
  unit: number,
): Primitive[] {
  const w = orientation === 'horizontal' ? 2 * unit : unit;
  const h = orientation === 'horizontal' ? unit : 2 * unit;
  const line = Math.max(1, unit * 0.04);
  const [mx, my] = halfOrigin(1, orientation, unit);
  const divider: Primitive =
    orientation === 'horizontal'
      ? {
          kind: 'line',
          x1: mx,
          y1: h * 0.14,
          x2: mx,
          y2: h * 0.86,
          colour: GROOVE,
          width: line * 1.4,
        }
      : {
          kind: 'line',
          x1: w * 0.14,
          y1: my,
          x2: w * 0.86,
          y2: my,
          colour: GROOVE,
          width: line * 1.4,
        };
  const prims: Primitive[] = [
    { kind: 'body', w, h, radius: unit * 0.14, fill: IVORY, stroke: EDGE, line },
    divider,
  ];
  // The brass spinner, unless a pip sits on it already.
  if (kind !== 'pips')
    prims.push({ kind: 'circle', x: w / 2, y: h / 2, r: unit * 0.05, colour: SPINNER });
  return prims;
}

/** The FRISCO piece (the railroad set's wild tile): a face of its own. */
export function friscoPrimitives(orientation: Orientation, unit: number): Primitive[] {
  const w = orientation === 'horizontal' ? 2 * unit : unit;
  const h = orientation === 'horizontal' ? unit : 2 * unit;
  const line = Math.max(1, unit * 0.04);
  return [
    { kind: 'body', w, h, radius: unit * 0.14, fill: '#f5e3a8', stroke: SPINNER, line },
    {
      kind: 'text',
      x: w / 2,
      y: h / 2,
      text: 'FRISCO',
      // Six bold capitals fit across the face (upright, in a hand, they overflowed it).
      size: Math.min(Math.max(w, h) * 0.17, w / 4.6),
      colour: FRISCO_COLOUR,
    },
  ];
}

/**
 * The face of a tile showing `a` then `b` (left-right or top-bottom), `unit`
 * being the side of one half; a FRISCO piece when either end is -1.
 */
export function facePrimitives(
  a: number,
  b: number,
  kind: FaceKind,
  orientation: Orientation,
  unit: number,
): Primitive[] {
  if (a < 0 || b < 0) return friscoPrimitives(orientation, unit);
  const [mx, my] = halfOrigin(1, orientation, unit);
  const [body, divider, ...spinner] = bodyPrimitives(kind, orientation, unit);
  return [
    body as Primitive,
    divider as Primitive,
    ...halfPrims(a, kind, 0, 0, unit),
    ...halfPrims(b, kind, mx, my, unit),
    ...spinner,
  ];
}
