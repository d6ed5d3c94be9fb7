// TT-9: a player joins between rounds, taking the highest total at the table.
import { fail, ok } from '../../types';
import type { Result } from '../../types';
import { TOURNAMENT } from './rules';
import { emptyTrain } from './state';
import type { MtState } from './state';

/**
 * Adds seat n (after seat n−1, before seat 0) to a tournament table between
 * rounds (phase `roundOver` or `deal`). The newcomer starts at the highest total.
 * A hand size that was the TT-1 size for n players becomes the size for n + 1;
 * the first player keeps moving one seat left, now around n + 1 seats.
 */
export function joinSeat(state: MtState): Result<MtState> {
  if (state.variant !== TOURNAMENT.id) {
    return fail(
      'ILLEGAL_MOVE',
      'TT-9',
      'players join between rounds only under the tournament rules',
    );
  }
  if (state.phase !== 'roundOver' && state.phase !== 'deal') {
    return fail('WRONG_PHASE', 'TT-9', 'a player may join only between rounds');
  }
  if (state.players >= TOURNAMENT.maxPlayers) {
    return fail('ILLEGAL_MOVE', 'TT-9', `the table is full (${TOURNAMENT.maxPlayers} players)`);
  }
  if (state.unscored) {
    return fail('WRONG_PHASE', 'TT-9', 'the totals are known once the hands are revealed');
  }
  const players = state.players + 1;
  const ruleSize = state.options.handSize === TOURNAMENT.handSize(state.players);
  const handSize = ruleSize ? TOURNAMENT.handSize(players) : state.options.handSize;
  // While dealing, the rotation was already taken around n seats: take it again around n + 1.
  const firstPlayer =
    state.phase === 'deal' && state.lastStarter !== null
      ? (state.lastStarter + 1) % players
      : state.firstPlayer;
  return ok({
    ...state,
    players,
    options: { ...state.options, handSize: handSize ?? TOURNAMENT.handSize(players) },
    hands: [...state.hands, []],
    scores: [...state.scores, Math.max(...state.scores)],
    trains: [...state.trains, emptyTrain(state.trains[0]?.open ?? -1)],
    firstTurnDone: [...state.firstTurnDone, true],
    firstPlayer,
  });
}
