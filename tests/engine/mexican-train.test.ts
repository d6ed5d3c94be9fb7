// Mexican Train (MT-*) and its tournament rules (TT-*), rule by rule, on
// explicit deals; plus views, claims and the end-of-round audit.
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  auditRound,
  dealCards,
  defaultOptions,
  parseTile,
  revealCard,
  tileName,
  viewOf,
} from '../../src/lib/engine';
import type { EngineError, Json, Move, Supply, Variant } from '../../src/lib/engine';
import {
  joinSeat,
  mexicanTrain,
  mexicanTrainTournament,
  places,
  settleScores,
} from '../../src/lib/engine/variants/mexican-train';
import type { MtState } from '../../src/lib/engine/variants/mexican-train';

type V = Variant<MtState>;
const MT = mexicanTrain;
const TT = mexicanTrainTournament;

interface Deal {
  readonly hands: string[][];
  readonly boneyard?: string[];
  readonly engine?: string;
  readonly firstPlayer?: number;
  readonly scores?: number[];
}

function must<T>(r: { ok: true; value: T } | { ok: false; error: EngineError }): T {
  if (!r.ok) throw new Error(`${r.error.code} ${r.error.rule}: ${r.error.message}`);
  return r.value;
}

const tile = (v: V, s: MtState, text: string) =>
  parseTile(v.tileSet(s.players, s.options), text) as number;

/** Deals a round (the first, or the next after `from`) and runs its automatic opening. */
function begin(v: V, options: Record<string, number>, deal: Deal, from?: MtState): MtState {
  const players = deal.hands.length;
  let s = from
    ? v.nextRound(from)
    : v.newGame(players, defaultOptions(v as unknown as Variant, players, options));
  const round = { ...deal, boneyard: deal.boneyard ?? [], moves: [] };
  s = must(v.scenario.prepareRound(s, round, !from));
  const set = v.tileSet(players, s.options);
  s = must(v.supply(s, { kind: 'deal', ...dealCards(set, deal.hands, deal.boneyard ?? []) }));
  return settle(v, s, deal);
}

function settle(v: V, start: MtState, deal: Deal): MtState {
  let s = start;
  for (;;) {
    const need = v.need(s);
    if (need && s.phase === 'setup') {
      s = must(
        v.supply(s, must(v.scenario.answer(s, need, { ...deal, boneyard: [], moves: [] }, 0))),
      );
      continue;
    }
    const auto = v.setupMove(s);
    if (!auto) return s;
    s = must(applyMove(v, s, auto)).state;
  }
}

type MoveText =
  | [seat: number, type: 'draw' | 'pass']
  | [seat: number, type: 'play', tile: string, target: string]
  | [seat: number, type: 'declare', tile: string | null];

function toMove(v: V, s: MtState, m: MoveText): Move {
  const [seat, type] = m;
  if (type === 'play') return { seat, type, tile: tile(v, s, m[2]), target: m[3] as `p${number}` };
  if (type === 'declare') return { seat, type, tile: m[2] === null ? null : tile(v, s, m[2]) };
  return { seat, type };
}

/** Applies moves that must all be legal. */
function play(v: V, s: MtState, ...moves: MoveText[]): MtState {
  return moves.reduce((st, m) => must(applyMove(v, st, toMove(v, st, m))).state, s);
}

/** The error a move gets. */
function refuse(v: V, s: MtState, m: MoveText): EngineError {
  const r = applyMove(v, s, toMove(v, s, m));
  if (r.ok) throw new Error(`accepted: ${JSON.stringify(m)}`);
  return r.error;
}

interface TrainOut {
  tiles: string[];
  open: number | null;
  marker: boolean;
}
type Out = Record<string, Json> & {
  trains: Record<'p0' | 'p1' | 'p2', TrainOut> & { mexican?: TrainOut };
  hands: string[][];
  scores: number[];
  winners: number[];
  pendingDoubles: { tile: string; target: string }[];
};
const show = (v: V, s: MtState) => v.scenarioState(s) as unknown as Out;

function legal(v: V, s: MtState): string[] {
  const set = v.tileSet(s.players, s.options);
  return v
    .legalMoves(s)
    .map((m) =>
      m.type === 'play'
        ? `${m.tile === null ? '' : tileName(set, m.tile)}>${m.target}`
        : m.type === 'declare'
          ? `declare ${m.tile === null ? 'null' : tileName(set, m.tile)}`
          : m.type,
    )
    .sort();
}

const six = { set: 6, handSize: 3 };

