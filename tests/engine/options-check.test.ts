// Options are checked as a whole (C-1, MT-1, TT-1, TT-3, DT-1, E-1, R-2): any
// combination within the specs is either refused before the deal, with a rule
// and a reason, or plays a whole game to its end.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  VARIANT_IDS,
  createRng,
  defaultOptions,
  playout,
  startGame,
  variantOf,
} from '../../src/lib/engine';
import type { Options, Variant, VariantId } from '../../src/lib/engine';

/** What a deal takes besides the hands, as docs/rules.md says it (TT-3 engine, R-2 leader and FRISCO). */
const EXTRA: Readonly<Record<VariantId, number>> = {
  'mexican-train': 0,
  'mexican-train-tournament': 1,
  'derailing-the-train': 0,
  'engine-191': 0,
  railominos: 2,
};

function feasible(id: VariantId, players: number, options: Options): boolean {
  const tiles = variantOf(id).tileSet(players, options).tiles.length;
  return players * (options.handSize ?? 0) + EXTRA[id] <= tiles;
}

/** Options drawn uniformly within every spec of the variant. */
function optionsArb(v: Variant): fc.Arbitrary<Options> {
  return fc.record(
    Object.fromEntries(v.optionSpecs.map((s) => [s.key, fc.integer({ min: s.min, max: s.max })])),
  );
}

describe('options checked as a whole', () => {
  it('DT-1: Derailing the Train for 3 on a double-3 or double-6 set with 10 tiles each is refused, with its reason', () => {
    const dt = variantOf('derailing-the-train');
    for (const set of [3, 6]) {
      const refused = dt.checkOptions(3, { set, handSize: 10 });
      expect(refused).toMatchObject({ ok: false, error: { code: 'BAD_OPTIONS', rule: 'DT-1' } });
      expect(!refused.ok && refused.error.message).toBe(
        `10 tiles each for 3 players take 30 tiles, but a double-${set} set has ${((set + 1) * (set + 2)) / 2}: deal fewer tiles each or use a bigger set.`,
      );
      // The engine refuses to start it (a table's setup: tests/session/setup-options.test.ts).
      expect(startGame(dt, 3, { set, handSize: 10 })).toEqual(refused);
      expect(() => playout(dt, 3, { set, handSize: 10 }, createRng(1))).toThrow(/30 tiles/);
    }
    expect(dt.checkOptions(3, { set: 6, handSize: 9 })).toMatchObject({ ok: true });
  });

  it('TT-3 R-2: what a round takes besides the hands counts too', () => {
    const tt = variantOf('mexican-train-tournament');
    // 28 tiles, the engine laid face up: 27 for the hands.
    expect(tt.checkOptions(4, { set: 6, handSize: 7 })).toMatchObject({
      ok: false,
      error: { rule: 'TT-1', message: expect.stringContaining('1 for the engine (TT-3)') },
    });
    expect(tt.checkOptions(3, { set: 6, handSize: 9 })).toMatchObject({ ok: true });
    expect(variantOf('mexican-train').checkOptions(4, { set: 6, handSize: 7 })).toMatchObject({
      ok: true,
    });
  });

  it('players, unknown options and values off their spec are refused with the rule', () => {
    const e = variantOf('engine-191');
    expect(e.checkOptions(5, {})).toMatchObject({
      ok: false,
      error: { code: 'BAD_OPTIONS', rule: 'E-1', message: 'Engine 191 is for 2 to 4 players.' },
    });
    expect(e.checkOptions(2, { rounds: 3 })).toMatchObject({ ok: false, error: { rule: null } });
    expect(e.checkOptions(2, { tokensToWin: 0 })).toMatchObject({
      ok: false,
      error: {
        rule: 'E-12',
        message: 'Win tokens to win the game must be a whole number from 1 to 9.',
      },
    });
    expect(e.checkOptions(2, { set: 6.5 })).toMatchObject({ ok: false, error: { rule: 'E-1' } });
    expect(e.checkOptions(2, { set: '6' })).toMatchObject({ ok: false, error: { rule: 'E-1' } });
  });

  it('every variant accepts its defaults at every table size it seats', () => {
    for (const id of VARIANT_IDS) {
      const v = variantOf(id);
      for (let n = v.minPlayers; n <= v.maxPlayers; n++) {
        expect(v.checkOptions(n, {}), `${id} ${n}`).toEqual({
          ok: true,
          value: defaultOptions(v, n),
        });
      }
    }
  });

  it.each(VARIANT_IDS)(
    '%s: random options within the specs, 2–8 players: refused at setup, or a whole game played',
    (id) => {
      const v = variantOf(id);
      let played = 0;
      let refused = 0;
      fc.assert(
        fc.property(
          fc.integer({ min: v.minPlayers, max: Math.min(8, v.maxPlayers) }),
          optionsArb(v),
          fc.integer({ min: 1, max: 1_000_000 }),
          (players, options, seed) => {
            const checked = v.checkOptions(players, options);
            expect(checked.ok).toBe(feasible(id, players, options));
            if (!checked.ok) {
              refused++;
              expect(checked.error.code).toBe('BAD_OPTIONS');
              expect(checked.error.rule).toMatch(/^[A-Z]+-\d+$/);
              return;
            }
            const game = playout(v, players, options, createRng(seed), undefined, 1_000_000);
            expect(game.state.phase).toBe('gameOver');
            played++;
          },
        ),
        { numRuns: 200, seed: 22 },
      );
      expect(played).toBeGreaterThan(0);
      expect(refused + played).toBe(200);
    },
    60_000,
  );
});
