// Carrying out the moves of a turn (E-4 … E-11). Each move gathers its changes
// in a patch and builds one new state of a fixed shape (fast to build and copy).
import { indexOfTile, replaceAt, without } from '../../cards';
import { tileDef } from '../../tiles';
import type { TileSet } from '../../tiles';
import type { Move, PlayMove } from '../../types';
import { ownerOf } from '../../types';
import { cutBack, extend, isIncomplete, isStation } from './lines';
import { endRound } from './scoring';
import { setOf } from './state';
import type { Engine191State } from './state';

type Patch = { -readonly [K in keyof Engine191State]?: Engine191State[K] };

function patched(s: Engine191State, p: Patch): Engine191State {
  return {
    variant: 'engine-191',
    players: s.players,
    options: s.options,
    round: s.round,
    phase: p.phase ?? s.phase,
    turn: p.turn !== undefined ? p.turn : s.turn,
    hands: p.hands ?? s.hands,
    boneyard: p.boneyard ?? s.boneyard,
    scores: s.scores,
    moveIndex: p.moveIndex ?? s.moveIndex,
    winners: s.winners,
    station: s.station,
    chosen: s.chosen,
    deals: s.deals,
    lines: p.lines ?? s.lines,
    yards: p.yards ?? s.yards,
    discard: p.discard ?? s.discard,
    reshuffles: s.reshuffles,
    tokens: s.tokens,
    step: p.step ?? s.step,
    drawn: p.drawn !== undefined ? p.drawn : s.drawn,
    owed: p.owed !== undefined ? p.owed : s.owed,
    fresh: p.fresh ?? s.fresh,
    passes: p.passes ?? s.passes,
  };
}

/** The turn passes left (C-3). */
function endTurn(s: Engine191State, p: Patch): void {
  p.turn = s.turn === null ? null : (s.turn + 1) % s.players;
  p.step = 'start';
  p.drawn = null;
  p.fresh = [];
  p.owed = null;
}

/**
 * The boneyard's top card to the mover's hand (E-6) or face up to their score
 * yard (E-4, E-9); with the boneyard empty the draw is owed until the reshuffle (E-10).
 */
function drawTo(s: Engine191State, p: Patch, where: 'hand' | 'yard'): void {
  const seat = s.turn ?? 0;
  const [top, ...boneyard] = s.boneyard;
  if (!top) {
    p.owed = where;
    return;
  }
  p.owed = null;
  p.boneyard = boneyard;
  if (where === 'hand') {
    const hands = p.hands ?? s.hands;
    p.hands = replaceAt(hands, seat, [...(hands[seat] ?? []), top]);
    return;
  }
  const tile = top.tile ?? -1;
  const yards = p.yards ?? s.yards;
  p.yards = replaceAt(yards, seat, [...(yards[seat] ?? []), tile]);
  if ((p.step ?? s.step) === 'drawn') p.drawn = tile;
}

function performPlay(s: Engine191State, p: Patch, set: TileSet, move: PlayMove): Engine191State {
  const seat = move.seat;
  const owner = ownerOf(move.target) ?? seat;
  const hand = s.hands[seat] ?? [];
  const line = s.lines[owner];
  if (!line) return s;
  if (move.from === 'yard' && move.replace !== undefined) {
    // E-7: the tile from hand takes the played tile's place in the score yard.
    const yard = s.yards[seat] ?? [];
    p.yards = replaceAt(s.yards, seat, replaceAt(yard, yard.indexOf(move.tile), move.replace));
    p.hands = replaceAt(s.hands, seat, without(hand, indexOfTile(hand, move.replace)));
  } else {
    p.hands = replaceAt(s.hands, seat, without(hand, indexOfTile(hand, move.tile)));
  }
  const station = isStation(set, move.tile);
  const fresh = s.fresh.filter((f) => f !== owner);
  p.lines = replaceAt(s.lines, owner, extend(set, line, move.tile));
  p.fresh = station ? [...fresh, owner] : fresh;
  p.drawn = null;
  p.passes = 0;
  // E-8: a station lets the player go on; track ends the turn.
  p.step = station ? 'station' : 'end';
  // E-11: an empty hand ends the round before anything else.
  if (hand.length === 1) return endRound(patched(s, p));
  // E-6: a play on an opponent's line draws to hand, unless it completes a station.
  if (owner !== seat && !isIncomplete(set, line)) drawTo(s, p, 'hand');
  if (p.step === 'end' && !p.owed) endTurn(s, p);
  return patched(s, p);
}

function performDraw(s: Engine191State, p: Patch): Engine191State {
  if (s.owed !== null) {
    drawTo(s, p, s.owed);
    if (s.step === 'end') endTurn(s, p);
    return patched(s, p);
  }
  // E-9: one tile to the score yard, face up; then that tile only, or pass.
  p.step = 'drawn';
  p.passes = 0;
  drawTo(s, p, 'yard');
  return patched(s, p);
}

function performRemove(s: Engine191State, p: Patch, set: TileSet): Engine191State {
  const seat = s.turn ?? 0;
  const line = s.lines[seat];
  if (!line || s.station === null) return s;
  // E-4: the removed tiles go face up to the discard pile, then one tile to the score yard.
  const { line: kept, removed } = cutBack(set, line, tileDef(set, s.station).hi);
  p.lines = replaceAt(s.lines, seat, kept);
  p.discard = [...s.discard, ...removed];
  p.passes = 0;
  drawTo(s, p, 'yard');
  return patched(s, p);
}

function performPass(s: Engine191State, p: Patch): Engine191State {
  if (s.step === 'start') {
    // C-7, E-11: every player passed in succession with nothing to draw.
    p.passes = s.passes + 1;
    if (p.passes >= s.players) return endRound(patched(s, p));
  }
  endTurn(s, p);
  return patched(s, p);
}

export function performTurnMove(state: Engine191State, move: Move): Engine191State {
  const set = setOf(state);
  const p: Patch = { moveIndex: state.moveIndex + 1 };
  switch (move.type) {
    case 'play':
      return performPlay(state, p, set, move);
    case 'draw':
      return performDraw(state, p);
    case 'removeTrack':
      return performRemove(state, p, set);
    case 'pass':
      return performPass(state, p);
    default:
      return state;
  }
}
