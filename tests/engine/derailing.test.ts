// Derailing the Train, rule by rule (DT-1 … DT-13 and the C-* rules it relies on),
// on small hand-built deals, plus the audit of false claims.
import { describe, expect, it } from 'vitest';
import { revealCard } from '../../src/lib/engine/cards';
import { applyMove, auditRound, runSetup } from '../../src/lib/engine/game';
import { createRng } from '../../src/lib/engine/rng';
import { defaultOptions, playout } from '../../src/lib/engine/table';
import { parseTile, tileName } from '../../src/lib/engine/tiles';
import type { Card, Move, Result, Seat, Target } from '../../src/lib/engine/types';
import type { Applied } from '../../src/lib/engine/game';
import { derailingTheTrain as dt } from '../../src/lib/engine/variants/derailing-the-train';
import type { DtState } from '../../src/lib/engine/variants/derailing-the-train';
import { viewOf } from '../../src/lib/engine/view';

const SMALL = { set: 6, handSize: 3 };

function tile(state: DtState, name: string): number {
  const id = parseTile(dt.tileSet(state.players, state.options), name);
  if (id === null) throw new Error(`no tile ${name}`);
  return id;
}

function names(state: DtState, tiles: readonly (number | null)[]): string[] {
  const set = dt.tileSet(state.players, state.options);
  return tiles.map((t) => (t === null ? '?' : tileName(set, t)));
}

function hand(state: DtState, seat: Seat): string[] {
  return names(
    state,
    (state.hands[seat] ?? []).map((c) => c.tile),
  ).sort();
}

/**
 * A new game dealt these hands and boneyard (positions: hands, then boneyard), before
 * setup; `used` and `scores` as a scenario round's `platformsUsed` and `scores`.
 */
function dealt(
  hands: readonly (readonly string[])[],
  boneyard: readonly string[],
  options: Record<string, number> = SMALL,
  used: readonly string[] = [],
  scores?: readonly number[],
): DtState {
  const fresh = dt.newGame(hands.length, defaultOptions(dt, hands.length, options));
  const prepared = dt.scenario.prepareRound(
    fresh,
    { hands, boneyard, moves: [], platformsUsed: used, ...(scores ? { scores } : {}) },
    true,
  );
  if (!prepared.ok) throw new Error(prepared.error.message);
  const state = prepared.value;
  let pos = 0;
  const card = (name: string): Card => ({ pos: pos++, tile: tile(state, name) });
  const supplied = dt.supply(state, {
    kind: 'deal',
    hands: hands.map((h) => h.map(card)),
    boneyard: boneyard.map(card),
  });
  if (!supplied.ok) throw new Error(supplied.error.message);
  return supplied.value;
}

/** As `dealt`, with the DT-2 setup run to the laid platform. */
function started(
  hands: readonly (readonly string[])[],
  boneyard: readonly string[],
  options: Record<string, number> = SMALL,
  used: readonly string[] = [],
  scores?: readonly number[],
): DtState {
  return runSetup(dt, dealt(hands, boneyard, options, used, scores));
}

/** Moves written as `"0 play 6-2 p0"`, `"1 draw"`, `"1 pass"`, `"0 declare 6-6"`, `"0 declare -"`. */
function mv(state: DtState, text: string): Move {
  const [seatText, type, tileText, target] = text.split(' ');
  const seat = Number(seatText);
  switch (type) {
    case 'play':
      return { seat, type, tile: tile(state, tileText ?? ''), target: target as Target };
    case 'declare':
      return { seat, type, tile: tileText === '-' ? null : tile(state, tileText ?? '') };
    case 'draw':
    case 'pass':
      return { seat, type };
    default:
      throw new Error(`bad move text ${text}`);
  }
}

function attempt(state: DtState, text: string): Result<Applied<DtState>> {
  return applyMove(dt, state, mv(state, text));
}

/** Applies moves that must all be accepted. */
function played(state: DtState, ...moves: string[]): DtState {
  let s = state;
  for (const text of moves) {
    const r = attempt(s, text);
    if (!r.ok) throw new Error(`${text}: ${r.error.rule} ${r.error.message}`);
    s = r.value.state;
  }
  return s;
}

/** The rule an illegal move is rejected with. */
function rejected(state: DtState, text: string): string | null | undefined {
  const r = attempt(state, text);
  return r.ok ? undefined : r.error.rule;
}

function legalText(state: DtState): string[] {
  return dt
    .legalMoves(state)
    .map((m) =>
      m.type === 'play'
        ? `${m.seat} play ${names(state, [m.tile])[0]} ${m.target}`
        : m.type === 'declare'
          ? `${m.seat} declare ${m.tile === null ? '-' : names(state, [m.tile])[0]}`
          : `${m.seat} ${m.type}`,
    )
    .sort();
}