describe('mexican-train: deal and engine', () => {
  it('MT-1 C-1: a double-12 set of 91 tiles; 15 each for 2–4 players, 11 for 5–6, 8 for 7–8', () => {
    for (const [players, size] of [
      [2, 15],
      [4, 15],
      [5, 11],
      [6, 11],
      [7, 8],
      [8, 8],
    ] as const) {
      const need = MT.need(MT.newGame(players, defaultOptions(MT as unknown as Variant, players)));
      expect(need?.kind).toBe('deal');
      if (need?.kind !== 'deal') return;
      expect(need.tiles).toHaveLength(91);
      expect(need.handSizes).toEqual(Array.from({ length: players }, () => size));
      expect(need.rule).toBe('MT-1');
    }
  });

  it('MT-1: the handSize and set options; a hand size too big for the set is cut to fit', () => {
    const need = MT.need(MT.newGame(4, { set: 6, handSize: 5, rounds: 1 }));
    expect(need?.kind === 'deal' && need.tiles.length).toBe(28);
    expect(need?.kind === 'deal' && need.handSizes).toEqual([5, 5, 5, 5]);
    const big = MT.need(MT.newGame(8, { set: 6, handSize: 15, rounds: 1 }));
    expect(big?.kind === 'deal' && big.handSizes).toEqual(Array.from({ length: 8 }, () => 3));
  });

  it('MT-2 MT-3: doubles are called from the highest down; the holder of the highest lays it and starts', () => {
    const s0 = begin(MT, six, {
      hands: [
        ['5-5', '5-1', '2-1'],
        ['3-3', '6-0', '4-1'],
        ['1-1', '0-0', '2-0'],
      ],
      boneyard: ['6-6', '4-4'],
    });
    // 6-6 is in the boneyard: three nulls for it, then seat 0 declares 5-5.
    expect(s0.moveIndex).toBe(4);
    const out = show(MT, s0);
    expect(out).toMatchObject({ phase: 'playing', turn: 0, engine: '5-5', starter: 0 });
    expect(out.hands[0]).toEqual(['5-1', '2-1']);
    expect(out.trains.p2).toEqual({ tiles: [], open: 5, marker: false });
  });

  it('MT-2: the call-down, step by step from seat 0, as moves with honest answers', () => {
    const players = 2;
    let s = MT.newGame(players, { set: 6, handSize: 2, rounds: 1 });
    const set = MT.tileSet(players, s.options);
    s = must(
      MT.supply(s, {
        kind: 'deal',
        ...dealCards(
          set,
          [
            ['2-1', '4-0'],
            ['6-6', '3-0'],
          ],
          [],
        ),
      }),
    );
    expect(s.phase).toBe('setup');
    expect(s.turn).toBe(0);
    expect(legal(MT, s)).toEqual(['declare null']);
    expect(refuse(MT, s, [0, 'declare', '6-6'])).toMatchObject({ rule: 'MT-2' });
    expect(refuse(MT, s, [0, 'draw'])).toMatchObject({ rule: 'MT-2' });
    expect(refuse(MT, s, [1, 'declare', '6-6'])).toMatchObject({ code: 'NOT_YOUR_TURN' });
    s = play(MT, s, [0, 'declare', null]);
    expect(legal(MT, s)).toEqual(['declare 6-6']);
    // MT-2: holding the called double, a null answer is a breach.
    expect(refuse(MT, s, [1, 'declare', null])).toMatchObject({
      code: 'ILLEGAL_MOVE',
      rule: 'MT-2',
    });
    expect(refuse(MT, s, [1, 'declare', '3-3'])).toMatchObject({ rule: 'MT-2' });
    s = play(MT, s, [1, 'declare', '6-6']);
    expect(show(MT, s)).toMatchObject({ phase: 'playing', turn: 1, engine: '6-6' });
    // MT-2: a declared double that is not in the hand cannot be laid.
    let t = MT.newGame(players, { set: 6, handSize: 2, rounds: 1 });
    t = must(
      MT.supply(t, {
        kind: 'deal',
        ...dealCards(
          set,
          [
            ['2-1', '4-0'],
            ['6-6', '3-0'],
          ],
          [],
        ),
      }),
    );
    expect(refuse(MT, t, [0, 'declare', '6-6'])).toMatchObject({ rule: 'MT-2' });
  });

  it('MT-2: with no double in any hand, seats draw in turn from seat 0 until one draws a double', () => {
    const s = begin(MT, six, {
      hands: [
        ['5-1', '2-1', '4-0'],
        ['6-0', '4-1', '3-1'],
      ],
      boneyard: ['6-2', '5-3', '4-4', '1-0'],
    });
    const out = show(MT, s);
    expect(out).toMatchObject({
      phase: 'playing',
      turn: 0,
      engine: '4-4',
      boneyard: 1,
      starter: 0,
    });
    expect(out.hands).toEqual([
      ['5-1', '2-1', '4-0', '6-2'],
      ['6-0', '4-1', '3-1', '5-3'],
    ]);
  });

  it('MT-2: the draw-off steps are a draw, then an honest declare', () => {
    let s = MT.newGame(2, { set: 6, handSize: 1, rounds: 1 });
    const set = MT.tileSet(2, s.options);
    s = must(MT.supply(s, { kind: 'deal', ...dealCards(set, [['5-1'], ['6-0']], ['2-2', '1-0']) }));
    for (let i = 0; i < 14; i++) s = must(applyMove(MT, s, MT.setupMove(s) as Move)).state;
    expect(s.opening).toEqual({ kind: 'drawOff', drawn: null });
    expect(legal(MT, s)).toEqual(['draw']);
    expect(refuse(MT, s, [0, 'declare', null])).toMatchObject({ rule: 'MT-2' });
    s = play(MT, s, [0, 'draw']);
    expect(legal(MT, s)).toEqual(['declare 2-2']);
    expect(refuse(MT, s, [0, 'declare', null])).toMatchObject({ rule: 'MT-2' });
    expect(refuse(MT, s, [0, 'declare', '1-1'])).toMatchObject({ rule: 'MT-2' });
    s = play(MT, s, [0, 'declare', '2-2']);
    expect(show(MT, s)).toMatchObject({ engine: '2-2', turn: 0, phase: 'playing' });
  });

  it('MT-2: a later draw-off starts left of the previous round’s starter', () => {
    // MT-10 (reading): seat 1 lays its only tile as the engine and is out at once.
    let s = begin(MT, { set: 6, handSize: 1, rounds: 2 }, { hands: [['1-1'], ['2-2'], ['1-0']] });
    expect(show(MT, s)).toMatchObject({
      phase: 'roundOver',
      starter: 1,
      engine: '2-2',
      scores: [2, 0, 1],
    });
    s = begin(MT, {}, { hands: [['5-1'], ['6-0'], ['4-1']], boneyard: ['6-2', '3-3', '0-0'] }, s);
    // Seat 2 (left of seat 1) draws 6-2, seat 0 draws 3-3 and starts.
    expect(show(MT, s)).toMatchObject({ engine: '3-3', starter: 0, turn: 0 });
    expect(show(MT, s).hands[2]).toEqual(['4-1', '6-2']);
  });

  it('MT-2 (reading): a draw-off that empties the boneyard without a double ends the round, scored', () => {
    const s = begin(
      MT,
      { set: 6, handSize: 1, rounds: 2 },
      { hands: [['5-1'], ['6-0']], boneyard: ['4-0'] },
    );
    const out = show(MT, s);
    expect(out).toMatchObject({ phase: 'roundOver', turn: null, engine: null, boneyard: 0 });
    expect(out.scores).toEqual([10, 6]);
  });

  it('MT-2: the rounds option (1–13, default 13) sets the game’s length', () => {
    expect(MT.optionSpecs.find((o) => o.key === 'rounds')).toMatchObject({
      min: 1,
      max: 13,
      rule: 'MT-2',
    });
    expect(defaultOptions(MT as unknown as Variant, 4).rounds).toBe(13);
    let s = begin(
      MT,
      { set: 6, handSize: 2, rounds: 2 },
      {
        hands: [
          ['1-1', '4-0'],
          ['2-2', '5-0'],
        ],
      },
    );
    s = play(MT, s, [1, 'pass'], [0, 'pass']);
    expect(s.phase).toBe('roundOver');
    s = begin(
      MT,
      {},
      {
        hands: [
          ['1-1', '4-0'],
          ['2-2', '5-0'],
        ],
      },
      s,
    );
    s = play(MT, s, [1, 'pass'], [0, 'pass']);
    expect(show(MT, s)).toMatchObject({ phase: 'gameOver', scores: [12, 10], winners: [1] });
    expect(MT.nextRound(s)).toBe(s);
  });
});

