// A round's opening: the deal (MT-1, TT-1), the call-down and draw-off for the
// engine (MT-2, MT-3), or the fixed engine and first player (TT-2, TT-3).
import { anyCard, drawToHand, replaceAt, without } from '../../cards';
import { doubleOf, isDouble, tileDef } from '../../tiles';
import type { TileId, TileSet } from '../../tiles';
import { fail, ok } from '../../types';
import type { Card, Move, Result, Seat } from '../../types';
import type { Need, Supply, Verdict } from '../../variant';
import { illegal, judge } from './verdicts';
import type { MtRules } from './rules';
import { endRound } from './scoring';
import { FRESH_STEP, emptyTrain } from './state';
import type { MtState } from './state';

/** MT-1 / TT-1: the tiles to shuffle and deal; TT-3 takes the engine out first. */
export function dealNeed(rules: MtRules, set: TileSet, state: MtState): Need {
  const engine = rules.engine === 'fixed' ? doubleOf(state.engineSuit) : -1;
  const tiles = set.tiles.map((t) => t.id).filter((id) => id !== engine);
  // A handSize too big for the set is cut so that every hand can be dealt.
  const size = Math.min(
    state.options.handSize ?? rules.handSize(state.players),
    Math.floor(tiles.length / state.players),
  );
  return {
    kind: 'deal',
    tiles,
    handSizes: Array.from({ length: state.players }, () => size),
    rule: rules.dealRule,
  };
}

export function needOf(rules: MtRules, set: TileSet, state: MtState): Need | null {
  if (state.phase === 'deal') return dealNeed(rules, set, state);
  if (state.phase === 'setup' && state.opening?.kind === 'firstPlayer') {
    // TT-2: a public draw from a fresh shuffle; the protocol settles ties by redrawing.
    const among = Array.from({ length: state.players }, (_, s) => s);
    return { kind: 'firstPlayer', among, rule: 'TT-2' };
  }
  return null;
}

const badSupply = (message: string) => fail<MtState>('BAD_SUPPLY', null, message);

export function supplyOf(
  rules: MtRules,
  set: TileSet,
  state: MtState,
  input: Supply,
): Result<MtState> {
  const need = needOf(rules, set, state);
  if (!need || need.kind !== input.kind) return badSupply(`no ${input.kind} is due now`);
  if (input.kind === 'firstPlayer') {
    if (!Number.isInteger(input.seat) || input.seat < 0 || input.seat >= state.players) {
      return badSupply(`no seat ${input.seat}`);
    }
    return ok(openPlay({ ...state, firstPlayer: input.seat }, input.seat));
  }
  if (input.kind !== 'deal' || need.kind !== 'deal') return badSupply('unexpected supply');
  const problem = dealProblem(need, state.players, input.hands, input.boneyard);
  if (problem) return badSupply(problem);
  return ok(startRound(rules, set, state, input.hands, input.boneyard));
}

/** A deal is well formed: one hand per seat, positions and known tiles unique, tiles from the need. */
function dealProblem(
  need: Extract<Need, { kind: 'deal' }>,
  players: number,
  hands: readonly (readonly Card[])[],
  boneyard: readonly Card[],
): string | null {
  if (hands.length !== players) return `one hand per seat (${players})`;
  const allowed = new Set(need.tiles);
  const positions = new Set<number>();
  const tiles = new Set<TileId>();
  for (const c of [...hands.flat(), ...boneyard]) {
    if (positions.has(c.pos)) return `position ${c.pos} dealt twice`;
    positions.add(c.pos);
    if (c.tile === null) continue;
    if (!allowed.has(c.tile)) return `tile ${c.tile} is not dealt in this round`;
    if (tiles.has(c.tile)) return `tile ${c.tile} dealt twice`;
    tiles.add(c.tile);
  }
  return null;
}

function startRound(
  rules: MtRules,
  set: TileSet,
  state: MtState,
  hands: readonly (readonly Card[])[],
  boneyard: readonly Card[],
): MtState {
  const fixed = rules.engine === 'fixed';
  const s: MtState = {
    ...state,
    hands,
    boneyard,
    // TT-3: the engine is laid face up before play; MT-2 calls for it first.
    engine: fixed ? doubleOf(state.engineSuit) : null,
    trains: hands.map(() => emptyTrain(fixed ? state.engineSuit : -1)),
    mexican: null,
    pending: [],
    starter: null,
    firstTurnDone: hands.map(() => false),
    step: FRESH_STEP,
    passes: 0,
    moveIndex: 0,
    winners: [],
    unscored: false,
  };
  if (fixed) {
    if (s.firstPlayer !== null) return openPlay(s, s.firstPlayer);
    return { ...s, phase: 'setup', turn: null, opening: { kind: 'firstPlayer' } };
  }
  // MT-2: doubles are called from the highest down; seats answer from seat 0.
  return { ...s, phase: 'setup', turn: 0, opening: { kind: 'callDown', suit: set.n, asked: 0 } };
}

/** MT-3 / TT-2: the round's first turn begins. */
function openPlay(state: MtState, seat: Seat): MtState {
  return { ...state, phase: 'playing', turn: seat, starter: seat, opening: null, step: FRESH_STEP };
}