/** Follows the automatic setup steps one by one, as move texts. */
function callDown(state: DtState): { state: DtState; steps: string[] } {
  let s = state;
  const steps: string[] = [];
  for (let m = dt.setupMove(s); m; m = dt.setupMove(s)) {
    steps.push(
      m.type === 'declare'
        ? `${m.seat} declare ${m.tile === null ? '-' : names(s, [m.tile])[0]}`
        : `${m.seat} ${m.type}`,
    );
    s = played(s, steps[steps.length - 1] as string);
  }
  return { state: s, steps };
}

function train(state: DtState, target: Target) {
  const t = target === 'community' ? state.community : state.trains[Number(target.slice(1))];
  if (!t) return null;
  const set = dt.tileSet(state.players, state.options);
  const last = t.tiles[t.tiles.length - 1];
  return {
    tiles: names(state, t.tiles),
    open: t.open,
    marker: t.marker,
    derailed: last !== undefined && set.tiles[last]?.hi === set.tiles[last]?.lo,
  };
}

/** Applies a move to another seat's view, revealing what the move discloses first. */
function onView(full: DtState, view: DtState, text: string) {
  const move = mv(full, text);
  let v = view;
  for (const d of dt.disclosures(full, move)) {
    if (d.when !== 'before') continue;
    const card = [...full.hands.flat(), ...full.boneyard].find((c) => c.pos === d.pos);
    const r = revealCard(v, d.pos, card?.tile ?? -1);
    if (!r.ok) throw new Error(r.error.message);
    v = r.value;
  }
  return applyMove(dt, v, move);
}

// Seat 0 lays 6-6 and plays first; seat 1 holds 2-0, 6-5 and the 4-4.
const A = () =>
  started(
    [
      ['6-6', '6-2', '2-1'],
      ['2-0', '6-5', '4-4'],
    ],
    ['3-0', '5-1'],
  );
// Seat 1 derails seat 0's train with 4-4 (and may go on with 4-1).
const DERAIL = () =>
  played(
    started(
      [
        ['6-6', '6-4', '3-0', '1-0'],
        ['6-3', '4-4', '4-1', '5-0'],
      ],
      ['2-1', '5-2'],
      {
        set: 6,
        handSize: 4,
      },
    ),
    '0 play 6-4 p0',
    '1 play 4-4 p0',
  );
// The community train derailed by seat 0 (2-2), who has passed; seat 1 to play.
const COMMUNITY_DERAILED = () =>
  played(
    started(
      [
        ['6-6', '6-2', '2-2', '3-1', '5-0'],
        ['6-5', '5-4', '2-0', '1-0', '4-3'],
      ],
      ['4-0', '3-2'],
      {
        set: 6,
        handSize: 5,
      },
    ),
    '0 play 6-2 community',
    '1 play 6-5 p1',
    '0 play 2-2 community',
    '0 pass',
  );

describe('DT-1 sets and deals', () => {
  it('DT-1 C-1: a double-9 set for 2–4 players, double-12 for 5–8, 10 tiles each by default', () => {
    for (let players = 2; players <= 8; players++) {
      const options = defaultOptions(dt, players);
      expect(options).toEqual({ set: players <= 4 ? 9 : 12, handSize: 10 });
      expect(dt.tileSet(players, options).tiles).toHaveLength(players <= 4 ? 55 : 91);
    }
  });

  it('DT-1 C-4: each platform asks the dealing protocol for a deal of the whole set', () => {
    const state = dt.newGame(4, defaultOptions(dt, 4));
    expect(state.phase).toBe('deal');
    const need = dt.need(state);
    expect(need).toMatchObject({ kind: 'deal', handSizes: [10, 10, 10, 10], rule: 'DT-1' });
    expect(need?.kind === 'deal' && need.tiles).toHaveLength(55);
  });

  it('DT-1: the set and the hand size are options', () => {
    const options = defaultOptions(dt, 3, { set: 12, handSize: 7 });
    expect(dt.tileSet(3, options).tiles).toHaveLength(91);
    expect(dt.need(dt.newGame(3, options))).toMatchObject({ handSizes: [7, 7, 7] });
    expect(dt.optionSpecs.map((o) => [o.key, o.rule])).toEqual([
      ['set', 'DT-1'],
      ['handSize', 'DT-1'],
      ['drawUntilPlay', 'H-3'],
    ]);
  });
});

