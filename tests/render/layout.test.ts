import { describe, expect, it } from 'vitest';
import { VARIANT_IDS, variantOf } from '../../src/lib/engine';
import type { BaseState, TileId, VariantId } from '../../src/lib/engine';
import { layoutBoard } from '../../src/lib/render';
import type { BoardLayout } from '../../src/lib/render';
import { overlaps } from '../../src/lib/render/geometry';
import { midRound } from './games';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

function playerCounts(id: VariantId): number[] {
  const v = variantOf(id);
  return Array.from({ length: v.maxPlayers - v.minPlayers + 1 }, (_, i) => v.minPlayers + i);
}

/** Tiles on the table: every tile in play but those in hands and the boneyard. */
function tableTiles(view: BaseState): TileId[] {
  const held = new Set<TileId>();
  for (const h of view.hands) for (const c of h) if (c.tile !== null) held.add(c.tile);
  for (const c of view.boneyard) if (c.tile !== null) held.add(c.tile);
  return variantOf(view.variant)
    .placedTiles(view)
    .filter((t) => !held.has(t));
}

const cases = VARIANT_IDS.flatMap((id) =>
  playerCounts(id).flatMap((players) => [1, 2].map((seed) => ({ id, players, seed }))),
);

describe('layoutBoard on random mid-round games', () => {
  for (const { id, players, seed } of cases) {
    describe(`${id}, ${players} players, seed ${seed}`, () => {
      const game = midRound(id, players, seed * 101 + players);
      const viewer = game.full.turn ?? 0;
      const view = game.views[viewer] ?? game.full;
      for (const viewport of [PHONE, DESKTOP]) {
        const layout = layoutBoard(view, viewer, viewport);
        const at = `${viewport.width}px`;

        it(`places every tile on the table exactly once (${at})`, () => {
          const placed = layout.tiles.map((t) => t.tile).sort((a, b) => a - b);
          expect(placed).toEqual(tableTiles(game.full).sort((a, b) => a - b));
        });

        it(`overlaps no two tiles within a lane (${at})`, () => {
          for (const a of layout.tiles) {
            for (const b of layout.tiles) {
              if (a !== b && a.region === b.region) expect(overlaps(a.rect, b.rect)).toBe(false);
            }
          }
        });

        it(`gives every target a legal play names a hit area (${at})`, () => {
          for (const m of game.legal) {
            if (m.type !== 'play') continue;
            const areas = layout.hitAreas.filter((h) => h.target === m.target);
            expect(areas.map((h) => h.kind)).toContain('slot');
          }
        });

        it(`fits the width, lanes stacked without overlap (${at})`, () => {
          expectFits(layout, viewport.width);
        });
      }
    });
  }
});

function expectFits(layout: BoardLayout, width: number): void {
  expect(layout.world.width).toBe(width);
  const rects = [
    ...layout.regions.map((r) => r.rect),
    ...layout.tiles.map((t) => t.rect),
    ...layout.hitAreas.map((h) => h.rect),
  ];
  for (const r of rects) {
    expect(r.x).toBeGreaterThanOrEqual(0);
    expect(r.x + r.w).toBeLessThanOrEqual(width);
    expect(r.y + r.h).toBeLessThanOrEqual(layout.world.height);
  }
  for (const a of layout.regions) {
    for (const b of layout.regions) if (a !== b) expect(overlaps(a.rect, b.rect)).toBe(false);
  }
  for (const t of layout.tiles) {
    const region = layout.regions.find((r) => r.id === t.region);
    expect(region).toBeDefined();
  }
}
