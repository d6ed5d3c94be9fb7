// House rules H-1…H-4 (docs/rules.md "House rules"): their option specs, the claims a
// view cannot check under H-3 and the audit that names them, H-2's run ending by
// itself, and the events that cite them. Rule by rule on deals: tests/scenarios/*-h*.json.
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  auditRound,
  dealCards,
  defaultOptions,
  parseTile,
  performWithEvents,
  variantOf,
  viewOf,
} from '../../src/lib/engine';
import type { EngineError, Move, Target, Variant, VariantId } from '../../src/lib/engine';
import type { MtState } from '../../src/lib/engine/variants/mexican-train';
import { mexicanTrain } from '../../src/lib/engine/variants/mexican-train';

const MT = mexicanTrain;

function must<T>(r: { ok: true; value: T } | { ok: false; error: EngineError }): T {
  if (!r.ok) throw new Error(`${r.error.code} ${r.error.rule}: ${r.error.message}`);
  return r.value;
}

/** A Mexican Train round on a double-6 set, dealt and opened (MT-2 call-down run). */
function begin(options: Record<string, number>, hands: string[][], boneyard: string[]): MtState {
  const v = MT as unknown as Variant;
  const opts = defaultOptions(v, hands.length, { set: 6, handSize: hands[0]!.length, ...options });
  let s = MT.newGame(hands.length, opts);
  s = must(MT.supply(s, { kind: 'deal', ...dealCards(MT.tileSet(2, opts), hands, boneyard) }));
  for (let auto = MT.setupMove(s); auto; auto = MT.setupMove(s)) {
    s = must(applyMove(MT, s, auto)).state;
  }
  return s;
}

const t = (s: MtState, text: string) => parseTile(MT.tileSet(s.players, s.options), text)!;
const play = (s: MtState, seat: number, tile: string, target: Target): Move => ({
  seat,
  type: 'play',
  tile: t(s, tile),
  target,
});
const draw = (seat: number): Move => ({ seat, type: 'draw' });
const pass = (seat: number): Move => ({ seat, type: 'pass' });

/** Seat 0 opens on 6-6 and lays 6-1; seat 1 lays 6-2; seat 0 then has no play. */
function stuck(boneyard: string[]) {
  const hands = [
    ['6-6', '6-1', '5-5', '5-4'],
    ['6-2', '2-2', '4-4', '1-0'],
  ];
  const start = begin({ drawUntilPlay: 1 }, hands, boneyard);
  const moves = [play(start, 0, '6-1', 'p0'), play(start, 1, '6-2', 'p1')];
  return { start, moves, after: moves.reduce((s, m) => MT.perform(s, m), start) };
}

describe('house rules as options', () => {
  const specs = (id: VariantId) =>
    Object.fromEntries(variantOf(id).optionSpecs.map((s) => [s.key, [s.rule, s.min, s.max]]));

  it('H-1…H-4 are options of the variants docs/rules.md names, off by default', () => {
    expect(specs('mexican-train')).toMatchObject({
      blankScore: ['H-1', 0, 50],
      openingRun: ['H-2', 0, 1],
      drawUntilPlay: ['H-3', 0, 1],
      mexicanFirst: ['H-4', 0, 1],
    });
    const tt = specs('mexican-train-tournament');
    expect(tt).toMatchObject({ blankScore: ['H-1', 0, 50], drawUntilPlay: ['H-3', 0, 1] });
    expect(tt).not.toHaveProperty('openingRun');
    expect(tt).not.toHaveProperty('mexicanFirst');
    const dt = specs('derailing-the-train');
    expect(dt).toMatchObject({ drawUntilPlay: ['H-3', 0, 1] });
    expect(dt).not.toHaveProperty('blankScore');
    for (const id of ['engine-191', 'railominos'] as const) {
      expect(Object.keys(specs(id))).not.toContain('drawUntilPlay');
    }
    for (const id of [
      'mexican-train',
      'mexican-train-tournament',
      'derailing-the-train',
    ] as const) {
      for (const spec of variantOf(id).optionSpecs.filter((s) => s.rule.startsWith('H-'))) {
        expect(spec.default(4), `${id} ${spec.key}`).toBe(0);
      }
    }
  });

  it('checkOptions takes them within their specs and names the house rule otherwise', () => {
    const mt = variantOf('mexican-train');
    // Off is absent: a game without house rules has the options it had before them.
    expect(must(mt.checkOptions(4, { openingRun: 1, blankScore: 50, mexicanFirst: 0 }))).toEqual({
      set: 12,
      handSize: 15,
      rounds: 13,
      openingRun: 1,
      blankScore: 50,
    });
    expect(must(mt.checkOptions(4, {}))).toEqual({ set: 12, handSize: 15, rounds: 13 });
    const bad = mt.checkOptions(4, { blankScore: 51 });
    expect(bad.ok === false && bad.error).toMatchObject({ code: 'BAD_OPTIONS', rule: 'H-1' });
    const two = mt.checkOptions(4, { drawUntilPlay: 2 });
    expect(two.ok === false && two.error).toMatchObject({ code: 'BAD_OPTIONS', rule: 'H-3' });
    const tt = variantOf('mexican-train-tournament').checkOptions(4, { openingRun: 1 });
    expect(tt.ok === false && tt.error.code).toBe('BAD_OPTIONS');
  });

  it('a game with the house rules off has the same options and public state as before they existed', () => {
    const off = begin(
      {},
      [
        ['6-6', '6-1'],
        ['5-5', '2-1'],
      ],
      [],
    );
    const on = begin(
      { mexicanFirst: 1 },
      [
        ['6-6', '6-1'],
        ['5-5', '2-1'],
      ],
      [],
    );
    expect(MT.publicState(off)).toMatchObject({
      game: 'mexican-train 2 set=6.handSize=2.rounds=13',
    });
    expect((MT.publicState(on) as { game: string }).game).toContain('mexicanFirst=1');
  });
});