describe('DT-2 platforms', () => {
  it('DT-2: doubles are called from the highest unused down, seats answering in order from seat 0', () => {
    const { state, steps } = callDown(
      dealt(
        [
          ['3-3', '1-0', '2-0'],
          ['5-5', '4-1', '6-1'],
        ],
        ['6-6', '2-1'],
      ),
    );
    expect(steps).toEqual(['0 declare -', '1 declare -', '0 declare -', '1 declare 5-5']);
    expect(state).toMatchObject({ phase: 'playing', turn: 1, platform: tile(state, '5-5') });
    expect(names(state, state.used)).toEqual(['5-5']);
    expect(hand(state, 1)).toEqual(['4-1', '6-1']);
  });

  it('DT-2: a null answer while holding the called double is a breach, and a claim on a view that cannot see it', () => {
    const state = dealt(
      [
        ['6-6', '1-0', '2-0'],
        ['5-5', '4-1', '6-1'],
      ],
      [],
    );
    expect(rejected(state, '0 declare -')).toBe('DT-2');
    const seen = applyMove(dt, viewOf(state, 0), mv(state, '0 declare -'));
    expect(seen.ok).toBe(false);
    const unseen = applyMove(dt, viewOf(state, 1), mv(state, '0 declare -'));
    expect(unseen.ok && unseen.value.claim).toMatchObject({ seat: 0, moveIndex: 0, rule: 'DT-2' });
  });

  it('DT-2: only the called double may be declared, by its holder; nothing else happens during the call-down', () => {
    const state = dealt(
      [
        ['5-5', '1-0', '2-0'],
        ['6-6', '4-1', '6-1'],
      ],
      ['3-0'],
    );
    expect(legalText(state)).toEqual(['0 declare -']);
    expect(rejected(state, '0 declare 5-5')).toBe('DT-2');
    expect(rejected(state, '0 declare 6-6')).toBe('DT-2');
    expect(rejected(state, '0 draw')).toBe('DT-2');
    expect(rejected(state, '0 play 5-5 p0')).toBe('DT-2');
    expect(attempt(state, '1 declare 6-6')).toMatchObject({
      ok: false,
      error: { code: 'NOT_YOUR_TURN' },
    });
  });

  it('DT-2 C-4: with no unused double held, every seat draws one at once from seat 0, until someone holds one; the highest wins', () => {
    const start = dealt(
      [
        ['3-1', '2-0'],
        ['5-1', '4-2'],
        ['6-1', '5-3'],
      ],
      ['1-0', '4-4', '2-2', '6-0'],
      {
        set: 6,
        handSize: 2,
      },
    );
    const { state, steps } = callDown(start);
    const nobody = Array.from({ length: 7 }, () => [
      '0 declare -',
      '1 declare -',
      '2 declare -',
    ]).flat();
    expect(steps.slice(0, 21)).toEqual(nobody);
    expect(steps.slice(21, 24)).toEqual(['0 draw', '1 draw', '2 draw']);
    expect(steps.slice(24)).toEqual([
      ...['0 declare -', '1 declare -', '2 declare -'], // 6-6
      ...['0 declare -', '1 declare -', '2 declare -'], // 5-5
      '0 declare -',
      '1 declare 4-4',
    ]);
    expect(state).toMatchObject({ turn: 1, platform: tile(state, '4-4') });
    expect(state.boneyard).toHaveLength(1);
    expect(hand(state, 0)).toEqual(['1-0', '2-0', '3-1']);
    expect(hand(state, 2)).toEqual(['2-2', '5-3', '6-1']);
    // The draws are private: each shows its tile to the drawer only, afterwards.
    expect(dt.disclosures(start, mv(start, '0 draw'))).toEqual([{ pos: 6, to: 0, when: 'after' }]);
  });

  it('DT-2: used doubles are skipped, each platform is a fresh deal, and the game ends after the last double', () => {
    const game = playout(dt, 2, defaultOptions(dt, 2, { set: 2, handSize: 2 }), createRng(7));
    expect(game.state.phase).toBe('gameOver');
    expect(game.rounds).toBe(3);
    expect(names(game.state, game.state.used).sort()).toEqual(['0-0', '1-1', '2-2']);
    const used = started(
      [
        ['2-2', '1-1', '1-0'],
        ['2-1', '0-0', '2-0'],
      ],
      [],
      { set: 2, handSize: 3 },
      ['2-2'],
    );
    expect(used).toMatchObject({ turn: 0, platform: tile(used, '1-1') });
  });

  it('DT-2 (reading): with no unused double anywhere among the tiles in play, the game ends', () => {
    const state = started(
      [
        ['3-1', '2-0'],
        ['5-1', '4-2'],
      ],
      ['6-1'],
      { set: 6, handSize: 2 },
    );
    expect(state).toMatchObject({ phase: 'gameOver', platform: null, turn: null, winners: [0, 1] });
  });
});

