// Engine 191 rules, one test (or more) per rule id; tables are built from tile
// names and moves go through the generic applyMove (turn and phase prechecks too).
import { describe, expect, it } from 'vitest';
import { applyMove, auditRound } from '../../src/lib/engine/game';
import { doubleN, parseTile, tileName } from '../../src/lib/engine/tiles';
import type { TileId } from '../../src/lib/engine/tiles';
import type { Card, Move, Target } from '../../src/lib/engine/types';
import { engine191 } from '../../src/lib/engine/variants/engine-191';
import type { Engine191State } from '../../src/lib/engine/variants/engine-191/state';

type State = Engine191State;

function id(name: string, n = 9): TileId {
  const t = parseTile(doubleN(n), name);
  if (t === null) throw new Error(`no tile ${name}`);
  return t;
}

function names(state: State, tiles: readonly TileId[]): string[] {
  const set = doubleN(state.options.set ?? 9);
  return tiles.map((t) => tileName(set, t));
}

/** A new game dealt these hands and boneyard (positions: hands, then boneyard). */
function dealt(
  hands: readonly (readonly string[])[],
  boneyard: readonly string[],
  options: Record<string, number> = {},
): State {
  const game = engine191.newGame(hands.length, options);
  const n = game.options.set ?? 9;
  let pos = 0;
  const card = (t: string): Card => ({ pos: pos++, tile: id(t, n) });
  const r = engine191.supply(game, {
    kind: 'deal',
    hands: hands.map((h) => h.map(card)),
    boneyard: boneyard.map(card),
  });
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const choose = (seat: number, tile: string, n = 9): Move => ({
  seat,
  type: 'choose',
  tile: id(tile, n),
});
const play = (seat: number, tile: string, target: Target, n = 9): Move => ({
  seat,
  type: 'play',
  tile: id(tile, n),
  target,
});
const playYard = (seat: number, tile: string, target: Target, replace: string, n = 9): Move => ({
  seat,
  type: 'play',
  tile: id(tile, n),
  target,
  from: 'yard',
  replace: id(replace, n),
});
const draw = (seat: number): Move => ({ seat, type: 'draw' });
const pass = (seat: number): Move => ({ seat, type: 'pass' });
const remove = (seat: number): Move => ({ seat, type: 'removeTrack' });

/** Applies the moves, failing on the first rejected one; runs owed draws after reshuffles in order. */
function run(state: State, ...moves: Move[]): State {
  let s = state;
  for (const m of moves) {
    const r = applyMove(engine191, s, m);
    if (!r.ok) throw new Error(`${JSON.stringify(m)}: ${r.error.rule} ${r.error.message}`);
    s = r.value.state;
  }
  return s;
}

/** The error a move gets, or null if it is accepted. */
function rejection(state: State, move: Move) {
  const r = applyMove(engine191, state, move);
  return r.ok ? null : r.error;
}

import { revealCard } from '../../src/lib/engine/cards';
import { viewOf } from '../../src/lib/engine/view';
import { endRound } from '../../src/lib/engine/variants/engine-191/scoring';
import { canonicalJson } from '../../src/lib/engine/canonical';
import { cutBack, isIncomplete } from '../../src/lib/engine/variants/engine-191/lines';

const v = engine191;

/** Two players on a double-9 set: seat 1's 2-2 becomes the main station, seat 1 starts. */
function tableA(boneyard = ['8-1', '8-0', '1-1']): State {
  const s = dealt(
    [
      ['3-3', '4-2', '5-5', '5-2', '6-1'],
      ['2-2', '2-0', '5-0', '7-7', '9-8'],
    ],
    boneyard,
    { set: 9 },
  );
  return run(s, choose(0, '3-3'), choose(1, '2-2'));
}

const hand = (s: State, seat: number) =>
  names(
    s,
    (s.hands[seat] ?? []).map((c) => c.tile ?? -1),
  ).sort();
const line = (s: State, seat: number) => names(s, s.lines[seat]?.tiles ?? []);
const yard = (s: State, seat: number) => names(s, s.yards[seat] ?? []);

describe('engine-191 rules', () => {
  it('E-1: double-6 with 9 each for two players, double-9 with 11 or 9 each for three or four', () => {
    const expected: Record<number, [number, number]> = { 2: [28, 9], 3: [55, 11], 4: [55, 9] };
    for (const [players, [tiles, size]] of Object.entries(expected)) {
      const p = Number(players);
      expect(v.tileSet(p, {}).tiles.length).toBe(tiles);
      const need = v.need(v.newGame(p, {}));
      expect(need).toMatchObject({ kind: 'deal', rule: 'E-1' });
      expect(need?.kind === 'deal' && need.tiles.length).toBe(tiles);
      expect(need?.kind === 'deal' && need.handSizes).toEqual(Array(p).fill(size));
    }
    expect(v.need(v.newGame(2, { set: 9, handSize: 4 }))).toMatchObject({ handSizes: [4, 4] });
  });

  it('E-1: score yards and the discard pile are public: every view shows them', () => {
    const s = run(tableA(), play(1, '2-0', 'p1'), play(0, '4-2', 'p0'), draw(1), pass(1));
    const t = run(s, remove(0));
    expect(yard(t, 1)).toEqual(['8-1']);
    expect(names(t, t.discard)).toEqual(['4-2']);
    const pub = canonicalJson(v.publicState(t));
    for (const seat of [0, 1]) expect(canonicalJson(v.publicState(viewOf(t, seat)))).toBe(pub);
    expect(v.scenarioState(t)).toMatchObject({
      scoreYards: [['8-0'], ['8-1']],
      discard: { tiles: ['4-2'], count: 1 },
    });
  });

  it('E-2: choices in any order; the seat shown to act is the lowest yet to choose; one choice each', () => {
    const s = dealt([['3-3', '4-1'], ['2-2'], ['5-5', '6-0']], ['9-9'], { set: 9 });
    expect(s.phase).toBe('setup');
    expect(s.turn).toBe(0);
    expect(v.legalMoves(s).map((m) => m.seat)).toEqual([0, 0, 1, 2, 2]);
    expect(v.choosers(s)).toEqual([0, 1, 2]);
    const a = run(s, choose(2, '6-0'));
    expect(a.turn).toBe(0);
    expect(v.choosers(a)).toEqual([0, 1]);
    const b = run(a, choose(0, '3-3'));
    expect(b.turn).toBe(1);
    // the seats yet to choose are public: every view names the same ones
    for (const seat of [0, 1, 2]) expect(v.choosers(viewOf(b, seat))).toEqual([1]);
    expect(rejection(b, choose(0, '4-1'))).toMatchObject({ code: 'ILLEGAL_MOVE', rule: 'E-2' });
    expect(rejection(b, choose(1, '9-9'))).toMatchObject({ code: 'ILLEGAL_MOVE', rule: 'E-2' });
    expect(rejection(b, play(1, '2-2', 'p1'))).toMatchObject({ code: 'WRONG_PHASE', rule: 'E-2' });
    expect(rejection(b, draw(2))).toMatchObject({ code: 'NOT_YOUR_TURN' });
    // E-2: commitments are revealed to everyone.
    expect(v.disclosures(b, choose(1, '2-2'))).toEqual([{ pos: 2, to: 'all', when: 'before' }]);
  });

  it('E-2: the lowest double revealed is the main station and its owner starts; the rest return', () => {
    const s = dealt([['3-3', '4-1'], ['2-2'], ['5-5', '6-0']], ['9-9'], { set: 9 });
    const t = run(s, choose(2, '5-5'), choose(0, '3-3'), choose(1, '2-2'));
    expect(t.phase).toBe('playing');
    expect(names(t, [t.station ?? -1])).toEqual(['2-2']);
    expect(t.turn).toBe(1);
    expect(hand(t, 0)).toEqual(['3-3', '4-1']);
    expect(hand(t, 1)).toEqual([]);
    expect(hand(t, 2)).toEqual(['5-5', '6-0']);
    expect(t.lines.map((l) => l.open)).toEqual([2, 2, 2]);
    expect(v.choosers(t)).toEqual([]);
    expect(rejection(t, choose(0, '4-1'))).toMatchObject({ code: 'WRONG_PHASE', rule: 'E-2' });
  });

  it('E-2: with no double revealed the round is dealt again', () => {
    const s = dealt([['3-3', '4-1'], ['2-1']], ['9-9'], { set: 9 });
    const t = run(s, choose(0, '4-1'), choose(1, '2-1'));
    expect(t.phase).toBe('deal');
    expect(v.need(t)).toMatchObject({ kind: 'deal', rule: 'E-2', handSizes: [9, 9] });
    const again = v.supply(t, {
      kind: 'deal',
      hands: [[{ pos: 0, tile: id('1-1') }], [{ pos: 1, tile: id('0-0') }]],
      boneyard: [],
    });
    expect(again.ok && again.value).toMatchObject({
      phase: 'setup',
      deals: 2,
      chosen: [null, null],
    });
  });

  it('E-3: a line begins with a tile matching the main station and goes on from its open end', () => {
    const s = tableA();
    expect(rejection(s, play(1, '5-0', 'p1'))).toMatchObject({ rule: 'E-3' });
    const t = run(s, play(1, '2-0', 'p1'));
    expect(t.lines[1]).toMatchObject({ open: 0 });
    expect(rejection(t, play(0, '6-1', 'p1'))).toMatchObject({ rule: 'E-3' });
    expect(rejection(t, play(0, '4-2', 'mexican'))).toMatchObject({ rule: 'E-3' });
    expect(rejection(t, play(0, '4-2', 'p2'))).toMatchObject({ rule: 'E-3' });
  });

  it("E-4: the sheet's example — back to the 5/5, then back to the main station", () => {
    const set = doubleN(9);
    const tiles = ['7-3', '7-5', '5-5', '9-5', '9-4'].map((t) => id(t));
    const first = cutBack(set, { tiles, open: 4, exposed: false }, 3);
    expect(names(tableA(), first.removed)).toEqual(['9-4', '9-5']);
    expect(first.line).toEqual({ tiles: tiles.slice(0, 3), open: 5, exposed: true });
    const second = cutBack(set, first.line, 3);
    expect(names(tableA(), second.removed)).toEqual(['5-5', '7-5', '7-3']);
    expect(second.line).toEqual({ tiles: [], open: 3, exposed: false });
  });

  it('E-4: each removal discards face up and draws to the score yard; start of turn only; never past the main station', () => {
    const s = run(tableA(), play(1, '2-0', 'p1'));
    expect(rejection(s, remove(0))).toMatchObject({ rule: 'E-4' });
    const t = run(s, play(0, '4-2', 'p0'), remove(1));
    expect(line(t, 1)).toEqual([]);
    expect(names(t, t.discard)).toEqual(['2-0']);
    expect(yard(t, 1)).toEqual(['8-1']);
    expect(t.turn).toBe(1);
    expect(v.disclosures(run(s, play(0, '4-2', 'p0')), remove(1))).toEqual([
      { pos: 10, to: 'all', when: 'before' },
    ]);
    expect(rejection(t, remove(1))).toMatchObject({ rule: 'E-4' });
    const u = run(t, draw(1));
    expect(rejection(u, remove(1))).toMatchObject({ rule: 'E-4' });
  });

  it('E-5: an incomplete station is a double ending a line, not the main station nor one exposed by removal', () => {
    const set = doubleN(9);
    expect(isIncomplete(set, { tiles: [], open: 2, exposed: false })).toBe(false);
    expect(isIncomplete(set, { tiles: [id('5-2'), id('5-5')], open: 5, exposed: false })).toBe(
      true,
    );
    expect(isIncomplete(set, { tiles: [id('5-2'), id('5-5')], open: 5, exposed: true })).toBe(
      false,
    );
    expect(isIncomplete(set, { tiles: [id('5-2')], open: 5, exposed: false })).toBe(false);
  });

  it('E-5: its creator may leave it this turn; the next player must continue it first', () => {
    const s = run(tableA(), play(1, '2-0', 'p1'), play(0, '5-2', 'p0'), draw(1), pass(1));
    const created = run(s, play(0, '5-5', 'p0'));
    expect(created.fresh).toEqual([0]);
    expect(v.legalMoves(created)).toEqual([pass(0)]);
    const bound = run(created, pass(0));
    expect(rejection(bound, play(1, '9-8', 'p1'))).toMatchObject({ rule: 'E-5' });
    expect(rejection(bound, draw(1))).toMatchObject({ code: 'ILLEGAL_MOVE', rule: 'E-5' });
    expect(v.legalMoves(bound)).toEqual([play(1, '5-0', 'p0'), remove(1)]);
    // On seat 0's view seat 1's hand is hidden: the draw is a claim for the audit.
    const top = bound.boneyard[0] as Card;
    const view = revealCard(viewOf(bound, 0), top.pos, top.tile ?? -1);
    const claimed = view.ok ? applyMove(v, view.value, draw(1)) : view;
    expect(claimed.ok && claimed.value.claim).toMatchObject({ seat: 1, rule: 'E-5' });
  });

  it('E-5: the creator is bound on their next turn; as owner they may remove track instead', () => {
    const s = run(tableA(), play(1, '2-0', 'p1'), play(0, '5-2', 'p0'), play(1, '5-0', 'p1'));
    const t = run(s, play(0, '5-5', 'p0'), pass(0), draw(1), pass(1));
    expect(t).toMatchObject({ turn: 0, fresh: [] });
    expect(v.legalMoves(t)).toEqual([remove(0), draw(0)]);
    const w = run(t, remove(0));
    expect(line(w, 0)).toEqual([]);
    expect(names(w, w.discard)).toEqual(['5-5', '5-2']);
    expect(v.legalMoves(w)).toContainEqual(play(0, '4-2', 'p0'));
  });

  it("E-6: a play on an opponent's line draws one tile to hand, shown to the player only", () => {
    const s = tableA();
    expect(v.disclosures(s, play(1, '2-0', 'p0'))).toEqual([
      { pos: 6, to: 'all', when: 'before' },
      { pos: 10, to: 1, when: 'after' },
    ]);
    const t = run(s, play(1, '2-0', 'p0'));
    expect(hand(t, 1)).toEqual(['5-0', '7-7', '8-1', '9-8']);
    expect(t.boneyard).toHaveLength(2);
    expect(t.turn).toBe(0);
  });

  it("E-6: completing an incomplete station on an opponent's line draws nothing", () => {
    const s = run(tableA(), play(1, '2-0', 'p1'), play(0, '5-2', 'p0'), draw(1), pass(1));
    const t = run(s, play(0, '5-5', 'p0'), pass(0), play(1, '5-0', 'p0'));
    expect(hand(t, 1)).toEqual(['7-7', '9-8']);
    expect(t.boneyard).toHaveLength(2);
    expect(t.turn).toBe(0);
  });

  it("E-6: with boneyard and discard empty, no play on an opponent's line but to complete a station", () => {
    const s = run(tableA([]), play(1, '2-0', 'p1'), play(0, '5-2', 'p0'));
    expect(rejection(s, play(1, '5-0', 'p0'))).toMatchObject({ rule: 'E-6' });
    const t = run(s, pass(1), play(0, '5-5', 'p0'), pass(0));
    const u = run(t, play(1, '5-0', 'p0'));
    expect(hand(u, 1)).toEqual(['7-7', '9-8']);
  });

  it('E-6, E-11: a play that empties the hand draws nothing: the round ends first', () => {
    const s = dealt(
      [
        ['4-2', '6-1'],
        ['2-2', '2-6', '5-4', '9-9'],
      ],
      ['5-5', '3-3'],
      { set: 9 },
    );
    const t = run(s, choose(0, '4-2'), choose(1, '2-2'), play(1, '2-6', 'p1'));
    const u = run(t, play(0, '4-2', 'p0'), play(1, '5-4', 'p0'));
    expect(u.boneyard).toHaveLength(1);
    const w = run(u, play(0, '6-1', 'p1'));
    expect(w.phase).toBe('roundOver');
    expect(w.boneyard).toHaveLength(1);
    expect(hand(w, 0)).toEqual([]);
  });

  it('E-7: a tile from the score yard is replaced in its place by a tile chosen from hand', () => {
    const s = run(tableA(['6-2', '8-0']), play(1, '2-0', 'p1'));
    const t = run(s, draw(0));
    expect(yard(t, 0)).toEqual(['6-2']);
    const plays = v.legalMoves(t).filter((m) => m.type === 'play');
    expect(plays).toHaveLength(5); // on p0, once per replacing tile in hand
    expect(plays).toContainEqual(playYard(0, '6-2', 'p0', '3-3'));
    expect(rejection(t, playYard(0, '6-2', 'p0', '9-8'))).toMatchObject({ rule: 'E-7' });
    expect(rejection(t, playYard(0, '8-0', 'p1', '6-1'))).toMatchObject({ rule: 'E-7' });
    expect(v.disclosures(t, playYard(0, '6-2', 'p0', '6-1'))).toEqual([
      { pos: 4, to: 'all', when: 'before' },
    ]);
    const u = run(t, playYard(0, '6-2', 'p0', '6-1'));
    expect(yard(u, 0)).toEqual(['6-1']);
    expect(hand(u, 0)).toEqual(['3-3', '4-2', '5-2', '5-5']);
    expect(line(u, 0)).toEqual(['6-2']);
  });

  it('E-8: a station lets the player play again at once or pass, but not draw; track ends the turn', () => {
    const s = run(tableA(), play(1, '2-0', 'p1'), play(0, '5-2', 'p0'), draw(1), pass(1));
    expect(s.turn).toBe(0);
    const t = run(s, play(0, '5-5', 'p0'));
    expect(t.turn).toBe(0);
    expect(rejection(t, draw(0))).toMatchObject({ rule: 'E-8' });
    expect(rejection(t, remove(0))).toMatchObject({ rule: 'E-4' });
    expect(v.legalMoves(t)).toEqual([pass(0)]);
    expect(run(t, pass(0)).turn).toBe(1);
  });

  it('E-9: a player may draw to the score yard holding a playable tile (unlike C-5); then that tile only, or pass', () => {
    const s = run(tableA(), play(1, '2-0', 'p1'));
    expect(v.legalMoves(s)).toContainEqual(play(0, '4-2', 'p0'));
    expect(v.validate(s, draw(0))).toEqual({ kind: 'ok' });
    expect(v.disclosures(s, draw(0))).toEqual([{ pos: 10, to: 'all', when: 'before' }]);
    const t = run(s, draw(0));
    expect(yard(t, 0)).toEqual(['8-1']);
    expect(rejection(t, play(0, '4-2', 'p0'))).toMatchObject({ rule: 'E-9' });
    expect(rejection(t, draw(0))).toMatchObject({ rule: 'E-9' });
    expect(v.legalMoves(t)).toEqual([pass(0)]);
    expect(run(t, pass(0)).turn).toBe(1);
  });

  it('E-9: with nothing left to draw the player passes instead; otherwise passing at the start is illegal', () => {
    const s = run(tableA([]), play(1, '2-0', 'p1'));
    expect(rejection(s, draw(0))).toMatchObject({ rule: 'E-9' });
    expect(v.legalMoves(s)).toContainEqual(pass(0));
    const t = run(tableA(), play(1, '2-0', 'p1'));
    expect(rejection(t, pass(0))).toMatchObject({ rule: 'E-9' });
  });

  it('E-10: a draw due with the boneyard empty waits for the discard pile to be reshuffled', () => {
    const s = run(tableA([]), play(1, '2-0', 'p1'), play(0, '4-2', 'p0'), remove(1));
    expect(s.owed).toBe('yard');
    expect(v.need(s)).toEqual({ kind: 'reshuffle', tiles: [id('2-0')], rule: 'E-10' });
    expect(v.legalMoves(s)).toEqual([]);
    expect(rejection(s, draw(1))).toMatchObject({ rule: 'E-10' });
    const wrong = v.supply(s, { kind: 'reshuffle', boneyard: [{ pos: 20, tile: id('5-0') }] });
    expect(wrong.ok).toBe(false);
    const r = v.supply(s, { kind: 'reshuffle', boneyard: [{ pos: 20, tile: id('2-0') }] });
    if (!r.ok) throw new Error(r.error.message);
    expect(v.setupMove(r.value)).toEqual(draw(1));
    expect(v.legalMoves(r.value)).toEqual([draw(1)]);
    expect(rejection(r.value, pass(1))).toMatchObject({ rule: 'E-10' });
    const t = run(r.value, draw(1));
    expect(yard(t, 1)).toEqual(['2-0']);
    expect(t).toMatchObject({ owed: null, discard: [], turn: 1, step: 'start', reshuffles: 1 });
  });

  it("E-10: the draw to hand after a play on an opponent's line waits for the reshuffle; then the turn ends", () => {
    const s = run(
      tableA(['8-1']),
      play(1, '2-0', 'p1'),
      play(0, '4-2', 'p0'),
      play(1, '5-0', 'p1'),
    );
    const t = run(s, remove(0));
    expect(yard(t, 0)).toEqual(['8-1']);
    expect(names(t, t.discard)).toEqual(['4-2']);
    const u = run(t, play(0, '5-2', 'p1'));
    expect(u).toMatchObject({ owed: 'hand', turn: 0, step: 'end' });
    expect(v.need(u)).toMatchObject({ kind: 'reshuffle', tiles: [id('4-2')] });
    const r = v.supply(u, { kind: 'reshuffle', boneyard: [{ pos: 30, tile: id('4-2') }] });
    if (!r.ok) throw new Error(r.error.message);
    expect(v.disclosures(r.value, draw(0))).toEqual([{ pos: 30, to: 0, when: 'after' }]);
    const w = run(r.value, draw(0));
    expect(hand(w, 0)).toEqual(['3-3', '4-2', '5-5', '6-1']);
    expect(w).toMatchObject({ owed: null, turn: 1 });
  });

  it('E-11: the round ends when a hand is empty, also when its last tile replaces a yard tile', () => {
    const s = dealt(
      [
        ['4-2', '6-6'],
        ['2-2', '2-0', '9-9'],
      ],
      ['8-8', '4-3'],
      { set: 9 },
    );
    const t = run(
      s,
      choose(0, '4-2'),
      choose(1, '2-2'),
      play(1, '2-0', 'p1'),
      play(0, '4-2', 'p0'),
    );
    const u = run(t, draw(1), pass(1), draw(0), playYard(0, '4-3', 'p0', '6-6'));
    expect(u.phase).toBe('roundOver');
    expect(u.scores).toEqual([12, 34]);
    expect(u.tokens).toEqual([1, 0]);
  });

  it('E-11, C-7: a round with nothing to draw is blocked after a pass by every player in a row', () => {
    const s = run(tableA([]), play(1, '2-0', 'p1'), pass(0));
    expect(s.passes).toBe(1);
    const t = run(s, play(1, '5-0', 'p1'));
    expect(t.passes).toBe(0);
    const u = run(t, pass(0));
    expect(u.phase).toBe('playing');
    // E-12: the ending move shows every hand to everyone so every peer can score.
    const shown = v.disclosures(u, pass(1)).map((d) => d.pos);
    expect(shown.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 8, 9]);
    const w = run(u, pass(1));
    expect(w).toMatchObject({ phase: 'roundOver', turn: null, scores: [36, 31], tokens: [0, 1] });
  });

  it('E-12: round score is hand plus yard; ties all win a token; several reaching tokensToWin share the game', () => {
    const s = tableA();
    const tie = endRound({
      ...s,
      tokens: [2, 2],
      hands: [[{ pos: 0, tile: id('1-0') }], [{ pos: 1, tile: id('0-0') }]],
      yards: [[], [id('1-0')]],
    });
    expect(tie).toMatchObject({
      scores: [1, 1],
      tokens: [3, 3],
      winners: [0, 1],
      phase: 'gameOver',
    });
    const one = endRound({ ...s, tokens: [0, 2], hands: [[], [{ pos: 1, tile: id('9-9') }]] });
    expect(one).toMatchObject({ scores: [0, 18], tokens: [1, 2], winners: [], phase: 'roundOver' });
    const next = v.nextRound(one);
    expect(next).toMatchObject({ round: 2, phase: 'deal', tokens: [1, 2], scores: [0, 18] });
    expect(v.need(next)).toMatchObject({ kind: 'deal', rule: 'E-1' });
  });

  it('E-12: reaching tokensToWin (option) ends the game; players reaching it at once share it', () => {
    const s = run(tableA([]), play(1, '2-0', 'p1'));
    const game = { ...s, options: { ...s.options, tokensToWin: 1 } };
    const w = run(game, pass(0), pass(1));
    // 36 pips each: both win a token.
    expect(w).toMatchObject({
      phase: 'gameOver',
      scores: [36, 36],
      winners: [0, 1],
      tokens: [1, 1],
    });
  });
});

describe('engine-191 audit', () => {
  it('E-5: the full-information replay names a false claim by seat, move index and rule', () => {
    const start = dealt(
      [
        ['3-3', '4-2', '5-5', '5-2', '6-1'],
        ['2-2', '2-0', '5-0', '7-7', '9-8'],
      ],
      ['8-1', '8-0', '1-1'],
      { set: 9 },
    );
    const moves = [
      choose(0, '3-3'),
      choose(1, '2-2'),
      play(1, '2-0', 'p1'),
      play(0, '5-2', 'p0'),
      draw(1),
      pass(1),
      play(0, '5-5', 'p0'),
      pass(0),
      draw(1), // seat 1 holds 5-0, which continues the 5-5: a false claim
      pass(1),
    ];
    const report = auditRound(v, start, moves);
    expect(report.complete).toBe(true);
    expect(report.violations).toEqual([
      expect.objectContaining({ seat: 1, round: 1, moveIndex: 8, rule: 'E-5' }),
    ]);
  });
});
