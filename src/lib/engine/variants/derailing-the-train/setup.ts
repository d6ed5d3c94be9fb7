// A platform's setup (DT-1, DT-2): options, the deal, and the call-down that
// finds the highest unused double held, with the simultaneous draws when nobody
// holds one.
import { newBaseState, withDefaults as withSpecDefaults } from '../../base';
import { HOUSE_SPECS } from '../../house';
import { anyCard, indexOfTile, replaceAt, without } from '../../cards';
import { doubleN, doubleOf, tileDef, tileName } from '../../tiles';
import type { TileId, TileSet } from '../../tiles';
import type { Need, OptionSpec, Options, Supply, Verdict } from '../../variant';
import type { Card, Move, Result, Seat } from '../../types';
import { fail, ok } from '../../types';
import { lowestTotals } from './scoring';
import { tileSetOf, update } from './state';
import type { Changes, DtState, Train } from './state';
import { OK, duty, illegal } from './verdicts';

/** DT-1: a double-9 set for 2–4 players, double-12 for 5–8; 10 tiles each. */
export const OPTION_SPECS: readonly OptionSpec[] = [
  {
    key: 'set',
    label: 'Double-N set',
    rule: 'DT-1',
    min: 2,
    max: 15,
    default: (players) => (players <= 4 ? 9 : 12),
  },
  {
    key: 'handSize',
    label: 'Tiles dealt to each player',
    rule: 'DT-1',
    min: 1,
    max: 20,
    default: () => 10,
  },
  HOUSE_SPECS.drawUntilPlay,
];

export function withDefaults(players: number, options: Options): Options {
  return withSpecDefaults(OPTION_SPECS, players, options);
}

/** DT-2: what every platform starts from, before its deal. */
const FRESH_ROUND = {
  phase: 'deal',
  turn: null,
  boneyard: [],
  moveIndex: 0,
  platform: null,
  called: null,
  trains: [],
  community: null,
  drawn: null,
  derailing: null,
  passes: 0,
} as const;

export function newGame(players: number, options: Options): DtState {
  return {
    ...newBaseState('derailing-the-train', players, withDefaults(players, options)),
    used: [],
    platform: null,
    called: null,
    trains: [],
    community: null,
    drawn: null,
    derailing: null,
    passes: 0,
  };
}

/** DT-2: each platform begins with a fresh deal of the whole set. */
export function nextRound(state: DtState): DtState {
  if (state.phase !== 'roundOver') return state;
  return update(state, {
    ...FRESH_ROUND,
    round: state.round + 1,
    hands: state.hands.map(() => []),
  });
}

/** DT-1: deal `handSize` tiles to each seat; the rest is the boneyard ("train yard"). */
export function need(state: DtState): Need | null {
  if (state.phase !== 'deal') return null;
  const set = tileSetOf(state);
  return {
    kind: 'deal',
    tiles: set.tiles.map((t) => t.id),
    handSizes: state.hands.map(() => state.options.handSize ?? 10),
    rule: 'DT-1',
  };
}

export function supply(state: DtState, input: Supply): Result<DtState> {
  if (state.phase !== 'deal' || input.kind !== 'deal') {
    return fail('BAD_SUPPLY', 'C-4', `derailing-the-train needs no ${input.kind} now`);
  }
  if (input.hands.length !== state.players) {
    return fail('BAD_SUPPLY', 'DT-1', `a deal has one hand per seat (${state.players})`);
  }
  const set = tileSetOf(state);
  const seen = new Set<TileId>();
  const cards: readonly Card[] = [...input.hands.flat(), ...input.boneyard];
  for (const c of cards) {
    if (c.tile === null) continue;
    if (!set.tiles[c.tile] || seen.has(c.tile)) {
      return fail('BAD_SUPPLY', 'C-1', `tile ${c.tile} is not in the set or dealt twice`);
    }
    seen.add(c.tile);
  }
  const called = highestUnused(set, state.used, set.n);
  if (called === null) return fail('BAD_SUPPLY', 'DT-2', 'every double has been a platform');
  return ok(
    update(state, {
      hands: input.hands,
      boneyard: input.boneyard,
      phase: 'setup',
      turn: 0,
      called,
    }),
  );
}

