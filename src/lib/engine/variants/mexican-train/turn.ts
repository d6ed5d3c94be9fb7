// A turn in play: laying a tile, drawing, passing (MT-4…MT-10, TT-4…TT-7, C-5, C-7).
import { anyCard, drawToHand, replaceAt, without } from '../../cards';
import type { Maybe } from '../../cards';
import { houseOn } from '../../house';
import { isDouble } from '../../tiles';
import type { TileSet } from '../../tiles';
import { personal } from '../../types';
import type { Card, Move, PlayMove, Seat } from '../../types';
import type { Verdict } from '../../variant';
import { illegal, judge } from './verdicts';
import { fits, isTargetOfGame, layTile, withMarker } from './board';
import { dutyOf, playableUnder } from './duty';
import type { Duty } from './duty';
import type { MtRules } from './rules';
import { endRound } from './scoring';
import { FRESH_STEP } from './state';
import type { MtState } from './state';

/** The cards the player may lay from now: the drawn one only, after a draw (C-5). */
export function playableCards(state: MtState, seat: Seat): readonly Card[] {
  const hand = state.hands[seat] ?? [];
  const drawn = state.step.drawn;
  return drawn === null ? hand : hand.filter((c) => c.pos === drawn);
}

/** H-2: an opening run is under way with no double of it left to satisfy. */
export function inRun(state: MtState): boolean {
  return state.step.run !== undefined && state.pending.length === 0;
}

const not = (m: Maybe): Maybe => (m === 'yes' ? 'no' : m === 'no' ? 'yes' : 'unknown');

/** Whether the player holds (or may hold) a tile they could lay now. */
function canPlay(set: TileSet, state: MtState, seat: Seat, duty: Duty) {
  return anyCard(playableCards(state, seat), playableUnder(set, duty));
}

export function validateTurn(rules: MtRules, set: TileSet, state: MtState, move: Move): Verdict {
  const seat = move.seat;
  const duty = dutyOf(rules, set, state, seat);
  switch (move.type) {
    case 'play':
      return validatePlay(set, state, move, duty);
    case 'draw':
      if (state.boneyard.length === 0) return illegal(duty.rule, 'the boneyard is empty');
      if (state.step.drawn !== null) {
        if (!duty.drawsOn) {
          return illegal(duty.rule, 'one draw, then play the drawn tile or pass (C-5)');
        }
        // H-3: draw on only while the tile just drawn cannot be played.
        return judge(
          canPlay(set, state, seat, duty),
          'H-3',
          'the drawn tile can be played: play it or pass, not draw on (H-3)',
        );
      }
      if (inRun(state)) return illegal('H-2', 'the opening run goes on, or ends with endTurn');
      return judge(
        canPlay(set, state, seat, duty),
        duty.rule,
        'a player may draw only without a legal play (C-5)',
      );
    case 'pass': {
      if (inRun(state)) return illegal('H-2', 'the opening run ends with endTurn');
      if (state.step.drawn === null) {
        if (state.boneyard.length > 0) return illegal(duty.rule, 'draw before passing');
        return judge(
          canPlay(set, state, seat, duty),
          duty.rule,
          'a player may pass only without a legal play (C-5)',
        );
      }
      if (duty.drawsOn && state.boneyard.length > 0) {
        // H-3 with C-5: a bound player plays the drawn tile if it fits, else draws on.
        const fit = canPlay(set, state, seat, duty);
        if (duty.bound && fit === 'yes') {
          return judge(
            fit,
            duty.rule,
            'the drawn tile satisfies the double and must be played (C-5)',
          );
        }
        if (duty.bound && fit === 'unknown') {
          return illegal('H-3', 'play the drawn tile on the double if it fits, else draw on');
        }
        return judge(
          not(fit),
          'H-3',
          'the drawn tile cannot be played: draw on until one can (H-3)',
        );
      }
      // C-5: a drawn tile that satisfies a double the player is bound to satisfy must be played.
      if (!duty.bound) return { kind: 'ok' };
      return judge(
        canPlay(set, state, seat, duty),
        duty.rule,
        'the drawn tile satisfies the double and must be played (C-5)',
      );
    }
    case 'endTurn':
      if (state.step.run === undefined) {
        return illegal('H-2', 'only an opening run (house rule) ends with endTurn');
      }
      if (state.pending.length > 0) {
        return illegal('H-2', 'the double of the run must be satisfied first (MT-6)');
      }
      return { kind: 'ok' };
    default:
      return illegal(rules.engine === 'fixed' ? 'TT-3' : 'MT-2', 'no declaring during play');
  }
}

