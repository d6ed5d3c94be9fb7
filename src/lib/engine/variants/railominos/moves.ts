// Turns: playing a piece on an open end and scoring it, passing
// only without a play, the round's end.
import { anyCard, indexOfTile, knownTiles, takeFromHand } from '../../cards';
import type { Card, EngineError, Move, Seat } from '../../types';
import type { Disclosure, Verdict } from '../../variant';
import { fits, place, playScore, playableAnywhere } from './layout';
import { endRound } from './rounds';
import { ENDS } from './state';
import type { End, RailominosState } from './state';

const illegal = (
  rule: string | null,
  message: string,
  code: EngineError['code'] = 'ILLEGAL_MOVE',
): Verdict => ({ kind: 'illegal', error: { code, rule, message } });

function isEnd(target: string): target is End {
  return (ENDS as readonly string[]).includes(target);
}

function handOf(state: RailominosState, seat: Seat): readonly Card[] {
  return state.hands[seat] ?? [];
}

export function legalMoves(state: RailominosState): Move[] {
  const seat = state.turn;
  const layout = state.layout;
  if (state.phase !== 'playing' || seat === null || layout === null) return [];
  const moves: Move[] = [];
  for (const tile of knownTiles(handOf(state, seat))) {
    for (const end of ENDS) {
      if (fits(layout, tile, end)) moves.push({ seat, type: 'play', tile, target: end });
    }
  }
  // a pass only without a play (on a view with hidden pieces, a claim).
  if (moves.length === 0) moves.push({ seat, type: 'pass' });
  return moves;
}

export function validate(state: RailominosState, move: Move): Verdict {
  const layout = state.layout;
  if (state.phase !== 'playing' || layout === null) {
    return illegal(null, `no moves in phase ${state.phase}`, 'WRONG_PHASE');
  }
  const hand = handOf(state, move.seat);
  switch (move.type) {
    case 'play':
      if (move.from !== undefined) return illegal('R-4', 'pieces are played from the hand');
      // one line with two open ends; nothing branches off it.
      if (!isEnd(move.target))
        return illegal('R-3', `the line has two open ends, west and east, not ${move.target}`);
      if (indexOfTile(hand, move.tile) < 0) return illegal('R-4', 'that piece is not in the hand');
      if (!fits(layout, move.tile, move.target)) {
        return illegal(
          'R-4',
          `the piece does not match the railroad open at the ${move.target} end`,
        );
      }
      return { kind: 'ok' };
    case 'pass': {
      // R-7 (the variant's own form of C-5): pass only when no piece fits.
      const can = anyCard(hand, (tile) => playableAnywhere(layout, tile));
      const message = 'a player passes only when no piece can be played';
      if (can === 'yes')
        return { kind: 'breach', error: { code: 'ILLEGAL_MOVE', rule: 'R-7', message } };
      if (can === 'unknown') return { kind: 'claim', rule: 'R-7', message };
      return { kind: 'ok' };
    }
    case 'draw':
      return illegal('R-7', 'there is no drawing in railominos: play or pass');
    default:
      return illegal(null, `railominos has no ${move.type} move`, 'BAD_MOVE');
  }
}

export function disclosures(state: RailominosState, move: Move): Disclosure[] {
  if (move.type !== 'play') return [];
  const card = handOf(state, move.seat).find((c) => c.tile === move.tile);
  return card ? [{ pos: card.pos, to: 'all', when: 'before' }] : [];
}

export function perform(state: RailominosState, move: Move): RailominosState {
  const layout = state.layout;
  if (layout === null) return state;
  const seat = move.seat;
  // C-3: play passes to the left.
  const next = (s: RailominosState): RailominosState => ({
    ...s,
    moveIndex: state.moveIndex + 1,
    turn: (seat + 1) % state.players,
  });
  if (move.type === 'pass') {
    const passes = state.passes + 1;
    // R-8, C-7: everyone passed in succession; everyone loses 1 per piece.
    if (passes >= state.players) return endRound({ ...next(state), passes }, () => true);
    return { ...next(state), passes };
  }
  if (move.type !== 'play' || !isEnd(move.target)) return state;
  const taken = takeFromHand(state, seat, move.tile);
  if (!taken) return state;
  const after = place(layout, move.tile, move.target);
  const wentOut = (taken.hands[seat]?.length ?? 0) === 0;
  // R-6, plus 1 for going out.
  const gain = playScore(after, move.tile) + (wentOut ? 1 : 0);
  const scores = state.scores.map((score, s) => (s === seat ? score + gain : score));
  const played = { ...next(taken), layout: after, scores, passes: 0 };
  return wentOut ? endRound(played, (s) => s !== seat) : played;
}
