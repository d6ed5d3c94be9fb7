// Starting and ending rounds: the game state, round-end scoring and winners.
import { newBaseState } from '../../base';
import type { Options } from '../../variant';
import type { Seat } from '../../types';
import { roundsPerGame, withDefaults } from './options';
import type { RailominosState } from './state';

export function newGame(players: number, options: Options): RailominosState {
  return {
    ...newBaseState('railominos', players, withDefaults(players, options)),
    layout: null,
    setAside: [],
    firstPlayer: null,
    passes: 0,
  };
}

/**
 * the round is over; `penalised` seats lose 1 per piece left in hand (the
 * others when a player went out, everyone when all passed). After the last
 * round the highest total wins; ties share.
 */
export function endRound(
  state: RailominosState,
  penalised: (seat: Seat) => boolean,
): RailominosState {
  const scores = state.scores.map((score, seat) =>
    penalised(seat) ? score - (state.hands[seat]?.length ?? 0) : score,
  );
  if (state.round < roundsPerGame(state.options)) {
    return { ...state, scores, phase: 'roundOver', turn: null };
  }
  const best = Math.max(...scores);
  const winners = scores.flatMap((score, seat) => (score === best ? [seat] : []));
  return { ...state, scores, phase: 'gameOver', turn: null, winners };
}

/** the first player moves one seat left (C-3) each round. */
export function nextRound(state: RailominosState): RailominosState {
  if (state.phase !== 'roundOver') return state;
  const first = state.firstPlayer === null ? null : (state.firstPlayer + 1) % state.players;
  return {
    ...newGame(state.players, state.options),
    round: state.round + 1,
    scores: state.scores,
    firstPlayer: first,
  };
}
