// Carrying out the moves of a turn (E-4 … E-11).
import { indexOfTile, replaceAt, without } from '../../cards';
import { tileDef } from '../../tiles';
import type { TileSet } from '../../tiles';
import type { Move } from '../../types';
import { ownerOf } from '../../types';
import { cutBack, extend, isIncomplete, isStation } from './lines';
import { endRound } from './scoring';
import { setOf } from './state';
import type { Engine191State } from './state';

type Play = Extract<Move, { type: 'play' }>;

function endTurn(state: Engine191State): Engine191State {
  const turn = state.turn === null ? null : (state.turn + 1) % state.players;
  return { ...state, turn, step: 'start', drawn: null, fresh: [], owed: null };
}

/**
 * The boneyard's top card to the seat's hand (E-6) or face up to its score yard
 * (E-4, E-9); with the boneyard empty the draw is owed until the reshuffle (E-10).
 */
function drawTo(state: Engine191State, where: 'hand' | 'yard'): Engine191State {
  const seat = state.turn ?? 0;
  const [top, ...boneyard] = state.boneyard;
  if (!top) return { ...state, owed: where };
  if (where === 'hand') {
    const hand = [...(state.hands[seat] ?? []), top];
    return { ...state, owed: null, boneyard, hands: replaceAt(state.hands, seat, hand) };
  }
  const tile = top.tile ?? -1;
  const yard = [...(state.yards[seat] ?? []), tile];
  return {
    ...state,
    owed: null,
    boneyard,
    yards: replaceAt(state.yards, seat, yard),
    drawn: state.step === 'drawn' ? tile : state.drawn,
  };
}

function performPlay(state: Engine191State, set: TileSet, move: Play): Engine191State {
  const seat = move.seat;
  const owner = ownerOf(move.target) ?? seat;
  const hand = state.hands[seat] ?? [];
  const line = state.lines[owner];
  if (!line) return state;
  let { hands, yards } = state;
  if (move.from === 'yard' && move.replace !== undefined) {
    // E-7: the tile from hand takes the played tile's place in the score yard.
    const yard = state.yards[seat] ?? [];
    yards = replaceAt(yards, seat, replaceAt(yard, yard.indexOf(move.tile), move.replace));
    hands = replaceAt(hands, seat, without(hand, indexOfTile(hand, move.replace)));
  } else {
    hands = replaceAt(hands, seat, without(hand, indexOfTile(hand, move.tile)));
  }
  const station = isStation(set, move.tile);
  const completing = isIncomplete(set, line);
  const fresh = state.fresh.filter((s) => s !== owner);
  let next: Engine191State = {
    ...state,
    hands,
    yards,
    lines: replaceAt(state.lines, owner, extend(set, line, move.tile)),
    fresh: station ? [...fresh, owner] : fresh,
    drawn: null,
    passes: 0,
    // E-8: a station lets the player go on; track ends the turn.
    step: station ? 'station' : 'end',
  };
  // E-11: an empty hand ends the round before anything else.
  if ((hands[seat]?.length ?? 0) === 0) return endRound(next);
  // E-6: a play on an opponent's line draws to hand, unless it completes a station.
  if (owner !== seat && !completing) next = drawTo(next, 'hand');
  return next.step === 'end' && next.owed === null ? endTurn(next) : next;
}

function performDraw(state: Engine191State): Engine191State {
  if (state.owed !== null) {
    const drawn = drawTo(state, state.owed);
    return drawn.step === 'end' ? endTurn(drawn) : drawn;
  }
  // E-9: one tile to the score yard, face up; then that tile only, or pass.
  return drawTo({ ...state, step: 'drawn', passes: 0 }, 'yard');
}

function performRemove(state: Engine191State, set: TileSet): Engine191State {
  const seat = state.turn ?? 0;
  const line = state.lines[seat];
  if (!line || state.station === null) return state;
  // E-4: the removed tiles go face up to the discard pile, then one tile to the score yard.
  const { line: kept, removed } = cutBack(set, line, tileDef(set, state.station).hi);
  return drawTo(
    {
      ...state,
      lines: replaceAt(state.lines, seat, kept),
      discard: [...state.discard, ...removed],
      passes: 0,
    },
    'yard',
  );
}

function performPass(state: Engine191State): Engine191State {
  if (state.step !== 'start') return endTurn(state);
  // C-7, E-11: every player passed in succession with nothing to draw.
  const passes = state.passes + 1;
  if (passes >= state.players) return endRound({ ...state, passes });
  return endTurn({ ...state, passes });
}

export function performTurnMove(state: Engine191State, move: Move): Engine191State {
  const set = setOf(state);
  switch (move.type) {
    case 'play':
      return performPlay(state, set, move);
    case 'draw':
      return performDraw(state);
    case 'removeTrack':
      return performRemove(state, set);
    case 'pass':
      return performPass(state);
    default:
      return state;
  }
}