describe('mexican-train: turns', () => {
  // Seat 0 lays 6-6 and begins p0; seat 1 begins p1 with 6-0.
  const opening = (): MtState =>
    begin(
      MT,
      { set: 6, handSize: 4 },
      {
        hands: [
          ['6-6', '6-3', '2-1', '5-5'],
          ['6-0', '5-4', '4-4', '3-2'],
        ],
        boneyard: ['1-0', '3-1', '2-0'],
      },
    );

  it('MT-3 MT-4: the starter’s first turn may only begin their own train; then play passes left', () => {
    const s = opening();
    expect(legal(MT, s)).toEqual(['6-3>p0']);
    expect(refuse(MT, s, [0, 'play', '6-3', 'mexican'])).toMatchObject({ rule: 'MT-4' });
    expect(refuse(MT, s, [0, 'draw'])).toMatchObject({ code: 'ILLEGAL_MOVE', rule: 'MT-4' });
    const after = play(MT, s, [0, 'play', '6-3', 'p0']);
    expect(after.turn).toBe(1);
    expect(legal(MT, after)).toEqual(['6-0>p1']);
  });

  it('MT-4: unable to begin their train, a player draws; a drawn tile that begins it may be played, or the marker goes on the empty station', () => {
    const s = begin(
      MT,
      { set: 6, handSize: 2 },
      {
        hands: [
          ['6-6', '2-1'],
          ['5-4', '4-4'],
          ['6-0', '3-3'],
        ],
        boneyard: ['6-2', '1-0', '5-0'],
      },
    );
    expect(legal(MT, s)).toEqual(['draw']);
    const drew = play(MT, s, [0, 'draw']);
    expect(legal(MT, drew)).toEqual(['6-2>p0', 'pass']);
    const passed = play(MT, drew, [0, 'pass']);
    expect(show(MT, passed).trains.p0).toEqual({ tiles: [], open: 6, marker: true });
    // MT-4: seat 1 draws 1-0, which cannot begin p1: only a pass.
    const s1 = play(MT, passed, [1, 'draw']);
    expect(legal(MT, s1)).toEqual(['pass']);
    // MT-4: on their first turn seat 2 may not begin seat 0's marked train.
    const s2 = play(MT, s1, [1, 'pass']);
    expect(refuse(MT, s2, [2, 'play', '6-0', 'p0'])).toMatchObject({ rule: 'MT-4' });
    expect(legal(MT, s2)).toEqual(['6-0>p2']);
  });

  it('MT-5 MT-9: after the first turn: one’s own train, the Mexican Train, and trains that carry a marker', () => {
    let s = opening();
    s = play(MT, s, [0, 'play', '6-3', 'p0'], [1, 'play', '6-0', 'p1']);
    // Seat 0: 2-1 and 5-5 fit neither p0 (3) nor a new Mexican Train (6).
    expect(legal(MT, s)).toEqual(['draw']);
    s = play(MT, s, [0, 'draw']);
    expect(legal(MT, s)).toEqual(['pass']);
    s = play(MT, s, [0, 'pass']);
    expect(show(MT, s).trains.p0).toMatchObject({ marker: true });
    // MT-9: p0 carries a marker, so seat 1 may play 3-2 there.
    expect(legal(MT, s)).toEqual(['3-2>p0']);
    expect(refuse(MT, s, [1, 'play', '5-4', 'p0'])).toMatchObject({ rule: 'MT-5' });
    s = play(MT, s, [1, 'play', '3-2', 'p0']);
    // The marker stays until its owner plays there (MT-9).
    expect(show(MT, s).trains.p0).toEqual({ tiles: ['6-3', '3-2'], open: 2, marker: true });
    expect(legal(MT, s)).toEqual(['2-1>p0']);
    s = play(MT, s, [0, 'play', '2-1', 'p0']);
    expect(show(MT, s).trains.p0).toEqual({ tiles: ['6-3', '3-2', '2-1'], open: 1, marker: false });
  });

  it('MT-5: the Mexican Train is begun with a tile matching the engine, once one’s own train has begun; private trains are closed', () => {
    let s = begin(
      MT,
      { set: 6, handSize: 3 },
      {
        hands: [
          ['6-6', '6-2', '2-1', '4-3'],
          ['6-1', '6-4', '3-0'],
          ['6-5', '5-5', '6-0'],
        ],
        boneyard: ['4-0', '1-0'],
      },
    );
    s = play(MT, s, [0, 'play', '6-2', 'p0'], [1, 'play', '6-1', 'p1'], [2, 'play', '6-5', 'p2']);
    expect(legal(MT, s)).toEqual(['2-1>p0']);
    expect(refuse(MT, s, [0, 'play', '2-1', 'p1'])).toMatchObject({
      code: 'ILLEGAL_MOVE',
      rule: 'MT-5',
    });
    s = play(MT, s, [0, 'play', '2-1', 'p0']);
    expect(legal(MT, s)).toEqual(['6-4>mexican']);
    s = play(MT, s, [1, 'play', '6-4', 'mexican']);
    expect(show(MT, s).trains.mexican).toEqual({ tiles: ['6-4'], open: 4, marker: false });
    expect(legal(MT, s).sort()).toEqual(['5-5>p2']);
  });

  it('MT-5: nobody may begin the Mexican Train before their own train', () => {
    let s = begin(
      MT,
      { set: 6, handSize: 2 },
      {
        hands: [
          ['6-6', '2-1'],
          ['6-0', '6-3'],
        ],
        boneyard: ['6-1', '4-1'],
      },
    );
    // MT-4: playing the drawn 6-1 is optional; seat 0 passes and leaves p0 empty.
    s = play(MT, s, [0, 'draw'], [0, 'pass'], [1, 'play', '6-0', 'p1']);
    expect(legal(MT, s)).toEqual(['6-1>p0']);
    expect(refuse(MT, s, [0, 'play', '6-1', 'mexican'])).toMatchObject({ rule: 'MT-5' });
  });
});