/** DT-2: the highest double of suit ≤ `top` not yet used as a platform. */
function highestUnused(set: TileSet, used: readonly TileId[], top: number): TileId | null {
  for (let suit = Math.min(top, set.n); suit >= 0; suit--) {
    const double = doubleOf(suit);
    if (!used.includes(double)) return double;
  }
  return null;
}

/**
 * DT-2 call-down, seat order from seat 0: each seat answers for the called
 * double (`declare` it or null); then the next lower unused double is called.
 * If nobody holds one, every seat draws one (from seat 0) and the call starts again.
 */
export function setupMove(state: DtState): Move | null {
  const seat = state.turn;
  if (state.phase !== 'setup' || seat === null) return null;
  if (state.called === null) return { seat, type: 'draw' };
  const called = state.called;
  const holds = anyCard(state.hands[seat] ?? [], (t) => t === called);
  if (holds === 'unknown') return null;
  return { seat, type: 'declare', tile: holds === 'yes' ? called : null };
}

export function setupLegal(state: DtState): Move[] {
  const seat = state.turn;
  if (seat === null) return [];
  if (state.called === null) return [{ seat, type: 'draw' }];
  const called = state.called;
  const holds = anyCard(state.hands[seat] ?? [], (t) => t === called) === 'yes';
  return [{ seat, type: 'declare', tile: holds ? called : null }];
}

export function validateSetup(state: DtState, move: Move): Verdict {
  const set = tileSetOf(state);
  const hand = state.hands[move.seat] ?? [];
  if (state.called === null) {
    return move.type === 'draw'
      ? OK
      : illegal('DT-2', 'nobody holds an unused double: every seat draws one, from seat 0');
  }
  const name = tileName(set, state.called);
  if (move.type !== 'declare') {
    return illegal('DT-2', `the platform is being called: declare ${name} or null`);
  }
  const called = state.called;
  if (move.tile === null) {
    return duty(
      anyCard(hand, (t) => t === called),
      'DT-2',
      `seat ${move.seat} holds ${name}, the highest unused double, and must lay it as the platform`,
    );
  }
  if (move.tile !== called) return illegal('DT-2', `the double called is ${name}`);
  if (!hand.some((c) => c.tile === called)) {
    return illegal('DT-2', `seat ${move.seat} does not hold ${name}`);
  }
  return OK;
}

export function performSetup(state: DtState, move: Move): Changes {
  const set = tileSetOf(state);
  const seat = move.seat;
  if (move.type === 'declare' && move.tile !== null)
    return layPlatform(state, set, seat, move.tile);
  if (move.type === 'draw') {
    const [top, ...boneyard] = state.boneyard;
    const hands = top
      ? replaceAt(state.hands, seat, [...(state.hands[seat] ?? []), top])
      : state.hands;
    if (seat + 1 < state.players && boneyard.length > 0) return { hands, boneyard, turn: seat + 1 };
    return { hands, boneyard, turn: 0, called: highestUnused(set, state.used, set.n) };
  }
  if (seat + 1 < state.players) return { turn: seat + 1 };
  const below = tileDef(set, state.called ?? 0).hi - 1;
  const next = highestUnused(set, state.used, below);
  if (next !== null) return { turn: 0, called: next };
  if (state.boneyard.length > 0) return { turn: 0, called: null };
  // DT-2 cannot be met: no unused double is left among the tiles in play.
  return { phase: 'gameOver', turn: null, called: null, winners: lowestTotals(state.scores) };
}

/** DT-2, DT-3: the platform is laid; its layer plays first. */
function layPlatform(state: DtState, set: TileSet, seat: Seat, tile: TileId): Changes {
  const hand = state.hands[seat] ?? [];
  const open = tileDef(set, tile).hi;
  const empty: Train = { tiles: [], open, marker: false, derailed: false };
  return {
    hands: replaceAt(state.hands, seat, without(hand, indexOfTile(hand, tile))),
    phase: 'playing',
    turn: seat,
    platform: tile,
    used: [...state.used, tile],
    called: null,
    trains: state.hands.map(() => empty),
    community: null,
  };
}

export function setFor(players: number, options: Options): TileSet {
  return doubleN(withDefaults(players, options).set ?? 9);
}