describe('DT-3 order of play', () => {
  it('DT-3 C-3: the platform layer plays first, then play goes left and wraps around', () => {
    let state = started(
      [
        ['2-1', '3-0'],
        ['5-5', '4-0'],
        ['6-6', '6-1', '1-0'],
      ],
      [],
    );
    expect(state.turn).toBe(2);
    expect(legalText(state)).toEqual(['2 play 6-1 community', '2 play 6-1 p2']);
    state = played(state, '2 play 6-1 p2');
    expect(state.turn).toBe(0);
  });
});

describe('DT-4 personal trains', () => {
  it('DT-4: a personal train begins on the platform and only its owner plays plain tiles on it', () => {
    const state = played(A(), '0 play 6-2 p0');
    expect(train(state, 'p0')).toEqual({ tiles: ['6-2'], open: 2, marker: false, derailed: false });
    expect(rejected(state, '1 play 2-0 p0')).toBe('DT-4');
    expect(rejected(state, '1 play 2-0 p1')).toBe('DT-4');
    expect(rejected(state, '1 play 6-5 p5')).toBe('DT-4');
    expect(rejected(state, '1 play 6-5 mexican' as string)).toBe('DT-4');
    expect(legalText(state)).toEqual(['1 play 6-5 community', '1 play 6-5 p1']);
  });
});

describe('DT-5 the community train', () => {
  it('DT-5: any player may begin the one community train with a tile matching the platform, and anyone plays on it', () => {
    const state = A();
    expect(rejected(played(state, '0 play 6-2 p0'), '1 play 2-0 community')).toBe('DT-5');
    const begun = played(state, '0 play 6-2 community', '1 play 2-0 community');
    expect(train(begun, 'community')).toEqual({
      tiles: ['6-2', '2-0'],
      open: 0,
      marker: false,
      derailed: false,
    });
    expect(rejected(begun, '0 play 2-1 community')).toBe('DT-5');
  });

  it('DT-5: the community train is always public and never carries a marker', () => {
    const state = played(
      started(
        [
          ['6-6', '6-2', '2-1', '5-3'],
          ['2-0', '6-5', '4-4', '1-1'],
        ],
        ['3-0'],
      ),
      '0 play 6-2 community',
      '1 play 6-5 p1',
      '0 play 2-1 community',
    );
    // Seat 1's only play derails the community train; seat 0 cannot restore it, draws and passes.
    expect(legalText(state)).toEqual(['1 play 1-1 community']);
    const after = played(state, '1 play 1-1 community', '1 pass', '0 draw', '0 pass');
    expect(train(after, 'community')?.marker).toBe(false);
    expect(train(after, 'p0')?.marker).toBe(true);
  });
});

describe('DT-6 one tile a turn, drawing and markers', () => {
  it('DT-6: a plain play ends the turn', () => {
    expect(played(A(), '0 play 6-2 p0').turn).toBe(1);
  });

  it('DT-6 C-5: a draw while holding a legal play is a breach, and a claim on a view that cannot see the hand', () => {
    const state = played(A(), '0 play 6-2 p0');
    expect(rejected(state, '1 draw')).toBe('DT-6');
    const view = onView(state, viewOf(played(A(), '0 play 6-2 p0'), 0), '1 draw');
    expect(view.ok && view.value.claim).toMatchObject({ seat: 1, rule: 'DT-6' });
  });

  it('DT-6: without a legal play the player draws; a pass before drawing is refused', () => {
    const state = started(
      [
        ['6-6', '6-4', '1-0', '5-1'],
        ['6-3', '3-2', '4-0', '2-2'],
      ],
      ['5-0', '3-1'],
      {
        set: 6,
        handSize: 4,
      },
    );
    const stuck = played(state, '0 play 6-4 p0', '1 play 6-3 p1');
    expect(legalText(stuck)).toEqual(['0 draw']);
    expect(rejected(stuck, '0 pass')).toBe('DT-6');
    // The drawn 5-0 fits nowhere: pass is the only move, and no other tile may be played (C-5).
    const drew = played(stuck, '0 draw');
    expect(legalText(drew)).toEqual(['0 pass']);
    expect(rejected(drew, '0 draw')).toBe('DT-6');
    expect(rejected(drew, '0 play 1-0 p0')).toBe('DT-6');
    // Passing marks p0 public: seat 1 may play on it; seat 0's own play takes the marker off.
    const passed = played(drew, '0 pass');
    expect(train(passed, 'p0')?.marker).toBe(true);
    expect(legalText(passed)).toContain('1 play 4-0 p0');
    const onIt = played(passed, '1 play 4-0 p0');
    expect(train(onIt, 'p0')).toMatchObject({ open: 0, marker: true });
    expect(train(played(onIt, '0 play 5-0 p0'), 'p0')).toMatchObject({ open: 5, marker: false });
  });

  it('DT-6: a drawn tile that fits may be played at once', () => {
    const state = started(
      [
        ['6-6', '6-4', '1-0', '5-1'],
        ['6-3', '3-2', '4-0', '2-2'],
      ],
      ['4-3'],
      {
        set: 6,
        handSize: 4,
      },
    );
    const drew = played(state, '0 play 6-4 p0', '1 play 6-3 p1', '0 draw');
    expect(legalText(drew)).toEqual(['0 pass', '0 play 4-3 p0']);
    const after = played(drew, '0 play 4-3 p0');
    expect(after.turn).toBe(1);
    expect(train(after, 'p0')).toMatchObject({ open: 3, marker: false });
  });
});