describe('mexican-train: doubles, drawing, passing', () => {
  // Seat 0 lays 6-6, begins p0 with 6-3; seat 1 begins p1 with 6-0; seat 0 lays 3-3 on p0.
  const doubleLaid = (s1: string[], boneyard: string[]): MtState =>
    play(
      MT,
      begin(
        MT,
        { set: 6, handSize: 5 },
        {
          hands: [['6-6', '6-3', '3-3', '6-1', '1-0'], s1],
          boneyard,
        },
      ),
      [0, 'play', '6-3', 'p0'],
      [1, 'play', '6-0', 'p1'],
      [0, 'play', '3-3', 'p0'],
    );

  it('MT-6: a double must be satisfied at once by its player, on that double; nothing else is legal', () => {
    const s = doubleLaid(['6-0', '0-4', '5-4', '3-1'], ['3-2', '5-5']);
    expect(s.turn).toBe(0);
    expect(show(MT, s).pendingDoubles).toEqual([{ tile: '3-3', target: 'p0' }]);
    expect(legal(MT, s)).toEqual(['draw']);
    expect(refuse(MT, s, [0, 'play', '6-1', 'mexican'])).toMatchObject({
      code: 'ILLEGAL_MOVE',
      rule: 'MT-6',
    });
    expect(refuse(MT, s, [0, 'pass'])).toMatchObject({ rule: 'MT-6' });
  });

  it('MT-6 C-5: a drawn tile that satisfies the double must be played there; only the drawn tile may be played', () => {
    let s = play(MT, doubleLaid(['6-0', '0-4', '5-4', '3-1'], ['3-2', '5-5']), [0, 'draw']);
    expect(legal(MT, s)).toEqual(['3-2>p0']);
    expect(refuse(MT, s, [0, 'pass'])).toMatchObject({ code: 'ILLEGAL_MOVE', rule: 'MT-6' });
    expect(refuse(MT, s, [0, 'play', '1-0', 'p0'])).toMatchObject({ rule: 'C-5' });
    s = play(MT, s, [0, 'play', '3-2', 'p0']);
    expect(show(MT, s)).toMatchObject({ turn: 1, pendingDoubles: [] });
    expect(show(MT, s).trains.p0).toEqual({ tiles: ['6-3', '3-3', '3-2'], open: 2, marker: false });
  });

  it('MT-6 MT-7: unable to satisfy it, the player draws, marks their own train and the duty passes left', () => {
    let s = play(MT, doubleLaid(['6-0', '0-4', '5-4', '1-1'], ['5-5', '2-0', '3-1']), [0, 'draw']);
    expect(legal(MT, s)).toEqual(['pass']);
    s = play(MT, s, [0, 'pass']);
    expect(show(MT, s)).toMatchObject({ turn: 1, pendingDoubles: [{ tile: '3-3', target: 'p0' }] });
    expect(show(MT, s).trains.p0.marker).toBe(true);
    // MT-7: seat 1 could play 0-4 on p1, but the double comes first.
    expect(refuse(MT, s, [1, 'play', '0-4', 'p1'])).toMatchObject({
      code: 'ILLEGAL_MOVE',
      rule: 'MT-7',
    });
    expect(legal(MT, s)).toEqual(['draw']);
    s = play(MT, s, [1, 'draw']);
    // 2-0 would fit p1, but only satisfying the double is legal.
    expect(legal(MT, s)).toEqual(['pass']);
    s = play(MT, s, [1, 'pass']);
    expect(show(MT, s).trains.p1.marker).toBe(true);
    // Back to seat 0, now bound by MT-7 (it was laid on an earlier turn).
    s = play(MT, s, [0, 'draw']);
    expect(refuse(MT, s, [0, 'pass'])).toMatchObject({ rule: 'MT-7' });
    s = play(MT, s, [0, 'play', '3-1', 'p0']);
    // MT-9: the owner played on their own train: the marker is lifted.
    expect(show(MT, s).trains.p0).toEqual({ tiles: ['6-3', '3-3', '3-1'], open: 1, marker: false });
    expect(show(MT, s)).toMatchObject({ turn: 1, pendingDoubles: [] });
  });

  it('MT-7: the next player satisfies it (even drawing a holder of a playable tile is refused); play resumes left of them', () => {
    let s = play(
      MT,
      doubleLaid(['6-0', '0-4', '5-4', '3-1'], ['5-5', '2-0']),
      [0, 'draw'],
      [0, 'pass'],
    );
    expect(legal(MT, s)).toEqual(['3-1>p0']);
    expect(refuse(MT, s, [1, 'draw'])).toMatchObject({ code: 'ILLEGAL_MOVE', rule: 'MT-7' });
    s = play(MT, s, [1, 'play', '3-1', 'p0']);
    expect(show(MT, s)).toMatchObject({ turn: 0, pendingDoubles: [] });
    expect(show(MT, s).trains.p0).toEqual({ tiles: ['6-3', '3-3', '3-1'], open: 1, marker: true });
  });

  it('MT-8 MT-6: a drawn double may be laid; the player then owes its satisfaction and may draw again', () => {
    let s = begin(
      MT,
      { set: 6, handSize: 3 },
      {
        hands: [
          ['6-6', '6-3', '2-1'],
          ['6-0', '5-4', '4-4'],
        ],
        boneyard: ['3-3', '5-5', '3-2'],
      },
    );
    s = play(MT, s, [0, 'play', '6-3', 'p0'], [1, 'play', '6-0', 'p1'], [0, 'draw']);
    expect(legal(MT, s)).toEqual(['3-3>p0', 'pass']);
    s = play(MT, s, [0, 'play', '3-3', 'p0']);
    expect(show(MT, s)).toMatchObject({ turn: 0, pendingDoubles: [{ tile: '3-3', target: 'p0' }] });
    expect(legal(MT, s)).toEqual(['draw']);
    s = play(MT, s, [0, 'draw']);
    expect(legal(MT, s)).toEqual(['pass']);
    s = play(MT, s, [0, 'pass']);
    expect(show(MT, s)).toMatchObject({ turn: 1, boneyard: 1 });
    expect(show(MT, s).trains.p0).toEqual({ tiles: ['6-3', '3-3'], open: 3, marker: true });
  });

  it('MT-8: draw only without a legal play; a playable drawn tile may be played or kept (marker)', () => {
    let s = begin(
      MT,
      { set: 6, handSize: 4 },
      {
        hands: [
          ['6-6', '6-3', '2-1', '5-5'],
          ['6-0', '5-4', '4-4', '3-2'],
        ],
        boneyard: ['3-1', '2-0'],
      },
    );
    s = play(MT, s, [0, 'play', '6-3', 'p0'], [1, 'play', '6-0', 'p1']);
    expect(refuse(MT, s, [0, 'pass'])).toMatchObject({ code: 'ILLEGAL_MOVE', rule: 'MT-8' });
    s = play(MT, s, [0, 'draw']);
    expect(legal(MT, s)).toEqual(['3-1>p0', 'pass']);
    expect(refuse(MT, s, [0, 'draw'])).toMatchObject({ rule: 'MT-8' });
    s = play(MT, s, [0, 'pass']);
    expect(show(MT, s).trains.p0.marker).toBe(true);
    // Seat 1 holds 3-2, playable on the marked p0: drawing is refused.
    expect(refuse(MT, s, [1, 'draw'])).toMatchObject({ code: 'ILLEGAL_MOVE', rule: 'MT-8' });
  });

  it('MT-8 MT-10 MT-11: with the boneyard empty a player marks their train and passes; all passing blocks the round', () => {
    let s = begin(
      MT,
      { set: 6, handSize: 3, rounds: 1 },
      {
        hands: [
          ['6-6', '6-4', '5-0'],
          ['6-1', '3-2', '2-2'],
        ],
      },
    );
    s = play(MT, s, [0, 'play', '6-4', 'p0'], [1, 'play', '6-1', 'p1']);
    expect(legal(MT, s)).toEqual(['pass']);
    expect(refuse(MT, s, [0, 'draw'])).toMatchObject({ rule: 'MT-8' });
    s = play(MT, s, [0, 'pass']);
    expect(show(MT, s).trains.p0.marker).toBe(true);
    s = play(MT, s, [1, 'pass']);
    expect(show(MT, s)).toMatchObject({
      phase: 'gameOver',
      turn: null,
      scores: [5, 9],
      winners: [0],
    });
  });

  it('C-7: a pass right after drawing the last tile is made with nothing left to draw: it counts', () => {
    const hands = [
      ['6-6', '6-3', '2-1'],
      ['6-0', '5-4'],
    ];
    let s = begin(MT, { set: 6, handSize: 3, rounds: 1 }, { hands, boneyard: ['1-1'] });
    s = play(MT, s, [0, 'play', '6-3', 'p0'], [1, 'play', '6-0', 'p1'], [0, 'draw'], [0, 'pass']);
    s = play(MT, s, [1, 'pass']);
    expect(show(MT, s)).toMatchObject({ phase: 'gameOver', scores: [5, 9] });
  });

  it('C-7: a pass after a draw that leaves tiles in the boneyard does not count', () => {
    const hands = [
      ['6-6', '6-3', '2-1'],
      ['6-0', '5-4'],
    ];
    let s = begin(MT, { set: 6, handSize: 3, rounds: 1 }, { hands, boneyard: ['1-1', '2-2'] });
    s = play(MT, s, [0, 'play', '6-3', 'p0'], [1, 'play', '6-0', 'p1'], [0, 'draw'], [0, 'pass']);
    s = play(MT, s, [1, 'draw'], [1, 'pass']);
    expect(s.phase).toBe('playing');
    s = play(MT, s, [0, 'pass']);
    expect(show(MT, s)).toMatchObject({ phase: 'gameOver', scores: [5, 13] });
  });

  it('C-7: a play between passes starts the count again', () => {
    let s = begin(
      MT,
      { set: 6, handSize: 3, rounds: 1 },
      {
        hands: [
          ['6-6', '6-3', '2-1', '1-1'],
          ['6-0', '5-4', '3-2'],
        ],
      },
    );
    s = play(
      MT,
      s,
      [0, 'play', '6-3', 'p0'],
      [1, 'play', '6-0', 'p1'],
      [0, 'pass'],
      [1, 'play', '3-2', 'p0'],
    );
    s = play(MT, s, [0, 'play', '2-1', 'p0'], [1, 'pass']);
    expect(s.phase).toBe('playing');
    s = play(MT, s, [0, 'play', '1-1', 'p0']);
    expect(show(MT, s)).toMatchObject({ phase: 'gameOver', scores: [0, 9], pendingDoubles: [] });
  });

  it('MT-10: the last tile ends the round; a final double needs no satisfying', () => {
    let s = begin(
      MT,
      { set: 6, handSize: 3, rounds: 2 },
      {
        hands: [
          ['6-6', '6-3', '3-3'],
          ['6-0', '5-4', '4-1'],
        ],
      },
    );
    s = play(MT, s, [0, 'play', '6-3', 'p0'], [1, 'play', '6-0', 'p1'], [0, 'play', '3-3', 'p0']);
    expect(show(MT, s)).toMatchObject({
      phase: 'roundOver',
      turn: null,
      pendingDoubles: [],
      scores: [0, 14],
      winners: [],
    });
    expect(legal(MT, s)).toEqual([]);
    expect(refuse(MT, s, [1, 'pass'])).toMatchObject({ code: 'WRONG_PHASE' });
  });

  it('MT-11: pips left in hand add to the totals over rounds; the lowest total wins and ties share', () => {
    const deal = {
      hands: [
        ['6-6', '6-4', '5-0'],
        ['6-1', '3-2', '2-2'],
      ],
    };
    let s = begin(MT, { set: 6, handSize: 3, rounds: 2 }, deal);
    s = play(MT, s, [0, 'play', '6-4', 'p0'], [1, 'play', '6-1', 'p1'], [0, 'pass'], [1, 'pass']);
    expect(show(MT, s)).toMatchObject({ phase: 'roundOver', scores: [5, 9] });
    s = begin(
      MT,
      {},
      {
        hands: [
          ['6-6', '6-1', '4-0'],
          ['6-4', '1-0', '5-3'],
        ],
      },
      s,
    );
    // Seat 1 plays on seat 0's marked train, which lets seat 0 go out; seat 1 keeps 5-3.
    s = play(
      MT,
      s,
      [0, 'play', '6-1', 'p0'],
      [1, 'play', '6-4', 'p1'],
      [0, 'pass'],
      [1, 'play', '1-0', 'p0'],
    );
    s = play(MT, s, [0, 'play', '4-0', 'p0']);
    expect(show(MT, s)).toMatchObject({ phase: 'gameOver', scores: [5, 17], winners: [0] });
    expect(settleScores(s)).toBe(s);
    const tie = begin(
      MT,
      { set: 6, handSize: 3, rounds: 1 },
      {
        hands: [
          ['6-6', '6-4', '5-0'],
          ['6-1', '3-2'],
        ],
      },
    );
    const end = play(
      MT,
      tie,
      [0, 'play', '6-4', 'p0'],
      [1, 'play', '6-1', 'p1'],
      [0, 'pass'],
      [1, 'pass'],
    );
    expect(show(MT, end)).toMatchObject({ phase: 'gameOver', scores: [5, 5], winners: [0, 1] });
  });
});

