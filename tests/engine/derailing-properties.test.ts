// Random legal Derailing games keep every invariant of tests/engine/invariants.ts
// (C-1 conservation, termination, listed moves accepted, illegal ones named, views
// agreeing, honest rounds passing the audit), and on every move the derailing
// rules themselves: DT-7 markers, DT-9/DT-10 restrictions, DT-12/DT-13 scores.
import { describe, expect, it } from 'vitest';
import { defaultOptions, isDouble, pips } from '../../src/lib/engine';
import type { BaseState, Move, TileSet } from '../../src/lib/engine';
import { derailingTheTrain as dt } from '../../src/lib/engine/variants/derailing-the-train';
import type { DtState, Train } from '../../src/lib/engine/variants/derailing-the-train';
import { checkRandomGames } from './invariants';

/** How often the interesting situations came up, to show the games reach them. */
interface Seen {
  platforms: number;
  setupDraws: number;
  derails: number;
  communityDerails: number;
  restoredAtOnce: number;
  restoredByOthers: number;
  ownerDraws: number;
  blocked: number;
  derailedOut: number;
  doubleOut: number;
}

const derailed = (set: TileSet, train: Train | null | undefined) => {
  const last = train?.tiles[train.tiles.length - 1];
  return last !== undefined && isDouble(set, last);
};

function checkMove(seen: Seen, b: BaseState, move: Move, a: BaseState): void {
  const before = b as DtState;
  const after = a as DtState;
  const set = dt.tileSet(before.players, before.options);
  if (before.phase === 'setup') {
    if (move.type === 'draw') seen.setupDraws++;
    return;
  }
  const own = before.trains[move.seat];
  if (move.type === 'draw' && derailed(set, own)) seen.ownerDraws++;
  if (move.type === 'play') {
    const double = isDouble(set, move.tile);
    if (before.derailing !== null) {
      expect(move.target).toBe(before.derailing); // DT-8
      seen.restoredAtOnce++;
    } else if (derailed(set, own)) {
      expect(move.target).toBe(`p${move.seat}`); // DT-9
    } else if (derailed(set, before.community)) {
      expect(move.target).toBe('community'); // DT-10
    } else if (!double && move.target !== 'community' && move.target !== `p${move.seat}`) {
      const train = before.trains[Number(move.target.slice(1))];
      if (derailed(set, train)) seen.restoredByOthers++;
      else expect(train?.marker).toBe(true); // DT-4, DT-6
    }
    if (double) {
      seen.derails++;
      if (move.target === 'community') seen.communityDerails++;
    }
  }
  // DT-7: every derailed personal train is marked public.
  for (const train of after.trains) if (derailed(set, train)) expect(train.marker).toBe(true);
  expect(after.community?.marker ?? false).toBe(false);
  if (after.phase === 'playing') return;
  // DT-12, DT-13: each seat gains its hand's pips, plus a going-out derailer's value.
  const out = move.type === 'play' && (after.hands[move.seat]?.length ?? 0) === 0 ? move : null;
  if (!out) seen.blocked++;
  else if (isDouble(set, out.tile)) seen.derailedOut++;
  else if (before.derailing !== null) seen.doubleOut++;
  after.scores.forEach((score, seat) => {
    let gain = 0;
    for (const c of after.hands[seat] ?? []) gain += pips(set, c.tile ?? 0);
    if (out && isDouble(set, out.tile)) {
      const charged = out.target === 'community' ? seat !== out.seat : out.target === `p${seat}`;
      if (charged) gain += pips(set, out.tile);
    }
    expect(score - (before.scores[seat] ?? 0)).toBe(gain);
  });
}

const SMALL_RUNS = [
  { players: 2, games: 1000, set: 3, handSize: 2 },
  { players: 3, games: 700, set: 3, handSize: 2 },
  { players: 4, games: 500, set: 4, handSize: 2 },
  { players: 5, games: 250, set: 5, handSize: 2 },
  { players: 6, games: 250, set: 5, handSize: 2 },
  { players: 7, games: 150, set: 6, handSize: 2 },
  { players: 8, games: 150, set: 6, handSize: 2 },
];
const FULL_RUNS = [
  { players: 2, games: 6 },
  { players: 4, games: 4 },
  { players: 8, games: 2 },
];

describe('derailing-the-train random games (C-1, C-5, C-7, DT-1 … DT-13)', () => {
  const seen: Seen = {
    platforms: 0,
    setupDraws: 0,
    derails: 0,
    communityDerails: 0,
    restoredAtOnce: 0,
    restoredByOthers: 0,
    ownerDraws: 0,
    blocked: 0,
    derailedOut: 0,
    doubleOut: 0,
  };
  const run = (players: number, games: number, options: Record<string, number>, seed: number) => {
    const tally = checkRandomGames(dt, {
      players,
      options: defaultOptions(dt, players, options),
      games,
      seed,
      onMove: (b, m, a) => checkMove(seen, b, m, a),
      onRoundEnd: (s) => {
        const state = s as DtState;
        seen.platforms++;
        // DT-2: one platform per double of the set, each used once.
        expect(new Set(state.used).size).toBe(state.used.length);
        if (state.phase === 'gameOver') {
          expect(state.used).toHaveLength(dt.tileSet(players, state.options).n + 1);
          expect(state.winners.length).toBeGreaterThan(0);
        }
      },
    });
    expect(tally.games).toBe(games);
  };

  for (const { players, games, set, handSize } of SMALL_RUNS) {
    it(`DT-1 DT-2 DT-11 DT-12: ${games} short games (double-${set}) with ${players} players keep the invariants`, () => {
      run(players, games, { set, handSize }, 1000 * players);
    });
  }
  for (const { players, games } of FULL_RUNS) {
    it(`DT-1 DT-2 DT-12: ${games} full games with ${players} players and the default set keep the invariants`, () => {
      run(players, games, {}, 7000 + players);
    });
  }

  it('DT-2 DT-7 DT-8 DT-9 DT-10 DT-11 DT-13: the random games reach every situation', () => {
    for (const [what, count] of Object.entries(seen)) {
      expect(count, what).toBeGreaterThan(0);
    }
  });
});