describe('DT-7 derailers', () => {
  it("DT-7: a double derails any established train its end matches — another's private one, marking it public", () => {
    const state = DERAIL();
    expect(train(state, 'p0')).toEqual({
      tiles: ['6-4', '4-4'],
      open: 4,
      marker: true,
      derailed: true,
    });
    expect(state.turn).toBe(1);
  });

  it("DT-7: derailers go on the community train and on one's own train too", () => {
    const community = COMMUNITY_DERAILED();
    expect(train(community, 'community')).toEqual({
      tiles: ['6-2', '2-2'],
      open: 2,
      marker: false,
      derailed: true,
    });
    const mine = played(
      started(
        [
          ['6-6', '6-3', '3-3', '5-1'],
          ['6-1', '5-4', '2-0', '4-0'],
        ],
        ['1-0'],
        { set: 6, handSize: 4 },
      ),
      '0 play 6-3 p0',
      '1 play 6-1 p1',
      '0 play 3-3 p0',
    );
    expect(train(mine, 'p0')).toEqual({
      tiles: ['6-3', '3-3'],
      open: 3,
      marker: true,
      derailed: true,
    });
  });

  it('DT-7: a derailer cannot begin a train or go on an end it does not match', () => {
    const state = played(
      started(
        [
          ['6-6', '6-2', '2-1', '5-3'],
          ['2-0', '6-5', '4-4', '1-1'],
        ],
        ['3-0'],
      ),
      '0 play 6-2 p0',
    );
    expect(rejected(state, '1 play 4-4 p1')).toBe('DT-7');
    expect(rejected(state, '1 play 4-4 p0')).toBe('DT-7');
    const community = played(state, '1 play 6-5 community', '0 play 2-1 p0');
    expect(rejected(community, '1 play 4-4 community')).toBe('DT-7');
  });
});

describe('DT-8 back on track', () => {
  it('DT-8: the derailer may at once put the train back on track with a matching tile, or pass — nothing else', () => {
    const state = DERAIL();
    expect(legalText(state)).toEqual(['1 pass', '1 play 4-1 p0']);
    expect(rejected(state, '1 play 6-3 p1')).toBe('DT-8');
    expect(rejected(state, '1 play 5-0 p0')).toBe('DT-8');
    expect(rejected(state, '1 draw')).toBe('DT-8');
    const back = played(state, '1 play 4-1 p0');
    expect(train(back, 'p0')).toEqual({
      tiles: ['6-4', '4-4', '4-1'],
      open: 1,
      marker: true,
      derailed: false,
    });
    expect(back.turn).toBe(0);
    const passed = played(state, '1 pass');
    expect(passed.turn).toBe(0);
    expect(train(passed, 'p1')?.marker).toBe(false);
  });

  it('DT-7 DT-8: an owner who derails their own train and puts it back on track at once leaves it private', () => {
    const state = played(
      started(
        [
          ['6-6', '6-3', '3-3', '3-1', '5-0'],
          ['6-1', '5-4', '2-0', '4-0', '2-2'],
        ],
        ['1-0'],
        {
          set: 6,
          handSize: 5,
        },
      ),
      '0 play 6-3 p0',
      '1 play 6-1 p1',
      '0 play 3-3 p0',
    );
    expect(train(state, 'p0')).toMatchObject({ marker: true, derailed: true });
    expect(legalText(state)).toEqual(['0 pass', '0 play 3-1 p0']);
    expect(train(played(state, '0 play 3-1 p0'), 'p0')).toEqual({
      tiles: ['6-3', '3-3', '3-1'],
      open: 1,
      marker: false,
      derailed: false,
    });
  });

  it('DT-8: any player may set a derailed train back on track; it stays public until its owner plays on it', () => {
    // Seat 0 cannot restore p0 (DT-9): draws 2-1, passes; seat 1 restores it; seat 0's play unmarks it.
    const state = played(DERAIL(), '1 pass', '0 draw', '0 pass', '1 play 4-1 p0');
    expect(train(state, 'p0')).toMatchObject({ derailed: false, marker: true });
    expect(train(played(state, '0 play 2-1 p0'), 'p0')).toMatchObject({ open: 2, marker: false });
  });

  it('DT-8 (reading): after derailing with a drawn double, the second tile may come from the whole hand', () => {
    const state = started(
      [
        ['6-6', '6-4', '3-1', '5-1'],
        ['6-3', '5-2', '2-0', '5-0'],
      ],
      ['3-3'],
      {
        set: 6,
        handSize: 4,
      },
    );
    const drew = played(state, '0 play 6-4 p0', '1 play 6-3 p1', '0 draw');
    expect(legalText(drew)).toEqual(['0 pass', '0 play 3-3 p1']);
    expect(rejected(drew, '0 play 3-1 p1')).toBe('DT-6');
    const derailed = played(drew, '0 play 3-3 p1');
    expect(legalText(derailed)).toEqual(['0 pass', '0 play 3-1 p1']);
    expect(train(played(derailed, '0 play 3-1 p1'), 'p1')).toMatchObject({
      open: 1,
      derailed: false,
    });
  });
});

