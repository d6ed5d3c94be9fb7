import { describe, expect, it } from 'vitest';
import { layoutBoard } from '../../src/lib/render';
import {
  clampCamera,
  homeCamera,
  MAX_SCALE,
  panBy,
  toWorld,
  zoomAt,
} from '../../src/lib/render/camera';
import { frameScheduler } from '../../src/lib/render/frames';
import { targetAtPoint, tileAtPoint } from '../../src/lib/render/hit';
import { slideAt } from '../../src/lib/render/motion';
import { midRound } from './games';

const world = { width: 390, height: 1200 };
const view = { width: 390, height: 844 };

describe('camera', () => {
  it('starts at zoom 1 with the top of the world in view', () => {
    expect(homeCamera(world, view)).toEqual({ x: 0, y: 0, scale: 1 });
  });

  it('pans only as far as the world reaches', () => {
    expect(panBy(homeCamera(world, view), 50, 100, world, view)).toEqual({ x: 0, y: 0, scale: 1 });
    expect(panBy(homeCamera(world, view), 0, -1000, world, view).y).toBe(844 - 1200);
  });

  it('zooms about the pointer, between the whole world and MAX_SCALE', () => {
    const c = zoomAt(homeCamera(world, view), { x: 100, y: 200 }, 2, world, view);
    expect(c.scale).toBe(2);
    expect(toWorld(c, { x: 100, y: 200 })).toEqual({ x: 100, y: 200 });
    expect(zoomAt(c, { x: 0, y: 0 }, 100, world, view).scale).toBe(MAX_SCALE);
    const out = zoomAt(c, { x: 0, y: 0 }, 0.01, world, view);
    expect(out.scale).toBeCloseTo(844 / 1200);
    expect(out.x).toBeCloseTo((390 - 390 * out.scale) / 2);
  });

  it('centres a world smaller than the view', () => {
    const small = { width: 390, height: 300 };
    expect(clampCamera({ x: 0, y: -50, scale: 1 }, small, view)).toEqual({
      x: 0,
      y: 272,
      scale: 1,
    });
  });
});

describe('frameScheduler', () => {
  it('draws once per frame however many requests come in', () => {
    const queue: ((t: number) => void)[] = [];
    let draws = 0;
    const s = frameScheduler(
      (cb) => queue.push(cb),
      () => queue.pop(),
      () => draws++,
    );
    s.request();
    s.request();
    s.request();
    expect(queue).toHaveLength(1);
    queue.shift()?.(16);
    expect(draws).toBe(1);
    s.request();
    s.cancel();
    expect(queue).toHaveLength(0);
  });
});

describe('hit testing', () => {
  const game = midRound('mexican-train', 4, 12);
  const layout = layoutBoard(game.full, 0, view);

  it('answers only glowing targets, slot first', () => {
    const slot = layout.hitAreas.find((h) => h.kind === 'slot' && h.target === 'mexican')!;
    const centre = { x: slot.rect.x + slot.rect.w / 2, y: slot.rect.y + slot.rect.h / 2 };
    expect(targetAtPoint(layout, ['mexican'], centre)).toBe('mexican');
    expect(targetAtPoint(layout, ['p1'], centre)).toBe(null);
    expect(targetAtPoint(layout, [], centre)).toBe(null);
  });

  it('finds the tile under a point', () => {
    const t = layout.tiles[3]!;
    expect(tileAtPoint(layout, { x: t.rect.x + 2, y: t.rect.y + 2 })).toBe(t.tile);
  });
});

describe('slideAt', () => {
  it('runs from start to end, eased', () => {
    const s = { from: { x: 0, y: 100 }, to: { x: 50, y: 0 }, start: 1000, duration: 400 };
    expect(slideAt(s, 1000)).toEqual({ at: { x: 0, y: 100 }, done: false });
    expect(slideAt(s, 1200).at.x).toBeGreaterThan(25);
    expect(slideAt(s, 1400)).toEqual({ at: { x: 50, y: 0 }, done: true });
  });
});
