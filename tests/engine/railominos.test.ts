// Railominos (R-1…R-9) rule by rule, on full-information states and on views.
import { describe, expect, it } from 'vitest';
import {
  applyMove,
  auditRound,
  canonicalJson,
  parseTile,
  tileName,
  viewOf,
} from '../../src/lib/engine';
import type { Card, Move, Options, Supply, Target, TileId } from '../../src/lib/engine';
import { railominos, openDoubles } from '../../src/lib/engine/variants/railominos';
import type { RailominosState } from '../../src/lib/engine/variants/railominos';

const V = railominos;
const SET = V.tileSet(2, {});

function tile(name: string): TileId {
  const id = parseTile(SET, name);
  if (id === null) throw new Error(`no piece ${name}`);
  return id;
}

function ok<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** A deal of known pieces: positions number the hands, then the rest. */
function dealOf(hands: readonly string[][], rest: readonly string[]): Supply {
  let pos = 0;
  const card = (name: string): Card => ({ pos: pos++, tile: tile(name) });
  return { kind: 'deal', hands: hands.map((h) => h.map(card)), boneyard: rest.map(card) };
}

/** newGame, the deal, the leader turned from the top of `rest`, the first player. */
function started(
  hands: string[][],
  rest: string[],
  first = 0,
  options: Options = {},
): { start: RailominosState; state: RailominosState; supplies: Supply[] } {
  const start = ok(V.supply(V.newGame(hands.length, options), dealOf(hands, rest)));
  let state = start;
  const supplies: Supply[] = [];
  for (let need = V.need(state); need; need = V.need(state)) {
    const top = state.boneyard[0];
    const input: Supply =
      need.kind === 'reveal' && top && top.tile !== null
        ? { kind: 'reveal', pos: top.pos, tile: top.tile }
        : { kind: 'firstPlayer', seat: first };
    supplies.push(input);
    state = ok(V.supply(state, input));
  }
  return { start, state, supplies };
}

/** A started round whose leader is laid as a scenario writes it (west end first). */
function withLeader(leader: string, hands: string[][], first = 0, options: Options = {}) {
  const round = { leader, firstPlayer: first, hands, boneyard: [], moves: [] };
  const game = ok(V.scenario.prepareRound(V.newGame(hands.length, options), round, true));
  return ok(V.supply(game, dealOf(hands, [])));
}

const play = (seat: number, name: string, target: Target): Move => ({
  seat,
  type: 'play',
  tile: tile(name),
  target,
});
const pass = (seat: number): Move => ({ seat, type: 'pass' });

function run(state: RailominosState, moves: readonly Move[]): RailominosState {
  return moves.reduce((s, m) => ok(applyMove(V, s, m)).state, state);
}

function errorOf(state: RailominosState, move: Move) {
  const r = applyMove(V, state, move);
  if (r.ok) throw new Error('move accepted');
  return r.error;
}

const names = (tiles: readonly TileId[]) => tiles.map((t) => tileName(SET, t));

