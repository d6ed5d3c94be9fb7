// E-11 round end, E-12 round scores, win tokens and the game's winners.
import { pips } from '../../tiles';
import type { Engine191State } from './state';
import { freshRound, setOf } from './state';

export function endRound(state: Engine191State): Engine191State {
  const set = setOf(state);
  // E-12: pips in hand plus score yard (every hand is disclosed by the ending move).
  const scores = state.hands.map(
    (hand, seat) =>
      hand.reduce((sum, c) => sum + (c.tile === null ? 0 : pips(set, c.tile)), 0) +
      (state.yards[seat] ?? []).reduce((sum, t) => sum + pips(set, t), 0),
  );
  const low = Math.min(...scores);
  const tokens = state.tokens.map((t, seat) => (scores[seat] === low ? t + 1 : t));
  const target = state.options.tokensToWin ?? 3;
  const winners = tokens.flatMap((t, seat) => (t >= target ? [seat] : []));
  return {
    ...state,
    scores,
    tokens,
    winners,
    phase: winners.length > 0 ? 'gameOver' : 'roundOver',
    turn: null,
    step: 'start',
    drawn: null,
    fresh: [],
  };
}

export function nextRound(state: Engine191State): Engine191State {
  if (state.phase !== 'roundOver') return state;
  return freshRound({ ...state, round: state.round + 1 });
}
