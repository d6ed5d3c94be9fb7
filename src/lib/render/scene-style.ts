// The board's palette and type: felt, brass and cream.
export const FELT_DARK = 0x173d2c;
export const FELT = 0x245a41;
export const FELT_LIGHT = 0x2f6e50;
export const CREAM = 0xf4ecd8;
export const MUTED = 0xb9cdb8;
export const BRASS = 0xe9c46a;
export const GLOW = 0xffd166;
export const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export interface PillStyle {
  readonly fill: number;
  readonly alpha: number;
  readonly text: number;
}

export const PILLS = {
  you: { fill: BRASS, alpha: 1, text: 0x3a2b05 },
  turn: { fill: 0x74c69d, alpha: 1, text: 0x08261a },
  marker: { fill: 0xc0392b, alpha: 1, text: 0xffffff },
  derailed: { fill: 0x9b2226, alpha: 1, text: 0xffffff },
  need: { fill: 0xf4a261, alpha: 1, text: 0x3b1d00 },
  knock: { fill: 0xf28482, alpha: 1, text: 0x3b0a0a },
  quiet: { fill: 0xffffff, alpha: 0.14, text: CREAM },
} as const satisfies Record<string, PillStyle>;

export const OUTLINES = {
  need: 0xf4a261,
  derailer: 0xe63946,
  open: BRASS,
} as const;
