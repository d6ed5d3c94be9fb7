// What the table says of the variant in play comes from the variant: the
// game's length and what a round is called (the header), which way the
// scoreboard ranks and what it counts.
import { beforeAll, describe, expect, it } from 'vitest';
import { variantOf, type BaseState, type VariantId } from '$lib/engine';
import {
  progressText,
  rankSeats,
  scoresPerRound,
  standing,
  standingLabel,
} from '$lib/ui/variant-words';
import { load as loadGame } from '$lib/ui/i18n/game';
import { current } from '$lib/ui/i18n/locale.svelte';
import { refusedText } from '$lib/ui/refusals';

// The table's words in English unless a test says otherwise.
beforeAll(() => loadGame('en'));

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

describe('in Spanish and French', () => {
  it('counts rounds, platforms and tokens in their words, with plurals (E-12)', async () => {
    await Promise.all([loadGame('es'), loadGame('fr')]);
    try {
      current.locale = 'es';
      expect(progressText(game('derailing-the-train', 3, { set: 6 }))).toBe('Andén 1 de 7');
      expect(progressText(game('engine-191', 3, { tokensToWin: 1 }))).toBe(
        'Ronda 1 · se gana con 1 trofeo',
      );
      current.locale = 'fr';
      expect(progressText(game('mexican-train', 4, { rounds: 5 }))).toBe('Manche 1 sur 5');
      expect(progressText(game('engine-191', 3, { tokensToWin: 2 }))).toBe(
        'Manche 1 · 2 jetons pour gagner',
      );
      expect(standingLabel(game('railominos', 3))).toBe('Points');
    } finally {
      current.locale = 'en';
    }
  });

  it('a refusal speaks its code in the language; English keeps the engine’s own sentence', async () => {
    await loadGame('es');
    try {
      current.locale = 'es';
      expect(refusedText('NOT_YOUR_TURN', 'It is Bo’s turn.')).toBe('No es tu turno.');
      expect(refusedText('NOT_HOST', 'Only the host sets the game.')).toBe(
        'Solo el anfitrión puede hacer eso.',
      );
    } finally {
      current.locale = 'en';
    }
    expect(refusedText('NOT_YOUR_TURN', 'It is Bo’s turn.')).toBe('It is Bo’s turn.');
  });
});