function drawnCard(state: MtState, seat: Seat, pos: number | null): Card | undefined {
  return (state.hands[seat] ?? []).find((c) => c.pos === pos);
}

/** MT-2: the call-down and draw-off accept only their own steps, answered honestly. */
export function validateOpening(set: TileSet, state: MtState, move: Move): Verdict {
  const opening = state.opening;
  const hand = state.hands[move.seat] ?? [];
  if (opening?.kind === 'callDown') {
    const called = doubleOf(opening.suit);
    if (move.type !== 'declare')
      return illegal('MT-2', 'the engine double is being called: declare');
    if (move.tile === null) {
      return judge(
        anyCard(hand, (t) => t === called),
        'MT-2',
        'the called double is in this hand and must be declared',
      );
    }
    if (move.tile !== called) return illegal('MT-2', 'only the called double may be declared');
    if (!hand.some((c) => c.tile === called))
      return illegal('MT-2', 'the double is not in this hand');
    return { kind: 'ok' };
  }
  if (opening?.kind === 'drawOff') {
    if (opening.drawn === null) {
      return move.type === 'draw' ? { kind: 'ok' } : illegal('MT-2', 'nobody holds a double: draw');
    }
    if (move.type !== 'declare')
      return illegal('MT-2', 'declare whether the drawn tile is a double');
    const card = drawnCard(state, move.seat, opening.drawn);
    if (move.tile === null) {
      return judge(
        anyCard(card ? [card] : [], (t) => isDouble(set, t)),
        'MT-2',
        'the drawn tile is a double and must be declared',
      );
    }
    if (card?.tile !== move.tile || !isDouble(set, move.tile)) {
      return illegal('MT-2', 'only a drawn double may be declared');
    }
    return { kind: 'ok' };
  }
  return illegal('TT-2', 'the first player is not drawn yet');
}

export function performOpening(rules: MtRules, set: TileSet, state: MtState, move: Move): MtState {
  const opening = state.opening;
  const seat = move.seat;
  const s: MtState = { ...state, moveIndex: state.moveIndex + 1 };
  if (move.type === 'declare' && move.tile !== null)
    return layEngine(rules, set, s, seat, move.tile);
  if (opening?.kind === 'callDown' && move.type === 'declare') {
    const asked = opening.asked + 1;
    if (asked < s.players) {
      return { ...s, turn: (seat + 1) % s.players, opening: { ...opening, asked } };
    }
    if (opening.suit > 0) {
      return { ...s, turn: 0, opening: { kind: 'callDown', suit: opening.suit - 1, asked: 0 } };
    }
    // MT-2: no double in any hand: draw-off from the left of the last starter (seat 0 in round 1).
    return drawOffTurn(rules, set, s, s.lastStarter === null ? 0 : (s.lastStarter + 1) % s.players);
  }
  if (opening?.kind === 'drawOff' && move.type === 'draw') {
    const drawn = s.boneyard[0]?.pos ?? null;
    return { ...drawToHand(s, seat), opening: { kind: 'drawOff', drawn } };
  }
  return drawOffTurn(rules, set, s, (seat + 1) % s.players);
}

/** MT-2 draw-off; with the boneyard spent and no double drawn the round ends as blocked (readings). */
function drawOffTurn(rules: MtRules, set: TileSet, state: MtState, seat: Seat): MtState {
  if (state.boneyard.length === 0) return endRound(rules, set, state);
  return { ...state, turn: seat, opening: { kind: 'drawOff', drawn: null } };
}

/**
 * MT-2, MT-3: the declared double goes on the hub and its layer's first turn
 * begins — unless it was their last tile (MT-10, a reading for tiny hands).
 */
function layEngine(
  rules: MtRules,
  set: TileSet,
  state: MtState,
  seat: Seat,
  engine: TileId,
): MtState {
  const hand = state.hands[seat] ?? [];
  const rest = without(
    hand,
    hand.findIndex((c) => c.tile === engine),
  );
  const suit = tileDef(set, engine).hi;
  const laid: MtState = {
    ...state,
    engine,
    hands: replaceAt(state.hands, seat, rest),
    trains: state.trains.map((t) => ({ ...t, open: suit })),
  };
  return rest.length === 0
    ? endRound(rules, set, { ...laid, starter: seat })
    : openPlay(laid, seat);
}

/** The honest answer for the seat to act, from the tiles this state knows (null if unknown). */
export function openingMove(set: TileSet, state: MtState): Move | null {
  const seat = state.turn;
  const opening = state.opening;
  if (state.phase !== 'setup' || seat === null || !opening) return null;
  const hand = state.hands[seat] ?? [];
  if (opening.kind === 'callDown') {
    const called = doubleOf(opening.suit);
    const held = anyCard(hand, (t) => t === called);
    if (held === 'unknown') return null;
    return { seat, type: 'declare', tile: held === 'yes' ? called : null };
  }
  if (opening.kind === 'drawOff') {
    if (opening.drawn === null) return { seat, type: 'draw' };
    const tile = drawnCard(state, seat, opening.drawn)?.tile ?? null;
    if (tile === null) return null;
    return { seat, type: 'declare', tile: isDouble(set, tile) ? tile : null };
  }
  return null;
}