describe('railominos', () => {
  it('R-1: 36 pieces pairing the eight railroads, doubles included, plus FRISCO; 2–5 players', () => {
    expect(SET.tiles).toHaveLength(37);
    expect(SET.tiles.filter((t) => t.wild)).toHaveLength(1);
    expect(SET.tiles.filter((t) => !t.wild && t.hi === t.lo)).toHaveLength(8);
    expect([...SET.suits].sort()).toEqual(['ATSF', 'BN', 'CNW', 'IC', 'SCL', 'SOO', 'UP', 'WP']);
    expect([V.minPlayers, V.maxPlayers]).toEqual([2, 5]);
  });

  it('R-1, C-2: pieces are read in either order and named alphabetically', () => {
    expect(tile('SOO-SCL')).toBe(tile('SCL-SOO'));
    expect(tileName(SET, tile('WP-CNW'))).toBe('CNW-WP');
    expect(tileName(SET, tile('frisco'))).toBe('FRISCO');
  });

  it('R-2: the deal asks for the whole set, 7 each by default (option handSize)', () => {
    const need = V.need(V.newGame(4, {}));
    expect(need).toMatchObject({ kind: 'deal', handSizes: [7, 7, 7, 7], rule: 'R-2' });
    expect(need?.kind === 'deal' && need.tiles.length).toBe(37);
    expect(V.need(V.newGame(3, { handSize: 4 }))).toMatchObject({ handSizes: [4, 4, 4] });
  });

  it('R-2: after the deal the top of the rest is turned face up as the leader, canonical name west first', () => {
    const game = ok(
      V.supply(V.newGame(2, {}), dealOf([['BN-BN'], ['IC-IC']], ['WP-UP', 'SOO-SOO'])),
    );
    expect(game.phase).toBe('setup');
    expect(V.need(game)).toEqual({ kind: 'reveal', rule: 'R-2' });
    const { state } = started([['BN-BN'], ['IC-IC']], ['WP-UP', 'SOO-SOO']);
    expect(state.layout?.leader.tile).toBe(tile('UP-WP'));
    expect(
      [state.layout?.west.open, state.layout?.east.open].map((s) => SET.suits[s ?? -1]),
    ).toEqual(['UP', 'WP']);
    expect(state.boneyard.map((c) => c.tile)).toEqual([tile('SOO-SOO')]);
  });

  it('R-2: FRISCO turned up as leader is set aside face up and the next piece is turned', () => {
    const { state, supplies } = started([['BN-BN'], ['IC-IC']], ['FRISCO', 'SOO-SOO', 'UP-UP']);
    expect(supplies.map((s) => s.kind)).toEqual(['reveal', 'reveal', 'firstPlayer']);
    expect(state.setAside.map((c) => c.tile)).toEqual([tile('FRISCO')]);
    expect(state.layout?.leader.tile).toBe(tile('SOO-SOO'));
    expect(V.placedTiles(state)).toHaveLength(5);
  });

  it('R-2: a reveal other than the top of the rest is BAD_SUPPLY', () => {
    const game = ok(
      V.supply(V.newGame(2, {}), dealOf([['BN-BN'], ['IC-IC']], ['WP-UP', 'SOO-SOO'])),
    );
    const wrong = V.supply(game, { kind: 'reveal', pos: 3, tile: tile('SOO-SOO') });
    expect(!wrong.ok && wrong.error.code).toBe('BAD_SUPPLY');
    const lie = V.supply(game, { kind: 'reveal', pos: 2, tile: tile('SOO-SOO') });
    expect(!lie.ok && lie.error.code).toBe('BAD_SUPPLY');
  });

  it('R-2: on a view the leader is learnt from the reveal', () => {
    const game = ok(V.supply(V.newGame(2, {}), dealOf([['BN-BN'], ['IC-IC']], ['WP-UP'])));
    const view = viewOf(game, 0);
    const after = ok(V.supply(view, { kind: 'reveal', pos: 2, tile: tile('WP-UP') }));
    expect(after.layout?.leader.tile).toBe(tile('WP-UP'));
  });

  it('R-3: chance picks the first player of round 1; each next round starts one seat left', () => {
    const { state, supplies } = started([['IC-IC'], ['UP-SCL'], ['WP-WP']], ['BN-BN'], 2);
    expect(supplies[1]).toEqual({ kind: 'firstPlayer', seat: 2 });
    expect(state.turn).toBe(2);
    const over = run(state, [pass(2), pass(0), pass(1)]);
    expect(over.phase).toBe('roundOver');
    const next = V.nextRound(over);
    expect([next.phase, next.round, next.firstPlayer]).toEqual(['deal', 2, 0]);
    expect(
      V.need(ok(V.supply(next, dealOf([['IC-IC'], ['UP-SCL'], ['WP-WP']], ['BN-BN'])))),
    ).toEqual({
      kind: 'reveal',
      rule: 'R-2',
    });
  });

  it('R-3, R-9: the line has two open ends; any other target is illegal', () => {
    const { state } = started([['IC-SOO'], ['BN-WP']], ['BN-IC']);
    const legal = V.legalMoves(state);
    expect(legal.every((m) => m.type === 'play' && ['west', 'east'].includes(m.target))).toBe(true);
    for (const target of ['p0', 'mexican', 'community'] as const) {
      expect(errorOf(state, play(0, 'IC-SOO', target))).toMatchObject({
        code: 'ILLEGAL_MOVE',
        rule: 'R-3',
      });
    }
  });

  it('R-4: a piece goes on an end showing its railroad; its other railroad becomes the open end', () => {
    // Leader BN-IC: BN west, IC east.
    const { state } = started([['IC-SOO', 'UP-UP'], ['BN-WP']], ['BN-IC']);
    const illegal = { code: 'ILLEGAL_MOVE', rule: 'R-4' };
    expect(errorOf(state, play(0, 'UP-UP', 'east'))).toMatchObject(illegal);
    expect(errorOf(state, play(0, 'IC-SOO', 'west'))).toMatchObject(illegal);
    expect(errorOf(state, play(0, 'BN-WP', 'west'))).toMatchObject(illegal);
    const after = run(state, [play(0, 'IC-SOO', 'east')]);
    expect(SET.suits[after.layout?.east.open ?? -1]).toBe('SOO');
    expect(names(after.layout?.east.tiles ?? [])).toEqual(['IC-SOO']);
  });

  it('R-4: a double is open until a piece is played off it; a double leader off either side', () => {
    const line = withLeader('UP-UP', [
      ['UP-BN', 'BN-BN'],
      ['SOO-SOO', 'UP-SOO'],
    ]);
    expect(line.layout && openDoubles(line.layout)).toEqual([tile('UP-UP')]);
    const offWest = run(line, [play(0, 'UP-BN', 'west')]);
    expect(offWest.layout && openDoubles(offWest.layout)).toEqual([]);
    expect(V.legalMoves(offWest)).toContainEqual(play(1, 'UP-SOO', 'east'));
    const doubled = run(offWest, [play(1, 'UP-SOO', 'east'), play(0, 'BN-BN', 'west')]);
    expect(doubled.layout && names(openDoubles(doubled.layout))).toEqual(['BN-BN']);
  });

  it('R-5: FRISCO fits any open end, keeps its railroad and closes an open double', () => {
    const line = withLeader('BN-IC', [
      ['IC-IC', 'UP-UP'],
      ['FRISCO', 'IC-SOO'],
    ]);
    expect(V.legalMoves(run(line, [play(0, 'IC-IC', 'east')]))).toEqual([
      play(1, 'FRISCO', 'west'),
      play(1, 'FRISCO', 'east'),
      play(1, 'IC-SOO', 'east'),
    ]);
    const closed = run(line, [play(0, 'IC-IC', 'east'), play(1, 'FRISCO', 'east')]);
    expect(closed.layout && openDoubles(closed.layout)).toEqual([]);
    expect(SET.suits[closed.layout?.east.open ?? -1]).toBe('IC');
    expect(closed.scores).toEqual([2, 1]);
  });

  it('R-6: the sheet’s worked example scores 2, 2, 4, 2 and 2 for the five plays', () => {
    const hands = [
      ['ATSF-ATSF', 'UP-CNW', 'BN-IC'],
      ['UP-WP', 'BN-SCL'],
      ['UP-UP', 'IC-SCL'],
      ['ATSF-CNW', 'SOO-BN'],
    ];
    let state = withLeader('WP-ATSF', hands);
    const moves = [
      play(0, 'ATSF-ATSF', 'east'),
      play(1, 'UP-WP', 'west'),
      play(2, 'UP-UP', 'west'),
      play(3, 'ATSF-CNW', 'east'),
      play(0, 'UP-CNW', 'west'),
    ];
    const gains = moves.map((m) => {
      const before = state.scores[m.seat] ?? 0;
      state = run(state, [m]);
      return (state.scores[m.seat] ?? 0) - before;
    });
    expect(gains).toEqual([2, 2, 4, 2, 2]);
    expect(state.scores).toEqual([4, 2, 4, 2]);
  });

  it('R-6: matched ends score 2 and an open double 2 more (two ends only, R-9)', () => {
    const line = withLeader('SCL-UP', [
      ['SCL-SCL', 'WP-SCL', 'BN-IC'],
      ['UP-WP', 'BN-SOO'],
    ]);
    const after = run(line, [
      play(0, 'SCL-SCL', 'west'),
      play(1, 'UP-WP', 'east'),
      play(0, 'WP-SCL', 'east'),
    ]);
    expect(after.scores).toEqual([6, 2]);
  });

  it('R-7: a pass is legal only without a play; there is no drawing', () => {
    const { state } = started([['UP-SCL', 'IC-SOO'], ['BN-WP']], ['BN-IC']);
    expect(errorOf(state, pass(0))).toMatchObject({ code: 'ILLEGAL_MOVE', rule: 'R-7' });
    expect(errorOf(state, { seat: 0, type: 'draw' })).toMatchObject({
      code: 'ILLEGAL_MOVE',
      rule: 'R-7',
    });
    const stuck = started([['UP-SCL'], ['BN-WP']], ['BN-IC']).state;
    expect(V.legalMoves(stuck)).toEqual([pass(0)]);
    expect(V.validate(stuck, pass(0))).toEqual({ kind: 'ok' });
  });

  it('R-7: on a view a pass over hidden pieces is a claim, over a known playable piece a breach', () => {
    const { state } = started([['UP-SCL'], ['IC-SOO', 'CNW-CNW']], ['BN-IC']);
    const moved = run(state, [pass(0)]);
    expect(V.validate(viewOf(moved, 0), pass(1))).toMatchObject({ kind: 'claim', rule: 'R-7' });
    expect(V.validate(viewOf(moved, 1), pass(1))).toMatchObject({
      kind: 'breach',
      error: { rule: 'R-7' },
    });
    const honest = started([['UP-SCL'], ['WP-SOO']], ['BN-IC']).state;
    expect(V.validate(viewOf(run(honest, [pass(0)]), 0), pass(1))).toMatchObject({ kind: 'claim' });
  });

  it('R-7: the audit names a false pass by seat, move index and rule', () => {
    const { start, state, supplies } = started(
      [['BN-UP', 'WP-WP'], ['IC-SOO', 'CNW-CNW'], ['SCL-ATSF']],
      ['BN-IC'],
    );
    const moves = [play(0, 'BN-UP', 'west'), pass(1)];
    // On seat 0's view seat 1's pieces are hidden: the pass is accepted as a claim.
    const accepted = ok(applyMove(V, viewOf(run(state, moves.slice(0, 1)), 0), pass(1)));
    expect(accepted.claim).toMatchObject({ seat: 1, moveIndex: 1, rule: 'R-7' });
    const audit = auditRound(V, start, [...supplies, ...moves]);
    expect(audit.complete).toBe(true);
    expect(audit.violations).toEqual([
      expect.objectContaining({ seat: 1, moveIndex: 1, rule: 'R-7', code: 'ILLEGAL_MOVE' }),
    ]);
  });

  it('R-8: going out scores the play plus 1; the others lose 1 per piece', () => {
    const { state } = started([['IC-IC'], ['SCL-SOO', 'WP-CNW'], ['UP-UP']], ['BN-IC']);
    const over = run(state, [play(0, 'IC-IC', 'east')]);
    expect([over.phase, over.turn]).toEqual(['roundOver', null]);
    expect(over.scores).toEqual([3, -2, -1]);
  });

  it('R-8, C-7: all players passing in succession ends the round, everyone losing 1 per piece', () => {
    const { state } = started(
      [['UP-SCL', 'IC-SOO'], ['WP-CNW'], ['ATSF-UP', 'CNW-CNW']],
      ['BN-IC'],
    );
    const twoPasses = run(state, [play(0, 'IC-SOO', 'east'), pass(1), pass(2)]);
    expect([twoPasses.phase, twoPasses.passes]).toEqual(['playing', 2]);
    const over = run(twoPasses, [pass(0)]);
    expect(over.phase).toBe('roundOver');
    expect(over.scores).toEqual([-1, -1, -2]);
  });

  it('R-8: a game is 3 rounds by default (option rounds); the highest total wins, ties share', () => {
    expect(V.newGame(2, {}).options).toMatchObject({ rounds: 3, handSize: 7 });
    const one = started([['UP-SCL'], ['WP-CNW']], ['BN-IC'], 0, { rounds: 1 }).state;
    const over = run(one, [pass(0), pass(1)]);
    expect([over.phase, over.scores, over.winners]).toEqual(['gameOver', [-1, -1], [0, 1]]);
    expect(V.nextRound(over)).toBe(over);
    const nextDealt = (s: RailominosState, hands: string[][]) => {
      const dealt = ok(V.supply(V.nextRound(s), dealOf(hands, ['BN-IC'])));
      return ok(V.supply(dealt, { kind: 'reveal', pos: hands.flat().length, tile: tile('BN-IC') }));
    };
    const r1 = run(started([['UP-SCL'], ['WP-CNW']], ['BN-IC']).state, [pass(0), pass(1)]);
    expect([r1.phase, r1.scores]).toEqual(['roundOver', [-1, -1]]);
    const r2 = nextDealt(r1, [['UP-SCL'], ['WP-CNW', 'BN-SOO']]);
    expect([r2.round, r2.turn]).toEqual([2, 1]);
    const r2over = run(r2, [play(1, 'BN-SOO', 'west'), pass(0), pass(1)]);
    expect([r2over.phase, r2over.scores]).toEqual(['roundOver', [-2, -2]]);
    const r3 = nextDealt(r2over, [['IC-UP'], ['WP-CNW']]);
    expect([r3.round, r3.turn]).toEqual([3, 0]);
    const over3 = run(r3, [play(0, 'IC-UP', 'east')]);
    expect([over3.phase, over3.scores, over3.winners]).toEqual(['gameOver', [-1, -3], [0]]);
  });

  it('C-6: the public state shows hand sizes, not hands, and every view agrees on it', () => {
    const { state } = started([['UP-SCL', 'IC-SOO'], ['WP-CNW'], ['ATSF-UP']], ['BN-IC']);
    const pub = canonicalJson(V.publicState(state));
    expect(pub).toContain('"handSizes":[2,1,1]');
    expect(pub).not.toContain('WP-CNW');
    for (const seat of [0, 1, 2])
      expect(canonicalJson(V.publicState(viewOf(state, seat)))).toBe(pub);
  });

  it('R-4: a play is disclosed to everyone before it is applied; a pass discloses nothing', () => {
    const { state } = started([['IC-SOO'], ['WP-CNW']], ['BN-IC']);
    expect(V.disclosures(state, play(0, 'IC-SOO', 'east'))).toEqual([
      { pos: 0, to: 'all', when: 'before' },
    ]);
    expect(V.disclosures(state, pass(0))).toEqual([]);
  });

  it('R-2: every piece dealt is placed exactly once (hands, rest, leader, set aside, line)', () => {
    const { state } = started([['IC-SOO', 'UP-UP'], ['WP-CNW']], ['FRISCO', 'BN-IC', 'SCL-SCL']);
    const after = run(state, [play(0, 'IC-SOO', 'east')]);
    expect([...V.placedTiles(after)].sort((a, b) => a - b)).toEqual(
      ['IC-SOO', 'UP-UP', 'WP-CNW', 'FRISCO', 'BN-IC', 'SCL-SCL'].map(tile).sort((a, b) => a - b),
    );
  });
});
