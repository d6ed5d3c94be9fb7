// Bots see only their own view: the inputs they are given hide every other
// hand and the boneyard, and a bot handed the same view with those hidden
// tiles filled in — a different deal consistent with the counts — plays the
// very same move as on its real view.
import { describe, expect, it } from 'vitest';
import { BOT_LEVELS, botInput, chooseMove } from '../../src/lib/bots';
import type { BotInput } from '../../src/lib/bots';
import { createRng, shuffled } from '../../src/lib/engine';
import type { BaseState, Card, Seat, TileId } from '../../src/lib/engine';
import { decisionPoints } from './positions';
import { SMALL_GAMES } from './small-games';

const others = (state: BaseState, seat: Seat): Card[] => [
  ...state.hands.flatMap((h, s) => (s === seat ? [] : h)),
  ...state.boneyard,
];

/** `state` with every card `seat` cannot see given a tile: `truth`'s tiles, shuffled among them. */
function leak<S extends BaseState>(state: S, truth: BaseState, seat: Seat, seed: number): S {
  const hidden = others(state, seat).filter((c) => c.tile === null);
  const positions = new Set(hidden.map((c) => c.pos));
  const tiles = others(truth, seat)
    .filter((c) => positions.has(c.pos))
    .map((c) => c.tile as TileId);
  const fake = new Map(hidden.map((c, i) => [c.pos, shuffled(createRng(seed), tiles)[i] ?? null]));
  const fill = (c: Card): Card =>
    c.tile === null ? { pos: c.pos, tile: fake.get(c.pos) ?? null } : c;
  return {
    ...state,
    hands: state.hands.map((h) => h.map(fill)),
    boneyard: state.boneyard.map(fill),
  };
}

describe.each(SMALL_GAMES)('$id', ({ variant, options }) => {
  const points = decisionPoints(variant, options(2), 2, 5, 3);

  it('inputs show of other hands and the boneyard only tiles disclosed to the seat', () => {
    expect(points.length).toBeGreaterThan(0);
    for (const { game, seat } of points) {
      const input = botInput(variant, game, seat, createRng(1));
      const seen = new Set(input.history?.revealed.map(([pos]) => pos));
      expect(others(input.view, seat).every((c) => c.tile === null || seen.has(c.pos))).toBe(true);
      const start = input.history?.start;
      if (start) expect(others(start, seat).every((c) => c.tile === null)).toBe(true);
    }
  });

  it('every level plays the same move when the hidden tiles are filled in', () => {
    for (const [i, { game, seat }] of points.entries()) {
      const input = botInput(variant, game, seat, createRng(i));
      const history = input.history;
      const truth = game.fullHistory?.start;
      const leaked: BotInput = {
        ...input,
        view: leak(input.view, game.full, seat, i),
        history:
          history && truth ? { ...history, start: leak(history.start, truth, seat, i) } : null,
      };
      for (const level of BOT_LEVELS) {
        const honest = chooseMove(level, { ...input, rng: createRng(100 + i) });
        expect(chooseMove(level, { ...leaked, rng: createRng(100 + i) })).toEqual(honest);
      }
    }
  });
});
