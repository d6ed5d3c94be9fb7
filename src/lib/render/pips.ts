// Domino faces shared by the canvas and the DOM hand: where the pips of a value
// sit in one half, and the colour of each value as on colour-dot sets.

/** A pip in a square half, in unit coordinates (0…1 across and down), radius included. */
export interface Pip {
  readonly x: number;
  readonly y: number;
  readonly r: number;
}

/** The highest value a set can carry (double-18). */
export const MAX_PIP = 18;

/** One colour per value 0–18, dark enough to read on an ivory face. */
export const PIP_COLOURS: readonly string[] = [
  '#6f6a60', // 0: only numerals use it
  '#1e88e5',
  '#2e7d32',
  '#d32f2f',
  '#795548',
  '#1a237e',
  '#a87a00',
  '#8e24aa',
  '#00897b',
  '#e65100',
  '#d81b60',
  '#5b8c2a',
  '#263238',
  '#0097a7',
  '#827717',
  '#5e35b1',
  '#8b1a1a',
  '#546e7a',
  '#a0522d',
];

export function pipColour(value: number): string {
  return PIP_COLOURS[value] ?? '#263238';
}

const LO = 0.24;
const MID = 0.5;
const HI = 0.76;

// The classic 3×3 patterns for 1–9, as [column, row] in {LO, MID, HI}.
const CLASSIC: readonly (readonly (readonly [number, number])[])[] = [
  [],
  [[MID, MID]],
  [
    [LO, LO],
    [HI, HI],
  ],
  [
    [LO, LO],
    [MID, MID],
    [HI, HI],
  ],
  [
    [LO, LO],
    [HI, LO],
    [LO, HI],
    [HI, HI],
  ],
  [
    [LO, LO],
    [HI, LO],
    [MID, MID],
    [LO, HI],
    [HI, HI],
  ],
  [
    [LO, LO],
    [LO, MID],
    [LO, HI],
    [HI, LO],
    [HI, MID],
    [HI, HI],
  ],
  [
    [LO, LO],
    [LO, MID],
    [LO, HI],
    [MID, MID],
    [HI, LO],
    [HI, MID],
    [HI, HI],
  ],
  [
    [LO, LO],
    [LO, MID],
    [LO, HI],
    [MID, LO],
    [MID, HI],
    [HI, LO],
    [HI, MID],
    [HI, HI],
  ],
  [
    [LO, LO],
    [LO, MID],
    [LO, HI],
    [MID, LO],
    [MID, MID],
    [MID, HI],
    [HI, LO],
    [HI, MID],
    [HI, HI],
  ],
];

/** `count` positions spread evenly down a column between 0.17 and 0.83. */
function column(x: number, count: number, rows: number, r: number): Pip[] {
  const top = 0.17;
  const step = (1 - 2 * top) / (rows - 1);
  // A shorter column is centred between the rows of the full ones.
  const offset = ((rows - count) * step) / 2;
  return Array.from({ length: count }, (_, i) => ({ x, y: top + offset + i * step, r }));
}

/**
 * The pips of `value` (0–18) in a square half. 1–9 use the classic patterns;
 * 10–18 use three columns with full outer columns of 4–6 pips and the rest in
 * the middle one, as double-12 and double-18 sets do.
 */
export function pipLayout(value: number): readonly Pip[] {
  if (!Number.isInteger(value) || value < 0 || value > MAX_PIP) {
    throw new RangeError(`no pip layout for ${value}`);
  }
  if (value <= 9) {
    const r = value <= 6 ? 0.1 : 0.085;
    return (CLASSIC[value] ?? []).map(([x, y]) => ({ x, y, r }));
  }
  const rows = value <= 12 ? 4 : value <= 15 ? 5 : 6;
  const r = rows === 4 ? 0.07 : rows === 5 ? 0.058 : 0.05;
  const middle = value - 2 * rows;
  return [
    ...column(0.22, rows, rows, r),
    ...column(MID, middle, rows, r),
    ...column(0.78, rows, rows, r),
  ];
}