describe('DT-9 the owner of a derailed train', () => {
  it('DT-9: the owner may play only on their derailer, drawing while they cannot even with tiles that fit elsewhere', () => {
    const state = played(
      started(
        [
          ['6-6', '6-4', '6-0', '1-0'],
          ['6-3', '4-4', '4-1', '5-0'],
        ],
        ['2-1', '4-3'],
        {
          set: 6,
          handSize: 4,
        },
      ),
      '0 play 6-4 p0',
      '1 play 4-4 p0',
      '1 pass',
    );
    expect(rejected(state, '0 play 6-0 community')).toBe('DT-9');
    expect(rejected(state, '0 play 1-0 p0')).toBe('DT-9');
    expect(legalText(state)).toEqual(['0 draw']);
    const drew = played(state, '0 draw', '0 pass', '1 play 6-3 p1', '0 draw');
    expect(legalText(drew)).toEqual(['0 pass', '0 play 4-3 p0']);
    // Holding 6-0, which would fit the community train, does not make the draw a breach.
    expect(attempt(state, '0 draw')).toMatchObject({ ok: true, value: { claim: null } });
  });
});

describe('DT-10 the community train derailed', () => {
  it('DT-10: while the community train is derailed the only play is setting it back on track', () => {
    const state = COMMUNITY_DERAILED();
    expect(rejected(state, '1 play 5-4 p1')).toBe('DT-10');
    expect(legalText(state)).toEqual(['1 play 2-0 community']);
    const back = played(state, '1 play 2-0 community');
    expect(train(back, 'community')).toMatchObject({ derailed: false, open: 0 });
    expect(legalText(back)).toContain('0 play 5-0 community');
  });

  it('DT-10 DT-9: an owner may still set their own derailed train back on track, and only that', () => {
    const state = played(
      started(
        [
          ['6-6', '6-2', '6-4', '2-1', '4-1'],
          ['6-5', '4-4', '2-2', '5-1', '3-1'],
        ],
        ['1-0', '5-3'],
        {
          set: 6,
          handSize: 5,
        },
      ),
      '0 play 6-2 community',
      '1 play 6-5 p1',
      '0 play 6-4 p0',
      '1 play 4-4 p0',
      '1 pass',
      '0 play 4-1 p0',
      '1 play 2-2 community',
      '1 pass',
    );
    expect(legalText(state)).toEqual(['0 play 2-1 community']);
    const own = played(state, '0 play 2-1 community');
    expect(train(own, 'community')?.derailed).toBe(false);
    const both = played(
      started(
        [
          ['6-6', '6-2', '6-4', '2-1', '3-0'],
          ['6-5', '4-4', '2-2', '5-1', '3-1'],
        ],
        ['1-0', '4-1', '5-3'],
        {
          set: 6,
          handSize: 5,
        },
      ),
      '0 play 6-2 community',
      '1 play 6-5 p1',
      '0 play 6-4 p0',
      '1 play 4-4 p0',
      '1 pass',
      '0 draw',
      '0 pass',
      '1 play 2-2 community',
      '1 pass',
    );
    expect(rejected(both, '0 play 2-1 community')).toBe('DT-9');
    const restored = played(both, '0 draw', '0 play 4-1 p0');
    expect(train(restored, 'p0')).toMatchObject({ derailed: false, marker: false });
    expect(rejected(restored, '1 play 5-1 p1')).toBe('DT-10');
  });
});