describe('H-3 claims and the audit', () => {
  it('H-3: drawing on past a playable drawn tile is a claim on a view and a breach the audit names', () => {
    const { start, moves, after } = stuck(['4-3', '1-3', '2-0']);
    const first = must(applyMove(MT, viewOf(after, 1), draw(0)));
    expect(first.claim).toMatchObject({ seat: 0, rule: 'MT-8' });
    // 1-3 fits seat 0's train; seat 1's view cannot see it.
    const second = must(applyMove(MT, first.state, draw(0)));
    const third = must(applyMove(MT, second.state, draw(0)));
    // The call-down's declare counts as the round's first move.
    const at = start.moveIndex + 4;
    expect(third.claim).toMatchObject({ seat: 0, moveIndex: at, rule: 'H-3' });
    const full = [draw(0), draw(0)].reduce((s, m) => MT.perform(s, m), after);
    expect(applyMove(MT, full, draw(0))).toMatchObject({ ok: false, error: { rule: 'H-3' } });
    const report = auditRound(MT, start, [...moves, draw(0), draw(0), draw(0)]);
    expect(report.violations).toEqual([
      expect.objectContaining({ seat: 0, round: 1, moveIndex: at, rule: 'H-3' }),
    ]);
  });

  it('H-3: stopping the drawing while the drawn tile cannot be played is named too', () => {
    const { start, moves, after } = stuck(['4-3', '1-3', '2-0']);
    const drew = must(applyMove(MT, viewOf(after, 1), draw(0)));
    expect(must(applyMove(MT, drew.state, pass(0))).claim).toMatchObject({ seat: 0, rule: 'H-3' });
    const report = auditRound(MT, start, [...moves, draw(0), pass(0)]);
    expect(report.violations).toEqual([
      expect.objectContaining({ seat: 0, moveIndex: start.moveIndex + 3, rule: 'H-3' }),
    ]);
    // Honest: draw on to 1-3, then pass (playing a drawn tile stays optional, C-5).
    const honest = auditRound(MT, start, [...moves, draw(0), draw(0), pass(0)]);
    expect(honest).toMatchObject({ violations: [], complete: true });
  });

  it('H-3 off: one draw, as the sheet says', () => {
    const hands = [
      ['6-6', '6-1', '5-5', '5-4'],
      ['6-2', '2-2', '4-4', '1-0'],
    ];
    const s0 = begin({}, hands, ['4-3', '1-3']);
    const s = [play(s0, 0, '6-1', 'p0'), play(s0, 1, '6-2', 'p1'), draw(0)].reduce(
      (st, m) => MT.perform(st, m),
      s0,
    );
    expect(applyMove(MT, s, draw(0))).toMatchObject({ ok: false, error: { rule: 'MT-8' } });
    expect(MT.legalMoves(s)).toEqual([pass(0)]);
  });
});

describe('H-2 opening run', () => {
  const hands = [
    ['6-6', '6-3', '3-1', '5-5'],
    ['6-0', '0-4', '4-4', '2-1'],
  ];

  it('H-2: the turn ends by itself (an automatic endTurn) only once nothing fits, and only where the hand is seen', () => {
    const s0 = begin({ openingRun: 1 }, hands, ['5-4']);
    const s1 = MT.perform(s0, play(s0, 0, '6-3', 'p0'));
    expect(MT.setupMove(s1)).toBeNull();
    expect(MT.legalMoves(s1)).toEqual([play(s1, 0, '3-1', 'p0'), { seat: 0, type: 'endTurn' }]);
    const s2 = MT.perform(s1, play(s1, 0, '3-1', 'p0'));
    expect(MT.setupMove(s2)).toEqual({ seat: 0, type: 'endTurn' });
    expect(MT.setupMove(viewOf(s2, 1))).toBeNull();
    expect(MT.legalMoves(s2)).toEqual([{ seat: 0, type: 'endTurn' }]);
  });

  it('H-2: endTurn tells runEnded with the run length; H-3 and H-4 are cited by their events', () => {
    const s0 = begin({ openingRun: 1 }, hands, ['5-4']);
    const s1 = MT.perform(s0, play(s0, 0, '6-3', 'p0'));
    const ended = performWithEvents(MT, s1, { seat: 0, type: 'endTurn' });
    expect(ended.events).toContainEqual({ kind: 'runEnded', rule: 'H-2', seat: 0, tiles: 1 });
    expect(ended.state.turn).toBe(1);

    const { after } = stuck(['4-3', '1-3', '2-0']);
    const once = performWithEvents(MT, after, draw(0));
    expect(once.events).toContainEqual(expect.objectContaining({ kind: 'drew', rule: 'MT-8' }));
    const twice = performWithEvents(MT, once.state, draw(0));
    expect(twice.events).toContainEqual(expect.objectContaining({ kind: 'drew', rule: 'H-3' }));

    const m0 = begin(
      { mexicanFirst: 1 },
      [
        ['6-6', '2-1', '5-4'],
        ['6-3', '3-1', '4-4'],
      ],
      ['6-0'],
    );
    const m1 = [draw(0), pass(0)].reduce((s, m) => MT.perform(s, m), m0);
    const m2 = MT.perform(m1, play(m1, 1, '6-3', 'p1'));
    const first = performWithEvents(MT, m2, play(m2, 0, '6-0', 'mexican'));
    expect(first.events).toContainEqual(expect.objectContaining({ kind: 'played', rule: 'H-4' }));
  });
});