describe('mexican-train-tournament', () => {
  const t6 = { set: 6, handSize: 4, startDouble: 6 };
  const tt = (hands: string[][], boneyard: string[] = [], firstPlayer = 0) =>
    begin(TT, t6, { hands, boneyard, firstPlayer });

  it('TT-1 TT-3: 12 tiles each for up to 6 players, 10 for 7–8; the 9-9 is taken out before the deal', () => {
    for (const [players, size] of [
      [2, 12],
      [6, 12],
      [7, 10],
      [8, 10],
    ] as const) {
      const need = TT.need(TT.newGame(players, defaultOptions(TT as unknown as Variant, players)));
      if (need?.kind !== 'deal') throw new Error('a deal is due');
      expect(need.rule).toBe('TT-1');
      expect(need.handSizes).toEqual(Array.from({ length: players }, () => size));
      expect(need.tiles).toHaveLength(90);
      expect(need.tiles).not.toContain(parseTile(TT.tileSet(players, {}), '9-9'));
    }
  });

  it('TT-3: the engine is laid face up; each round takes the next lower double; the game ends after 0-0', () => {
    let s = begin(
      TT,
      { set: 6, handSize: 1, startDouble: 1 },
      { hands: [['5-0'], ['6-0']], firstPlayer: 0 },
    );
    expect(show(TT, s)).toMatchObject({ engine: '1-1', phase: 'playing', turn: 0 });
    expect(show(TT, s).trains.p1).toEqual({ tiles: [], open: 1, marker: false });
    s = play(TT, s, [0, 'pass'], [1, 'pass']);
    expect(s.phase).toBe('roundOver');
    const next = TT.nextRound(s);
    const need = TT.need(next);
    expect(need?.kind === 'deal' && need.tiles).not.toContain(tile(TT, s, '0-0'));
    expect(need?.kind === 'deal' && need.tiles).toContain(tile(TT, s, '1-1'));
    s = begin(TT, {}, { hands: [['5-1'], ['6-1']] }, s);
    expect(show(TT, s)).toMatchObject({ engine: '0-0', round: 2, turn: 1 });
    s = play(TT, s, [1, 'pass'], [0, 'pass']);
    expect(show(TT, s)).toMatchObject({ phase: 'gameOver', scores: [11, 13], winners: [0] });
  });

  it('TT-3: the startDouble option (0–12, default 9) is capped by a smaller set; a dealt engine is refused', () => {
    expect(TT.optionSpecs.find((o) => o.key === 'startDouble')).toMatchObject({
      min: 0,
      max: 12,
      rule: 'TT-3',
    });
    expect(TT.newGame(4, { set: 6, handSize: 3, startDouble: 9 }).engineSuit).toBe(6);
    const s = TT.newGame(2, { set: 12, handSize: 12, startDouble: 12 });
    const need = TT.need(s);
    expect(need?.kind === 'deal' && need.tiles).not.toContain(tile(TT, s, '12-12'));
    const set = TT.tileSet(2, s.options);
    const bad = TT.supply(s, { kind: 'deal', ...dealCards(set, [['12-12'], ['3-0']], []) });
    expect(bad).toMatchObject({ ok: false, error: { code: 'BAD_SUPPLY' } });
    expect(
      refuse(
        TT,
        tt([
          ['6-1', '0-0'],
          ['5-5', '1-0'],
        ]),
        [0, 'declare', '0-0'],
      ),
    ).toMatchObject({ rule: 'TT-3' });
  });

  it('TT-2: the first player of round 1 is drawn for (a protocol need); then it moves one seat left each round', () => {
    let s = TT.newGame(3, { set: 6, handSize: 1, startDouble: 6 });
    const set = TT.tileSet(3, s.options);
    s = must(TT.supply(s, { kind: 'deal', ...dealCards(set, [['5-0'], ['4-0'], ['3-0']], []) }));
    expect(s).toMatchObject({ phase: 'setup', turn: null });
    expect(TT.need(s)).toEqual({ kind: 'firstPlayer', among: [0, 1, 2], rule: 'TT-2' });
    expect(TT.legalMoves(s)).toEqual([]);
    expect(TT.supply(s, { kind: 'firstPlayer', seat: 3 })).toMatchObject({ ok: false });
    const deal: Supply = { kind: 'deal', hands: [], boneyard: [] };
    expect(TT.supply(s, deal)).toMatchObject({ ok: false, error: { code: 'BAD_SUPPLY' } });
    s = must(TT.supply(s, { kind: 'firstPlayer', seat: 2 }));
    expect(show(TT, s)).toMatchObject({ phase: 'playing', turn: 2, starter: 2 });
    s = play(TT, s, [2, 'pass'], [0, 'pass'], [1, 'pass']);
    s = begin(TT, {}, { hands: [['5-0'], ['4-0'], ['3-0']] }, s);
    expect(show(TT, s)).toMatchObject({ round: 2, engine: '5-5', turn: 0, starter: 0 });
  });

  it('TT-4: the first player may begin their own train or the Mexican Train; no first-turn restriction', () => {
    const s = tt(
      [
        ['6-3', '5-4'],
        ['6-5', '4-1'],
      ],
      ['2-0'],
    );
    expect(legal(TT, s)).toEqual(['6-3>mexican', '6-3>p0']);
    let t = play(TT, s, [0, 'play', '6-3', 'mexican']);
    expect(legal(TT, t)).toEqual(['6-5>p1']);
    // A first turn may also go on a marked train.
    t = tt(
      [
        ['5-4', '3-2'],
        ['6-5', '4-1'],
        ['6-1', '0-0'],
      ],
      ['2-0'],
    );
    t = play(TT, t, [0, 'draw'], [0, 'pass']);
    expect(legal(TT, t)).toEqual(['6-5>mexican', '6-5>p0', '6-5>p1']);
  });

  it('TT-5: after a double the player owes one more tile anywhere legal, not necessarily on the double', () => {
    let s = tt(
      [
        ['6-3', '3-3', '5-2', '3-0'],
        ['6-5', '3-1', '4-4', '2-1'],
        ['6-4', '4-2', '0-0', '1-1'],
      ],
      ['2-2'],
    );
    s = play(
      TT,
      s,
      [0, 'play', '6-3', 'p0'],
      [1, 'play', '6-5', 'mexican'],
      [2, 'play', '6-4', 'p2'],
    );
    s = play(TT, s, [0, 'play', '3-3', 'p0']);
    expect(s.turn).toBe(0);
    expect(legal(TT, s)).toEqual(['3-0>p0', '5-2>mexican']);
    expect(refuse(TT, s, [0, 'draw'])).toMatchObject({ code: 'ILLEGAL_MOVE', rule: 'TT-5' });
    expect(refuse(TT, s, [0, 'pass'])).toMatchObject({ rule: 'TT-5' });
    s = play(TT, s, [0, 'play', '5-2', 'mexican']);
    expect(show(TT, s)).toMatchObject({ turn: 1, pendingDoubles: [{ tile: '3-3', target: 'p0' }] });
    expect(show(TT, s).trains.p0.marker).toBe(false);
    // TT-6: the double lies on seat 0's private train; seat 1 must satisfy it there first.
    expect(legal(TT, s)).toEqual(['3-1>p0']);
    expect(refuse(TT, s, [1, 'play', '2-1', 'mexican'])).toMatchObject({
      code: 'ILLEGAL_MOVE',
      rule: 'TT-6',
    });
    s = play(TT, s, [1, 'play', '3-1', 'p0']);
    expect(show(TT, s)).toMatchObject({ turn: 2, pendingDoubles: [] });
  });

  it('TT-5: unable to play the extra tile, the player draws and may play it; passing marks their train, the double unsatisfied', () => {
    let s = tt(
      [
        ['6-3', '3-3', '1-0'],
        ['6-5', '5-1', '4-4'],
        ['6-4', '4-2', '0-0'],
      ],
      ['5-2', '2-2'],
    );
    s = play(
      TT,
      s,
      [0, 'play', '6-3', 'p0'],
      [1, 'play', '6-5', 'mexican'],
      [2, 'play', '6-4', 'p2'],
    );
    s = play(TT, s, [0, 'play', '3-3', 'p0']);
    expect(legal(TT, s)).toEqual(['draw']);
    s = play(TT, s, [0, 'draw']);
    expect(legal(TT, s)).toEqual(['5-2>mexican', 'pass']);
    s = play(TT, s, [0, 'pass']);
    expect(show(TT, s)).toMatchObject({ turn: 1, pendingDoubles: [{ tile: '3-3', target: 'p0' }] });
    expect(show(TT, s).trains.p0.marker).toBe(true);
  });

  it('TT-5: a double as the extra tile owes yet another', () => {
    let s = tt([
      ['6-3', '3-3', '5-5', '3-0', '1-1'],
      ['6-5', '5-1', '2-0'],
      ['6-4', '4-2', '0-0'],
    ]);
    s = play(
      TT,
      s,
      [0, 'play', '6-3', 'p0'],
      [1, 'play', '6-5', 'mexican'],
      [2, 'play', '6-4', 'p2'],
    );
    s = play(TT, s, [0, 'play', '3-3', 'p0'], [0, 'play', '5-5', 'mexican']);
    expect(s.turn).toBe(0);
    expect(legal(TT, s)).toEqual(['3-0>p0']);
    s = play(TT, s, [0, 'play', '3-0', 'p0']);
    expect(show(TT, s)).toMatchObject({
      turn: 1,
      pendingDoubles: [{ tile: '5-5', target: 'mexican' }],
    });
    expect(legal(TT, s)).toEqual(['5-1>mexican']);
  });

  it('TT-6: unsatisfied doubles stack; the most recent is satisfied first, then the older one', () => {
    let s = tt(
      [
        ['6-3', '3-3', '5-5', '2-0', '1-0'],
        ['6-5', '4-1', '5-1', '3-1'],
        ['6-4', '4-2', '0-0', '3-2'],
      ],
      ['1-1', '2-2'],
    );
    s = play(
      TT,
      s,
      [0, 'play', '6-3', 'p0'],
      [1, 'play', '6-5', 'mexican'],
      [2, 'play', '6-4', 'p2'],
    );
    s = play(
      TT,
      s,
      [0, 'play', '3-3', 'p0'],
      [0, 'play', '5-5', 'mexican'],
      [0, 'draw'],
      [0, 'pass'],
    );
    expect(show(TT, s).pendingDoubles).toEqual([
      { tile: '3-3', target: 'p0' },
      { tile: '5-5', target: 'mexican' },
    ]);
    expect(legal(TT, s)).toEqual(['5-1>mexican']);
    expect(refuse(TT, s, [1, 'play', '3-1', 'p0'])).toMatchObject({
      code: 'ILLEGAL_MOVE',
      rule: 'TT-6',
    });
    s = play(TT, s, [1, 'play', '5-1', 'mexican']);
    expect(show(TT, s)).toMatchObject({ turn: 2, pendingDoubles: [{ tile: '3-3', target: 'p0' }] });
    expect(legal(TT, s)).toEqual(['3-2>p0']);
    s = play(TT, s, [2, 'play', '3-2', 'p0']);
    expect(show(TT, s)).toMatchObject({ turn: 0, pendingDoubles: [] });
  });

  it('TT-6: a player who cannot satisfy it draws; still unable, they mark their train and the duty passes left', () => {
    let s = tt(
      [
        ['6-3', '3-3', '1-0'],
        ['6-5', '5-1', '4-4'],
        ['6-4', '4-2', '3-2'],
      ],
      ['5-2', '2-2'],
    );
    s = play(
      TT,
      s,
      [0, 'play', '6-3', 'p0'],
      [1, 'play', '6-5', 'mexican'],
      [2, 'play', '6-4', 'p2'],
    );
    s = play(TT, s, [0, 'play', '3-3', 'p0'], [0, 'draw'], [0, 'pass']);
    expect(refuse(TT, s, [1, 'pass'])).toMatchObject({ rule: 'TT-6' });
    s = play(TT, s, [1, 'draw']);
    expect(legal(TT, s)).toEqual(['pass']);
    s = play(TT, s, [1, 'pass']);
    expect(show(TT, s).trains.p1.marker).toBe(true);
    expect(legal(TT, s)).toEqual(['3-2>p0']);
  });

  it('TT-7: a player who goes out on a double need not satisfy it', () => {
    let s = tt([
      ['6-3', '3-3'],
      ['6-5', '5-1'],
      ['6-4', '4-2'],
    ]);
    s = play(
      TT,
      s,
      [0, 'play', '6-3', 'p0'],
      [1, 'play', '6-5', 'mexican'],
      [2, 'play', '6-4', 'p2'],
    );
    s = play(TT, s, [0, 'play', '3-3', 'p0']);
    expect(show(TT, s)).toMatchObject({
      phase: 'roundOver',
      pendingDoubles: [],
      scores: [0, 6, 6],
    });
  });

  it('TT-8: results rank every player by total, lowest first; ties share a place', () => {
    expect(places([10, 3, 10, 7])).toEqual([3, 1, 3, 2]);
    let s = begin(
      TT,
      { set: 6, handSize: 2, startDouble: 0 },
      {
        hands: [
          ['1-0', '2-2'],
          ['3-0', '4-4'],
          ['6-5', '1-1'],
        ],
        firstPlayer: 0,
      },
    );
    s = play(
      TT,
      s,
      [0, 'play', '1-0', 'p0'],
      [1, 'play', '3-0', 'p1'],
      [2, 'pass'],
      [0, 'pass'],
      [1, 'pass'],
    );
    expect(show(TT, s)).toMatchObject({
      phase: 'gameOver',
      scores: [4, 8, 13],
      winners: [0],
      places: [1, 2, 3],
    });
  });

  it('TT-9: a player joins between rounds with the highest total; the first player keeps moving left', () => {
    let s = begin(
      TT,
      { set: 6, handSize: 2, startDouble: 6 },
      {
        hands: [
          ['5-0', '1-0'],
          ['4-1', '3-3'],
        ],
        firstPlayer: 1,
      },
    );
    expect(joinSeat(s)).toMatchObject({ ok: false, error: { code: 'WRONG_PHASE', rule: 'TT-9' } });
    s = play(TT, s, [1, 'pass'], [0, 'pass']);
    expect(show(TT, s).scores).toEqual([6, 11]);
    s = must(joinSeat(s));
    expect(s.players).toBe(3);
    expect(s.options.handSize).toBe(2);
    expect(show(TT, s).scores).toEqual([6, 11, 11]);
    s = begin(TT, {}, { hands: [['5-0'], ['4-1'], ['3-3']] }, s);
    expect(show(TT, s)).toMatchObject({ round: 2, engine: '5-5', turn: 2 });
    // Joining while dealing takes the rotation around the larger table too.
    const full = TT.newGame(6, defaultOptions(TT as unknown as Variant, 6));
    const seven = must(joinSeat(full));
    expect(seven.options.handSize).toBe(10);
    expect(joinSeat(must(joinSeat(seven)))).toMatchObject({ ok: false, error: { rule: 'TT-9' } });
    expect(joinSeat(MT.newGame(2, { set: 6, handSize: 1, rounds: 1 }))).toMatchObject({
      ok: false,
    });
  });
});

