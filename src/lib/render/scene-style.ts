// The canvas's palette and type (the DOM layer's is in board.css).
export const CREAM = 0xf4ecd8;
export const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export const OUTLINES = {
  need: 0xf4a261,
  derailer: 0xe63946,
  open: 0xe9c46a,
} as const;
