// Pan and zoom as pure arithmetic: a camera maps world points to view points as
// view = world × scale + offset.
import type { Point, Size } from './geometry';

export interface Camera {
  readonly x: number;
  readonly y: number;
  readonly scale: number;
}

export const MAX_SCALE = 3;

/** The smallest zoom: the whole world in view, never larger than 1. */
export function minScale(world: Size, view: Size): number {
  return Math.min(1, view.width / world.width, view.height / world.height);
}

/** Keeps the world covering the view where it is bigger, centred where smaller. */
export function clampCamera(c: Camera, world: Size, view: Size): Camera {
  const scale = Math.min(MAX_SCALE, Math.max(minScale(world, view), c.scale));
  const axis = (offset: number, worldLen: number, viewLen: number) => {
    const len = worldLen * scale;
    if (len <= viewLen) return (viewLen - len) / 2;
    return Math.min(0, Math.max(viewLen - len, offset));
  };
  return {
    scale,
    x: axis(c.x, world.width, view.width),
    y: axis(c.y, world.height, view.height),
  };
}

/** Zoom 1, top of the world in view. */
export function homeCamera(world: Size, view: Size): Camera {
  return clampCamera({ x: 0, y: 0, scale: 1 }, world, view);
}

export function panBy(c: Camera, dx: number, dy: number, world: Size, view: Size): Camera {
  return clampCamera({ ...c, x: c.x + dx, y: c.y + dy }, world, view);
}

/** Zooms by `factor` keeping the world point under `at` (a view point) in place. */
export function zoomAt(c: Camera, at: Point, factor: number, world: Size, view: Size): Camera {
  const scale = Math.min(MAX_SCALE, Math.max(minScale(world, view), c.scale * factor));
  const k = scale / c.scale;
  return clampCamera(
    { scale, x: at.x - (at.x - c.x) * k, y: at.y - (at.y - c.y) * k },
    world,
    view,
  );
}

export function toWorld(c: Camera, p: Point): Point {
  return { x: (p.x - c.x) / c.scale, y: (p.y - c.y) / c.scale };
}