describe('mexican-train: views, claims and the audit', () => {
  /** The round's start, right after the deal (the call-down not yet made). */
  function dealt(
    v: V,
    options: Record<string, number>,
    hands: string[][],
    boneyard: string[],
  ): MtState {
    const s = v.newGame(
      hands.length,
      defaultOptions(v as unknown as Variant, hands.length, options),
    );
    return must(
      v.supply(s, {
        kind: 'deal',
        ...dealCards(v.tileSet(hands.length, s.options), hands, boneyard),
      }),
    );
  }

  function tileAt(s: MtState, pos: number): number {
    const card = [...s.hands.flat(), ...s.boneyard].find((c) => c.pos === pos);
    if (card?.tile == null) throw new Error(`position ${pos} unknown`);
    return card.tile;
  }

  /**
   * Plays `moves` as seat `watcher` sees them (other hands and the boneyard hidden,
   * disclosures revealed) while the full game carries them out as they are,
   * false claims included.
   */
  function watch(v: V, start: MtState, watcher: number, moves: MoveText[]) {
    let full = start;
    let view = viewOf(start, watcher);
    const claims: { seat: number; moveIndex: number; rule: string }[] = [];
    const played: Move[] = [];
    for (const text of moves) {
      const m = toMove(v, full, text);
      const ds = v.disclosures(full, m);
      for (const d of ds) {
        if (d.when === 'before') view = must(revealCard(view, d.pos, tileAt(full, d.pos)));
      }
      const r = must(applyMove(v, view, m));
      if (r.claim)
        claims.push({ seat: r.claim.seat, moveIndex: r.claim.moveIndex, rule: r.claim.rule });
      const next = v.perform(full, m);
      view = r.state;
      for (const d of ds) {
        if (d.when === 'after' && d.to === watcher)
          view = must(revealCard(view, d.pos, tileAt(next, d.pos)));
      }
      full = next;
      played.push(m);
    }
    return { full, view, claims, played };
  }

  const violations = (v: V, start: MtState, moves: readonly Move[]) =>
    auditRound(v, start, moves).violations.map(({ seat, moveIndex, rule }) => ({
      seat,
      moveIndex,
      rule,
    }));

  it('MT-2: a false `declare null` is a claim on the other views and a violation in the audit', () => {
    const start = dealt(
      MT,
      { set: 6, handSize: 3 },
      [
        ['6-6', '6-3', '2-1'],
        ['5-5', '5-1', '1-0'],
      ],
      ['4-0'],
    );
    const { claims, played, view } = watch(MT, start, 1, [
      [0, 'declare', null],
      [1, 'declare', null],
      [0, 'declare', null],
      [1, 'declare', '5-5'],
    ]);
    expect(claims).toContainEqual({ seat: 0, moveIndex: 0, rule: 'MT-2' });
    expect(show(MT, view)).toMatchObject({ engine: '5-5', turn: 1 });
    expect(violations(MT, start, played)).toEqual([{ seat: 0, moveIndex: 0, rule: 'MT-2' }]);
  });

  it('MT-8: a draw while holding a playable tile is a claim on the views and a violation in the audit', () => {
    const start = dealt(
      MT,
      { set: 6, handSize: 3 },
      [
        ['6-6', '6-3', '2-1'],
        ['6-0', '5-4', '3-3'],
      ],
      ['1-0', '3-2'],
    );
    const { claims, played } = watch(MT, start, 0, [
      [0, 'declare', '6-6'],
      [0, 'play', '6-3', 'p0'],
      [1, 'play', '6-0', 'p1'],
      [0, 'draw'],
      [0, 'pass'],
      // Seat 1 holds 3-3, playable on seat 0's marked train, yet draws.
      [1, 'draw'],
      [1, 'pass'],
    ]);
    expect(claims).toContainEqual({ seat: 1, moveIndex: 5, rule: 'MT-8' });
    expect(violations(MT, start, played)).toEqual([{ seat: 1, moveIndex: 5, rule: 'MT-8' }]);
  });

  it('MT-7 C-5: a pass keeping a drawn tile that satisfies the double is a claim, and a violation in the audit', () => {
    const start = dealt(
      MT,
      { set: 6, handSize: 4 },
      [
        ['6-6', '6-3', '3-3', '1-0'],
        ['6-0', '5-4', '4-1'],
      ],
      ['5-5', '3-2'],
    );
    const { claims, played } = watch(MT, start, 0, [
      [0, 'declare', '6-6'],
      [0, 'play', '6-3', 'p0'],
      [1, 'play', '6-0', 'p1'],
      [0, 'play', '3-3', 'p0'],
      [0, 'draw'],
      [0, 'pass'],
      [1, 'draw'],
      [1, 'pass'],
    ]);
    expect(claims).toContainEqual({ seat: 1, moveIndex: 7, rule: 'MT-7' });
    expect(violations(MT, start, played)).toEqual([{ seat: 1, moveIndex: 7, rule: 'MT-7' }]);
  });

  it('MT-3 MT-4 MT-8: an honest round passes the audit; views agree with the full game on the public state', () => {
    const start = dealt(
      MT,
      { set: 6, handSize: 3 },
      [
        ['6-6', '6-3', '2-1'],
        ['6-0', '5-4', '4-4'],
      ],
      ['1-0'],
    );
    const moves: MoveText[] = [
      [0, 'declare', '6-6'],
      [0, 'play', '6-3', 'p0'],
      [1, 'play', '6-0', 'p1'],
      [0, 'draw'],
    ];
    const { full, view, played } = watch(MT, start, 1, moves);
    expect(violations(MT, start, played)).toEqual([]);
    expect(MT.publicState(view)).toEqual(MT.publicState(full));
    // The watcher cannot list the other seat's plays.
    expect(MT.legalMoves(view).filter((m) => m.type === 'play')).toEqual([]);
  });

  it('MT-10 MT-11 on a view: the round-ending move shows every hand, so the view scores it at once', () => {
    const start = dealt(
      MT,
      { set: 6, handSize: 3, rounds: 2 },
      [
        ['6-6', '6-4', '5-0'],
        ['6-1', '3-2', '2-2'],
      ],
      [],
    );
    const { full, view } = watch(MT, start, 0, [
      [0, 'declare', '6-6'],
      [0, 'play', '6-4', 'p0'],
      [1, 'play', '6-1', 'p1'],
      [0, 'pass'],
      [1, 'pass'],
    ]);
    expect(full.scores).toEqual([5, 9]);
    expect(view).toMatchObject({ phase: 'roundOver', unscored: false, scores: [5, 9] });
    expect(MT.publicState(view)).toEqual(MT.publicState(full));
    expect(MT.nextRound(view).scores).toEqual([5, 9]);
  });

  it('C-1 MT-5: tiles outside the set and moves of other variants are BAD_MOVE; unknown trains are refused', () => {
    const s = begin(MT, six, {
      hands: [
        ['6-6', '6-3', '2-1'],
        ['6-0', '5-4', '4-4'],
      ],
      boneyard: ['1-0'],
    });
    const tries: Move[] = [
      { seat: 0, type: 'choose', tile: 3 },
      { seat: 0, type: 'removeTrack' },
      { seat: 0, type: 'play', tile: 99, target: 'p0' },
      { seat: 0, type: 'play', tile: -1, target: 'p0' },
      { seat: 0, type: 'play', tile: tile(MT, s, '6-3'), target: 'p0', from: 'yard', replace: 1 },
    ];
    for (const m of tries)
      expect(applyMove(MT, s, m)).toMatchObject({ ok: false, error: { code: 'BAD_MOVE' } });
    expect(
      applyMove(MT, s, { seat: 0, type: 'play', tile: tile(MT, s, '6-3'), target: 'p5' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'ILLEGAL_MOVE', rule: 'MT-5' },
    });
    expect(
      applyMove(MT, s, { seat: 0, type: 'play', tile: tile(MT, s, '5-4'), target: 'p0' }),
    ).toMatchObject({
      ok: false,
      error: { code: 'ILLEGAL_MOVE', rule: 'MT-5' },
    });
    expect(refuse(MT, s, [0, 'declare', null])).toMatchObject({ rule: 'MT-2' });
  });
});
