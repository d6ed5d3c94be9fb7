// What the table says of the variant in play comes from the variant: the
// game's length and what a round is called (the header), which way the
// scoreboard ranks and what it counts.
import { describe, expect, it } from 'vitest';
import { variantOf, type BaseState, type VariantId } from '$lib/engine';
import {
  progressText,
  rankSeats,
  scoresPerRound,
  standing,
  standingLabel,
} from '$lib/ui/variant-words';

function game(id: VariantId, players: number, options: Record<string, number> = {}): BaseState {
  return variantOf(id).newGame(players, options);
}

describe('progressText', () => {
  it('tournament rules on a double-6 set: 7 rounds, the engine capped at 6-6 (TT-3)', () => {
    expect(progressText(game('mexican-train-tournament', 3, { set: 6 }))).toBe('Round 1 of 7');
  });

  it('Mexican Train counts its rounds option (MT-2)', () => {
    expect(progressText(game('mexican-train', 4, { rounds: 5 }))).toBe('Round 1 of 5');
  });

  it('Derailing counts platforms, one per double of the set (DT-2)', () => {
    expect(progressText(game('derailing-the-train', 3, { set: 6 }))).toBe('Platform 1 of 7');
  });

  it('Engine 191 ends on tokens (E-12)', () => {
    expect(progressText(game('engine-191', 3, { tokensToWin: 2 }))).toBe('Round 1 · 2 tokens win');
  });
});

describe('the scoreboard', () => {
  const seats = [{ seat: 0 }, { seat: 1 }, { seat: 2 }];
  const withScores = (v: BaseState, scores: number[]): BaseState => ({ ...v, scores });

  it('ranks the lowest total first where pips count (MT-11)', () => {
    const v = withScores(game('mexican-train', 3), [30, 10, 20]);
    expect(rankSeats(v, seats).map((s) => s.seat)).toEqual([1, 2, 0]);
    expect(standingLabel(v)).toBe('Total');
    expect(scoresPerRound(v)).toBe(false);
  });

  it('ranks the highest points first in Railominos (R-8)', () => {
    const v = withScores(game('railominos', 3), [30, 10, 20]);
    expect(rankSeats(v, seats).map((s) => s.seat)).toEqual([0, 2, 1]);
    expect(standingLabel(v)).toBe('Points');
  });

  it('ranks by win tokens in Engine 191, whatever the last round’s pips (E-12)', () => {
    const base = game('engine-191', 3);
    const v = { ...base, scores: [0, 50, 5], tokens: [1, 0, 2] } as BaseState;
    expect(rankSeats(v, seats).map((s) => s.seat)).toEqual([2, 0, 1]);
    expect(standing(v, 2)).toBe(2);
    expect(standingLabel(v)).toBe('Tokens');
    expect(scoresPerRound(v)).toBe(true);
  });
});
