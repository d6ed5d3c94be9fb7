// What the hard level infers about hidden tiles is sound: over whole games, no
// position is ever told it cannot hold the tile it really holds (C-5 draws and
// passes, MT-2/DT-2 declarations, E-5, R-7), each hidden position's origin is
// the deal or reshuffle its tile really came from (E-10), and sampled worlds
// deal every unseen tile exactly once into the hidden positions.
import { describe, expect, it } from 'vitest';
import { sampleWorld } from '../../src/lib/bots';
import { readHistory } from '../../src/lib/bots/knowledge';
import { createRng } from '../../src/lib/engine';
import type { BaseState, Card, TileId } from '../../src/lib/engine';
import { decisionPoints } from './positions';
import { SMALL_GAMES } from './small-games';

const cards = (s: BaseState): Card[] => [...s.hands.flat(), ...s.boneyard];

describe.each(SMALL_GAMES)('$id', ({ variant, options }) => {
  it('exclusions and origins agree with the real tiles; worlds deal the unseen tiles', () => {
    let excluded = 0;
    for (const seed of [1, 2, 3]) {
      for (const { game, seat } of decisionPoints(variant, options(2), 2, seed)) {
        const history = game.histories[seat];
        const view = game.views[seat];
        if (!history || !view || view.phase !== 'playing') continue;
        const truth = new Map(cards(game.full).map((c) => [c.pos, c.tile as TileId]));
        const known = readHistory(variant, history);
        for (const c of cards(view)) {
          if (c.tile !== null) continue;
          const tile = truth.get(c.pos) as TileId;
          const out = known.excluded.get(c.pos);
          excluded += out?.size ?? 0;
          expect(out?.has(tile) ?? false).toBe(false);
          expect(known.origin.get(c.pos) ?? 0).toBe(known.source.get(tile) ?? 0);
        }
        const world = sampleWorld(variant, view, history, createRng(seed));
        expect(world).not.toBeNull();
        if (!world) continue;
        const dealt = cards(world).map((c) => c.tile);
        expect(dealt.every((t) => t !== null)).toBe(true);
        expect([...dealt].sort()).toEqual(
          cards(game.full)
            .map((c) => c.tile)
            .sort(),
        );
      }
    }
    if (variant.id !== 'engine-191') expect(excluded).toBeGreaterThan(0);
  });
});