describe('DT-11 the end of a platform', () => {
  const blocked = () =>
    started(
      [
        ['6-6', '6-1', '5-2'],
        ['4-3', '5-0', '2-0'],
      ],
      [],
    );

  it('DT-11 C-7: with the boneyard empty there is no draw, and n passes in a row block the platform', () => {
    const state = played(blocked(), '0 play 6-1 p0');
    expect(rejected(state, '1 draw')).toBe('DT-11');
    const one = played(state, '1 pass');
    expect(one).toMatchObject({ phase: 'playing', passes: 1, turn: 0 });
    const two = played(one, '0 pass');
    expect(two).toMatchObject({ phase: 'roundOver', turn: null, scores: [7, 14] });
  });

  it('DT-6 DT-11 C-5: a player with a legal play may not pass, even with the boneyard empty', () => {
    const state = played(
      started(
        [
          ['6-6', '6-1', '5-2'],
          ['4-3', '6-0', '2-0'],
        ],
        [],
      ),
      '0 play 6-1 p0',
    );
    expect(rejected(state, '1 pass')).toBe('DT-6');
  });

  it('DT-11 C-7: a play between passes starts the count again', () => {
    const state = played(
      started(
        [
          ['6-6', '6-1', '5-2', '4-0'],
          ['4-3', '5-0', '2-0', '6-4'],
        ],
        [],
        { set: 6, handSize: 4 },
      ),
      '0 play 6-1 p0',
      '1 play 6-4 p1',
      '0 pass',
    );
    expect(state.passes).toBe(1);
    const played1 = played(state, '1 play 4-3 p1');
    expect(played1.passes).toBe(0);
  });

  it('DT-11 C-7 (reading): a pass right after drawing the last tile does not count towards the block', () => {
    const state = played(
      started(
        [
          ['6-6', '6-1', '5-2'],
          ['4-3', '5-0', '2-0'],
        ],
        ['3-2'],
      ),
      '0 play 6-1 p0',
      '1 draw',
      '1 pass',
    );
    expect(state).toMatchObject({ passes: 0, phase: 'playing' });
    expect(played(state, '0 pass')).toMatchObject({ passes: 1, phase: 'playing' });
  });

  it('DT-11: a player playing their last tile ends the platform at once', () => {
    const state = played(
      started(
        [
          ['6-6', '6-1'],
          ['1-0', '2-0'],
        ],
        [],
        { set: 6, handSize: 2 },
      ),
      '0 play 6-1 p0',
    );
    expect(state).toMatchObject({ phase: 'roundOver', turn: null, scores: [0, 3] });
    expect(legalText(state)).toEqual([]);
    expect(attempt(state, '1 pass')).toMatchObject({ ok: false, error: { code: 'WRONG_PHASE' } });
  });
});

describe('DT-12 scoring', () => {
  it('DT-12: each hand adds its pips; after the last platform the lowest total wins, ties sharing', () => {
    const last = ['6-6', '5-5', '4-4', '3-3', '2-2', '1-1'];
    const state = started(
      [
        ['0-0', '6-1', '4-2'],
        ['4-3', '5-1'],
      ],
      [],
      SMALL,
      last,
    );
    expect(state).toMatchObject({ turn: 0, platform: tile(state, '0-0') });
    const over = played(state, '0 pass', '1 pass');
    expect(over).toMatchObject({ phase: 'gameOver', scores: [13, 13], winners: [0, 1] });
    const lower = played(
      started(
        [
          ['0-0', '6-1', '4-2'],
          ['4-3', '5-1'],
        ],
        [],
        SMALL,
        last,
        [3, 0],
      ),
      '0 pass',
      '1 pass',
    );
    expect(lower).toMatchObject({ phase: 'gameOver', scores: [16, 13], winners: [1] });
  });
});