function validatePlay(set: TileSet, state: MtState, move: PlayMove, duty: Duty): Verdict {
  if (!isTargetOfGame(state, move.target)) {
    return illegal('MT-5', `there is no train ${move.target} in this game`);
  }
  const card = (state.hands[move.seat] ?? []).find((c) => c.tile === move.tile);
  if (!card) return illegal('MT-5', 'that tile is not in the player’s hand');
  if (state.step.drawn !== null && card.pos !== state.step.drawn) {
    return illegal('C-5', 'after a draw only the drawn tile may be played');
  }
  const spot = duty.spots.find((s) => s.target === move.target);
  if (!spot) return illegal(duty.playRule, `no play on ${move.target} now`);
  if (!fits(set, move.tile, spot)) {
    return illegal(duty.playRule, `the tile does not match the open end of ${move.target}`);
  }
  return { kind: 'ok' };
}

/** The turn is over: play goes left (C-3). */
function turnOver(state: MtState, seat: Seat): Pick<MtState, 'firstTurnDone' | 'step' | 'turn'> {
  const done = state.firstTurnDone;
  return {
    firstTurnDone: done[seat] ? done : replaceAt(done, seat, true),
    step: FRESH_STEP,
    turn: (seat + 1) % state.players,
  };
}

export function performTurn(rules: MtRules, set: TileSet, state: MtState, move: Move): MtState {
  const seat = move.seat;
  const moveIndex = state.moveIndex + 1;
  switch (move.type) {
    case 'play':
      return performPlay(rules, set, state, move);
    case 'draw': {
      const drawn = state.boneyard[0]?.pos ?? null;
      // H-2: a draw ends the opening run (the drawn tile is played, if at all, as MT-4, MT-6 say).
      return { ...drawToHand(state, seat), moveIndex, step: { drawn, laid: state.step.laid } };
    }
    case 'endTurn':
      return { ...state, moveIndex, ...turnOver(state, seat) };
    case 'pass': {
      // MT-4, MT-6, MT-7, MT-8, TT-5, TT-6: a turn ended without a play leaves the marker.
      // C-7: only passes made with nothing left to draw count towards a blocked round.
      const passes = state.boneyard.length === 0 ? state.passes + 1 : 0;
      const trains = withMarker(state, seat);
      if (passes >= state.players) {
        return endRound(rules, set, { ...state, moveIndex, trains, passes });
      }
      return { ...state, moveIndex, trains, passes, ...turnOver(state, seat) };
    }
    default:
      return state;
  }
}

function performPlay(rules: MtRules, set: TileSet, state: MtState, move: PlayMove): MtState {
  const seat = move.seat;
  const hand = state.hands[seat] ?? [];
  const laid = {
    moveIndex: state.moveIndex + 1,
    ...layTile(set, state, seat, move.tile, move.target),
    hands: replaceAt(
      state.hands,
      seat,
      without(
        hand,
        hand.findIndex((c) => c.tile === move.tile),
      ),
    ),
    passes: 0,
  };
  // A double on this train is satisfied by any tile laid after it (MT-6, MT-7, TT-6).
  const pending =
    state.pending.length === 0
      ? state.pending
      : state.pending.filter((p) => p.target !== move.target);
  // MT-10, TT-7: the last tile ends the round; a final double needs no satisfying.
  if (hand.length === 1) return endRound(rules, set, { ...state, ...laid, pending });
  const run = runAfter(rules, state, move);
  if (isDouble(set, move.tile)) {
    // MT-6: satisfy it now; TT-5: one more tile anywhere. Either way the turn goes on.
    return {
      ...state,
      ...laid,
      pending: [...pending, { tile: move.tile, target: move.target }],
      step: run === undefined ? { drawn: null, laid: true } : { drawn: null, laid: true, run },
    };
  }
  // H-2: the opening run goes on (a tile on its double satisfies it) until endTurn.
  if (run !== undefined)
    return { ...state, ...laid, pending, step: { drawn: null, laid: false, run } };
  // MT-5: one tile per turn; MT-7: play resumes left of the player who satisfied a double.
  return { ...state, ...laid, pending, ...turnOver(state, seat) };
}

/**
 * H-2: the run's length after this play, or undefined outside a run. A run begins
 * with the first tile of a first turn (MT-4) laid from the hand on the player's
 * own empty train; a draw ends it.
 */
function runAfter(rules: MtRules, state: MtState, move: PlayMove): number | undefined {
  if (state.step.run !== undefined) return state.step.run + 1;
  const begins =
    houseOn(state.options, 'openingRun') &&
    rules.firstTurnRestricted &&
    !state.firstTurnDone[move.seat] &&
    move.target === personal(move.seat) &&
    state.step.drawn === null &&
    !state.step.laid &&
    state.pending.length === 0 &&
    state.trains[move.seat]?.tiles.length === 0;
  return begins ? 1 : undefined;
}

/** H-2: the turn ends by itself once nothing in the hand fits the run's train (null: not now, or unknown). */
export function runOverMove(set: TileSet, state: MtState): Move | null {
  const seat = state.turn;
  if (state.phase !== 'playing' || seat === null || !inRun(state)) return null;
  const open = state.trains[seat]?.open ?? -1;
  const fitting = anyCard(state.hands[seat] ?? [], (t) =>
    fits(set, t, { target: personal(seat), open }),
  );
  return fitting === 'no' ? { seat, type: 'endTurn' } : null;
}
