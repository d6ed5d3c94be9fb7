// The slide of a tile just played: from where it came to where it lies.
import type { Point } from './geometry';

export interface Slide {
  readonly from: Point;
  readonly to: Point;
  readonly start: number;
  readonly duration: number;
}

export const SLIDE_MS = 420;

export function easeOutCubic(t: number): number {
  const u = 1 - Math.min(1, Math.max(0, t));
  return 1 - u * u * u;
}

/** Where the tile is at `time`, and whether the slide is over. */
export function slideAt(s: Slide, time: number): { readonly at: Point; readonly done: boolean } {
  const t = s.duration <= 0 ? 1 : (time - s.start) / s.duration;
  const k = easeOutCubic(t);
  return {
    at: { x: s.from.x + (s.to.x - s.from.x) * k, y: s.from.y + (s.to.y - s.from.y) * k },
    done: t >= 1,
  };
}