describe('DT-13 going out by derailing', () => {
  it("DT-13: a last-tile derailer on another player's train is charged to that train's owner", () => {
    const state = played(
      started(
        [
          ['6-6', '6-2', '3-3'],
          ['6-3', '5-1', '4-0'],
        ],
        ['2-0'],
      ),
      '0 play 6-2 p0',
      '1 play 6-3 p1',
      '0 play 3-3 p1',
    );
    expect(state).toMatchObject({ phase: 'roundOver', scores: [0, 10 + 6] });
  });

  it('DT-13: on the community train it is charged to every other player', () => {
    const state = played(
      started(
        [
          ['6-6', '6-2', '2-2'],
          ['6-5', '1-0', '3-1'],
          ['6-4', '4-3', '5-5'],
        ],
        [],
      ),
      '0 play 6-2 community',
      '1 play 6-5 p1',
      '2 play 6-4 p2',
      '0 play 2-2 community',
    );
    expect(state.scores).toEqual([0, 5 + 4, 17 + 4]);
  });

  it('DT-13: on their own train it is charged to the player going out', () => {
    const state = played(
      started(
        [
          ['6-6', '6-3', '3-3'],
          ['6-1', '2-0', '5-4'],
        ],
        [],
      ),
      '0 play 6-3 p0',
      '1 play 6-1 p1',
      '0 play 3-3 p0',
    );
    expect(state.scores).toEqual([6, 11]);
  });

  it('DT-13: doubling out (derail, then back on track with the last tile) charges nothing', () => {
    const state = played(
      started(
        [
          ['6-6', '6-3', '1-1', '1-0'],
          ['6-1', '5-4', '2-0'],
        ],
        ['3-2'],
        { set: 6, handSize: 4 },
      ),
      '0 play 6-3 p0',
      '1 play 6-1 p1',
      '0 play 1-1 p1',
    );
    expect(state.phase).toBe('playing');
    expect(played(state, '0 play 1-0 p1')).toMatchObject({ phase: 'roundOver', scores: [0, 11] });
  });
});

describe('C-2, C-6 and views', () => {
  it('C-2: tiles are read either way round and shown higher end first', () => {
    const state = played(A(), '0 play 2-6 community');
    expect(dt.scenarioState(state)).toMatchObject({ trains: { community: { tiles: ['6-2'] } } });
  });

  it('C-6: hand sizes are public, the tiles in them are not', () => {
    const state = A();
    const pub = dt.publicState(state) as { handSizes: number[] };
    expect(pub.handSizes).toEqual([2, 3]);
    expect(JSON.stringify(dt.publicState(viewOf(state, 1)))).toBe(JSON.stringify(pub));
  });

  it('C-5 DT-12: a play is shown to all before it is made, and the move ending a platform shows every hand', () => {
    const state = started(
      [
        ['6-6', '6-1', '5-2'],
        ['4-3', '5-0', '2-0'],
      ],
      [],
    );
    expect(dt.disclosures(state, mv(state, '0 play 6-1 p0'))).toEqual([
      { pos: 1, to: 'all', when: 'before' },
    ]);
    const last = played(state, '0 play 6-1 p0', '1 pass');
    expect(
      dt
        .disclosures(last, mv(last, '0 pass'))
        .map((d) => d.pos)
        .sort(),
    ).toEqual([2, 3, 4, 5]);
    const full = played(last, '0 pass');
    const view = onView(last, viewOf(last, 1), '0 pass');
    expect(view.ok && view.value.state.scores).toEqual(full.scores);
  });
});

describe('audit of claims', () => {
  it('C-5 DT-6: a false draw claim is named by seat, move index and rule', () => {
    const start = dealt(
      [
        ['6-6', '6-2', '2-1'],
        ['2-0', '6-5', '4-4'],
      ],
      ['3-0', '5-1'],
    );
    // Seat 0's view: it sees its own hand only; seat 1 draws while holding 6-5.
    let full = start;
    let view = viewOf(start, 0);
    const moves: Move[] = [];
    for (const text of ['0 declare 6-6', '0 play 6-2 p0', '1 draw']) {
      const r = onView(full, view, text);
      if (!r.ok) throw new Error(r.error.message);
      if (text === '1 draw')
        expect(r.value.claim).toMatchObject({ seat: 1, moveIndex: 2, rule: 'DT-6' });
      else expect(r.value.claim).toBeNull();
      view = r.value.state;
      moves.push(mv(full, text));
      full = dt.perform(full, mv(full, text));
    }
    const report = auditRound(dt, start, moves);
    expect(report.complete).toBe(true);
    expect(report.violations).toEqual([
      expect.objectContaining({
        seat: 1,
        round: 1,
        moveIndex: 2,
        rule: 'DT-6',
        code: 'ILLEGAL_MOVE',
      }),
    ]);
  });

  it('DT-2: a false null declare in the call-down is named by the audit', () => {
    const start = dealt(
      [
        ['3-0', '6-2', '2-1'],
        ['6-6', '6-5', '4-4'],
      ],
      [],
    );
    const report = auditRound(dt, start, [mv(start, '0 declare -'), mv(start, '1 declare -')]);
    expect(report.violations).toEqual([
      expect.objectContaining({ seat: 1, moveIndex: 1, rule: 'DT-2' }),
    ]);
    const honest = auditRound(dt, start, [mv(start, '0 declare -'), mv(start, '1 declare 6-6')]);
    expect(honest.violations).toEqual([]);
  });
});
