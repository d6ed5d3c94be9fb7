// Bots under the house rules (docs/rules.md H-1…H-4): random on/off combinations over
// whole games; every move a bot makes is one its view lists as legal (the engine
// refusing one would stop the game), every dealt tile is in exactly one place
// after every move, and every round adds exactly the points left in each hand.
import { describe, expect, it } from 'vitest';
import { autoplay, chooseMove } from '../../src/lib/bots';
import type { BotInput, BotLevel } from '../../src/lib/bots';
import {
  answerNeed,
  createRng,
  defaultOptions,
  doubleOf,
  moveSeated,
  nextRoundSeated,
  pips,
  seatGame,
  supplySeated,
  variantOf,
} from '../../src/lib/engine';
import type { BaseState, Move, Options, Rng, Seat, Variant, VariantId } from '../../src/lib/engine';

const SHORT: Partial<Record<VariantId, Options>> = {
  'mexican-train': { rounds: 1, handSize: 8 },
  'mexican-train-tournament': { startDouble: 1, handSize: 8 },
  'derailing-the-train': { set: 4, handSize: 5 },
};

/** A random on/off combination of the variant's house rules (H-1 at 0, 25 or 50). */
function houseOptions(variant: Variant, rng: Rng): Options {
  const out: Record<string, number> = {};
  for (const spec of variant.optionSpecs.filter((s) => s.rule.startsWith('H-'))) {
    out[spec.key] = spec.max === 1 ? rng.int(2) : [0, 25, 50][rng.int(3)]!;
  }
  return out;
}

function unwrap<T>(r: { ok: true; value: T } | { ok: false; error: { message: string } }): T {
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

const sorted = (tiles: readonly number[]) => [...tiles].sort((a, b) => a - b);

interface Tally {
  /** H-2: runs ended with endTurn. */
  endTurns: number;
  /** H-3: draws after a draw in the same turn. */
  drawsOn: number;
}

/** One game of bots at `levels`, checked after every step: its house options. */
function checkedGame(
  id: VariantId,
  levels: readonly BotLevel[],
  seed: number,
  tally: Tally,
): Options {
  const variant = variantOf(id) as Variant;
  const rng = createRng(seed);
  const house = houseOptions(variant, rng);
  const options = defaultOptions(variant, levels.length, { ...SHORT[id], ...house });
  const set = variant.tileSet(levels.length, options);
  const seats = levels.map((_, s) => createRng(seed * 31 + s + 1));
  const decide = <S extends BaseState>(level: BotLevel, input: BotInput<S>): Move => {
    const move = chooseMove(level, input);
    expect(input.legal).toContainEqual(move);
    return move;
  };
  let game = seatGame(variant, levels.length, options);
  let dealt: number[] = [];
  let totals = game.full.scores.map(() => 0);
  let last: Move | null = null;
  for (let step = 0; game.full.phase !== 'gameOver'; step++) {
    if (step > 200_000) throw new Error(`${id} seed ${seed}: the game does not end`);
    if (game.full.phase === 'roundOver') {
      game = nextRoundSeated(variant, game);
      continue;
    }
    const need = variant.need(game.full);
    if (need) {
      game = unwrap(supplySeated(variant, game, answerNeed(game.full, need, rng)));
      if (need.kind === 'deal') dealt = sorted(variant.placedTiles(game.full));
      continue;
    }
    const seat = game.full.turn as Seat;
    const move = autoplay(levels[seat]!, variant, game, seat, seats[seat]!, decide);
    if (!move) throw new Error(`${id} seed ${seed}: seat ${seat} has no move`);
    if (move.type === 'endTurn') tally.endTurns++;
    if (move.type === 'draw' && last?.type === 'draw' && last.seat === seat) tally.drawsOn++;
    last = move;
    game = unwrap(moveSeated(variant, game, move));
    const s = game.full;
    expect(sorted(variant.placedTiles(s))).toEqual(dealt);
    if (s.phase === 'roundOver' || s.phase === 'gameOver') {
      // MT-11, DT-12 with H-1: the pips left, a double blank counting blankScore.
      const blank = options.blankScore ?? 0;
      const left = s.hands.map((h) =>
        h.reduce((n, c) => n + (c.tile === doubleOf(0) ? blank : pips(set, c.tile ?? 0)), 0),
      );
      if (id !== 'derailing-the-train')
        expect(s.scores).toEqual(totals.map((t, i) => t + left[i]!));
      totals = [...s.scores];
    }
  }
  return house;
}

const IDS = ['mexican-train', 'mexican-train-tournament', 'derailing-the-train'] as const;

describe.each(IDS)('%s under random house rules', (id) => {
  it('easy and medium bots play legal whole games: tiles conserved, scores add up', () => {
    const seen = new Set<string>();
    const tally: Tally = { endTurns: 0, drawsOn: 0 };
    for (let seed = 1; seed <= 24; seed++) {
      const levels: BotLevel[] = seed % 3 === 0 ? ['easy', 'medium', 'easy'] : ['medium', 'easy'];
      seen.add(JSON.stringify(checkedGame(id, levels, seed, tally)));
    }
    // The combinations vary, and the house rules are actually exercised.
    expect(seen.size).toBeGreaterThan(1);
    expect(tally.drawsOn).toBeGreaterThan(0);
    if (id === 'mexican-train') expect(tally.endTurns).toBeGreaterThan(0);
  }, 120_000);

  it('hard bots play legal games under house rules (a few: the search is slow)', () => {
    const tally: Tally = { endTurns: 0, drawsOn: 0 };
    for (const seed of [101, 102]) checkedGame(id, ['hard', 'medium'], seed, tally);
  }, 240_000);
});
