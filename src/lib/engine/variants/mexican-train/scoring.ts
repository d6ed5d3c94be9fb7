// The end of a round and of the game: pips left in hand (MT-11), winners and
// places (MT-11, TT-8), and moving on to the next round (MT-2, TT-2, TT-3).
import { doubleOf, pips } from '../../tiles';
import type { TileId, TileSet } from '../../tiles';
import type { BySeat, Seat } from '../../types';
import type { MtRules } from './rules';
import { setOf } from './options';
import { FRESH_STEP } from './state';
import type { MtState } from './state';

/** MT-2: the rounds option; TT-5: the game ends with the 0-0 round. */
export function isLastRound(rules: MtRules, state: MtState): boolean {
  return rules.engine === 'fixed'
    ? state.engineSuit <= 0
    : state.round >= (state.options.rounds ?? 13);
}

/** MT-10: the round is over; it is scored at once if every hand is known. */
export function endRound(rules: MtRules, set: TileSet, state: MtState): MtState {
  return settleScores(
    {
      ...state,
      phase: isLastRound(rules, state) ? 'gameOver' : 'roundOver',
      turn: null,
      step: FRESH_STEP,
      opening: null,
      unscored: true,
    },
    set,
  );
}

/**
 * MT-11: each player adds the pips left in hand to their total; at the end of
 * the game the lowest total wins, ties share. On a view this waits until the
 * hands are revealed (the end-of-round audit): call it again then.
 */
export function settleScores(state: MtState, set: TileSet = setOf(state.options)): MtState {
  if (!state.unscored) return state;
  if (state.hands.some((h) => h.some((c) => c.tile === null))) return state;
  // H-1: a double blank left in hand may count for more than its 0 pips.
  const blank = state.options.blankScore ?? 0;
  const value = (t: TileId) => (t === doubleOf(0) ? blank : pips(set, t));
  const scores = state.scores.map(
    (total, s) => total + (state.hands[s] ?? []).reduce((n, c) => n + value(c.tile ?? 0), 0),
  );
  const winners = state.phase === 'gameOver' ? lowest(scores) : [];
  return { ...state, scores, winners, unscored: false };
}

/** MT-11: the seats with the lowest total (ties share the win). */
export function lowest(scores: BySeat<number>): Seat[] {
  const best = Math.min(...scores);
  return scores.flatMap((t, s) => (t === best ? [s] : []));
}

/** TT-8: every seat's place by total, lowest first; tied seats share a place (1, 1, 3…). */
export function places(scores: BySeat<number>): number[] {
  return scores.map((t) => 1 + scores.filter((u) => u < t).length);
}

/**
 * Between rounds: MT-2 remembers who started (the draw-off begins at their left),
 * TT-3 moves the engine one double down, TT-2 moves the first player one seat left.
 * The last round's board stays on the table until the next deal.
 */
export function nextRound(rules: MtRules, state: MtState): MtState {
  if (state.phase !== 'roundOver') return state;
  const s = settleScores(state);
  const fixed = rules.engine === 'fixed';
  return {
    ...s,
    round: s.round + 1,
    phase: 'deal',
    turn: null,
    lastStarter: s.starter,
    engineSuit: fixed ? s.engineSuit - 1 : s.engineSuit,
    firstPlayer: fixed && s.firstPlayer !== null ? (s.firstPlayer + 1) % s.players : null,
  };
}
