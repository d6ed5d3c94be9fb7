// Each variant describes itself: its names, how a game ends and who wins, how
// long a game of given options lasts, its board, and its optional capabilities.
import { describe, expect, it } from 'vitest';
import {
  VARIANT_IDS,
  answerNeed,
  createRng,
  defaultOptions,
  joinNewcomer,
  playout,
  variantOf,
} from '../../src/lib/engine';
import type { GameLength, Options, VariantId } from '../../src/lib/engine';

/** A few short games of every variant: the options and player counts below. */
const SHORT: Readonly<Record<VariantId, readonly [number, Options][]>> = {
  'mexican-train': [
    [2, { set: 6, handSize: 7, rounds: 3 }],
    [4, { set: 9, handSize: 8, rounds: 2 }],
  ],
  'mexican-train-tournament': [
    [2, { set: 6, handSize: 7 }],
    [3, { set: 6, handSize: 6, startDouble: 2 }],
  ],
  'derailing-the-train': [
    [2, { set: 4, handSize: 4 }],
    [3, { set: 6, handSize: 5 }],
  ],
  'engine-191': [
    [2, {}],
    [3, { tokensToWin: 1 }],
  ],
  railominos: [
    [2, { rounds: 2 }],
    [5, {}],
  ],
};

describe('a variant describes itself', () => {
  it('TT-3: a tournament game on a double-6 set has 7 rounds, not 10 ("Round 1 of 7")', () => {
    const tt = variantOf('mexican-train-tournament');
    const options = defaultOptions(tt, 4, { set: 6 });
    expect(options.startDouble).toBe(9);
    expect(tt.length(4, options)).toEqual({ kind: 'rounds', rounds: 7, rule: 'TT-3' });
    expect(tt.length(4, {})).toEqual({ kind: 'rounds', rounds: 10, rule: 'TT-3' });
    expect(tt.length(4, { startDouble: 3 })).toMatchObject({ rounds: 4 });
  });

  it('MT-2 DT-2 R-8 E-12: each game lasts as long as the variant says', () => {
    for (const id of VARIANT_IDS) {
      const v = variantOf(id);
      for (const [players, options] of SHORT[id]) {
        const game = playout(v, players, defaultOptions(v, players, options), createRng(7));
        const length: GameLength = v.length(players, options);
        if (length.kind === 'rounds') expect(game.rounds, `${id} ${players}`).toBe(length.rounds);
        else {
          const tokens = v.tokens?.(game.state) ?? [];
          expect(Math.max(...tokens), id).toBe(length.tokens);
          expect(game.state.winners).toEqual(
            tokens.flatMap((t, s) => (t >= length.tokens ? [s] : [])),
          );
        }
      }
    }
  });

  it('MT-11 DT-12 R-8 E-12: the winners are the lowest total, the highest, or the tokens', () => {
    for (const id of VARIANT_IDS) {
      const v = variantOf(id);
      const [players, options] = SHORT[id][0] ?? [2, {}];
      const { state } = playout(v, players, defaultOptions(v, players, options), createRng(3));
      const by = v.scoring.winner === 'tokens' ? (v.tokens?.(state) ?? []) : state.scores;
      const best = v.scoring.winner === 'lowestTotal' ? Math.min(...by) : Math.max(...by);
      expect(state.winners, id).toEqual(by.flatMap((t, s) => (t === best ? [s] : [])));
    }
    expect(VARIANT_IDS.map((id) => variantOf(id).scoring.winner)).toEqual([
      'lowestTotal',
      'lowestTotal',
      'lowestTotal',
      'tokens',
      'highestTotal',
    ]);
  });

  it('names, rounds, boneyard, faces and move kinds, one source each', () => {
    const MT_MOVES = ['play', 'draw', 'pass', 'declare', 'endTurn'];
    const E191_MOVES = ['play', 'draw', 'pass', 'choose', 'removeTrack'];
    const facts = VARIANT_IDS.map((id) => {
      const v = variantOf(id);
      return [v.title, v.shortTitle, v.roundName, v.laneName, v.hasBoneyard, v.faces, v.moveTypes];
    });
    expect(facts).toEqual([
      ['Mexican Train', 'Mexican Train', 'round', 'train', true, 'pips', MT_MOVES],
      [
        'Mexican Train (tournament rules)',
        'Mexican Train · tournament',
        'round',
        'train',
        true,
        'pips',
        MT_MOVES,
      ],
      [
        'Derailing the Train',
        'Derailing the Train',
        'platform',
        'train',
        true,
        'pips',
        ['play', 'draw', 'pass', 'declare'],
      ],
      ['Engine 191', 'Engine 191', 'round', 'line', true, 'pips', E191_MOVES],
      ['Railominos', 'Railominos', 'round', 'train', false, 'railroads', ['play', 'pass']],
    ]);
  });

  it('MT-2 DT-2: the double being called down, with its rule', () => {
    for (const id of ['mexican-train', 'derailing-the-train'] as const) {
      const v = variantOf(id);
      const rng = createRng(1);
      let seen = false;
      let s = v.newGame(3, defaultOptions(v, 3, SHORT[id][1]?.[1]));
      for (let need = v.need(s); need; need = v.need(s)) {
        const r = v.supply(s, answerNeed(s, need, rng));
        if (!r.ok) throw new Error(r.error.message);
        s = r.value;
      }
      for (let m = v.setupMove(s); m && s.phase === 'setup'; m = v.setupMove(s)) {
        const called = v.called?.(s);
        if (m.type === 'declare') {
          expect(called).toMatchObject({ rule: id === 'derailing-the-train' ? 'DT-2' : 'MT-2' });
          seen = true;
        }
        s = v.perform(s, m);
      }
      expect(seen).toBe(true);
      expect(v.called?.(s)).toBeNull();
    }
    for (const id of ['engine-191', 'railominos', 'mexican-train-tournament'] as const) {
      expect(variantOf(id).called?.(variantOf(id).newGame(2, {})) ?? null).toBeNull();
    }
  });

  it('TT-9: only the tournament rules seat a newcomer; elsewhere the refusal names TT-9', () => {
    for (const id of VARIANT_IDS) {
      const v = variantOf(id);
      const joined = joinNewcomer(v.newGame(2, {}));
      if (id === 'mexican-train-tournament') {
        expect(v.join).toBeDefined();
        expect(joined.ok && joined.value.players).toBe(3);
      } else {
        expect(v.join).toBeUndefined();
        expect(joined).toMatchObject({ ok: false, error: { code: 'ILLEGAL_MOVE', rule: 'TT-9' } });
      }
    }
  });

  it('E-1 E-12: tokens and score yards only where the variant has them', () => {
    const e = variantOf('engine-191');
    const s = e.newGame(3, {});
    expect(e.tokens?.(s)).toEqual([0, 0, 0]);
    expect(e.yard?.(s, 1)).toEqual([]);
    for (const id of VARIANT_IDS.filter((x) => x !== 'engine-191')) {
      expect(variantOf(id).tokens).toBeUndefined();
      expect(variantOf(id).yard).toBeUndefined();
    }
    expect(variantOf('railominos').homeTarget(2)).toBe('east');
    expect(variantOf('derailing-the-train').homeTarget(2)).toBe('p2');
  });
});
