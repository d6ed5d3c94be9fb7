// Engine 191 state: lines from the main station, public score yards and discard
// pile, win tokens, and where the seat to act is within its turn.
import { withDefaults as withSpecDefaults } from '../../base';
import { doubleN } from '../../tiles';
import type { TileId, TileSet } from '../../tiles';
import type { BaseState, OptionSpec, Options } from '../../variant';
import type { BySeat, Seat } from '../../types';

/** E-3: one seat's line, tiles from the main station outward. */
export interface Line {
  readonly tiles: readonly TileId[];
  /** The suit the next tile must match; the station's suit while empty (-1 before E-2 ends). */
  readonly open: number;
  /** E-5: the end station was exposed by removing track, so it is not incomplete. */
  readonly exposed: boolean;
}

/**
 * Where the seat to act is within its turn: `start` (E-4 removal still allowed),
 * `station` (after a double, E-8), `drawn` (after an E-9 draw), `end` (only an
 * owed draw is left before the turn passes).
 */
export type TurnStep = 'start' | 'station' | 'drawn' | 'end';

export interface Engine191State extends BaseState {
  readonly variant: 'engine-191';
  /** E-2: the main station, once revealed. */
  readonly station: TileId | null;
  /** E-2: each seat's committed tile during setup. */
  readonly chosen: BySeat<TileId | null>;
  /** Deals supplied this round (more than 1 after an E-2 redeal). */
  readonly deals: number;
  readonly lines: BySeat<Line>;
  /** E-1: public score yards. */
  readonly yards: BySeat<readonly TileId[]>;
  /** E-4: the public discard pile, oldest first. */
  readonly discard: readonly TileId[];
  /** E-10 reshuffles this round. */
  readonly reshuffles: number;
  /** E-12 win tokens. */
  readonly tokens: BySeat<number>;
  readonly step: TurnStep;
  /** E-9: the tile just drawn to the score yard, the only one then playable. */
  readonly drawn: TileId | null;
  /** E-10: a draw due while the boneyard is empty; it follows the reshuffle. */
  readonly owed: 'hand' | 'yard' | null;
  /** E-5: seats whose line ends in a station the mover laid this turn. */
  readonly fresh: readonly Seat[];
  /** C-7: passes in a row made with nothing to draw. */
  readonly passes: number;
}

const HAND_SIZES: Readonly<Record<number, number>> = { 2: 9, 3: 11, 4: 9 };

export const optionSpecs: readonly OptionSpec[] = [
  {
    key: 'set',
    label: 'Set (double-N)',
    rule: 'E-1',
    min: 6,
    max: 12,
    default: (players) => (players === 2 ? 6 : 9),
  },
  {
    key: 'handSize',
    label: 'Tiles per hand',
    rule: 'E-1',
    min: 1,
    max: 20,
    default: (players) => HAND_SIZES[players] ?? 9,
  },
  {
    key: 'tokensToWin',
    label: 'Win tokens to win the game',
    rule: 'E-12',
    min: 1,
    max: 9,
    default: () => 3,
  },
];

/** Every option with its value for this table (defaults filled in). */
export function withDefaults(players: number, options: Options): Options {
  return withSpecDefaults(optionSpecs, players, options);
}

/** E-1: double-6 for two players, double-9 for three or four (option `set`). */
export function tileSet(players: number, options: Options): TileSet {
  return doubleN(withDefaults(players, options).set ?? 9);
}

export function setOf(state: Engine191State): TileSet {
  return doubleN(state.options.set ?? 9);
}

const bySeat = <T>(players: number, value: T): T[] => Array.from({ length: players }, () => value);

/** A round waiting for its deal: nothing on the table, tokens kept. */
export function freshRound(
  base: Pick<Engine191State, 'players' | 'options' | 'round' | 'scores' | 'tokens'>,
): Engine191State {
  const n = base.players;
  return {
    variant: 'engine-191',
    players: n,
    options: base.options,
    round: base.round,
    phase: 'deal',
    turn: null,
    hands: bySeat(n, []),
    boneyard: [],
    scores: base.scores,
    moveIndex: 0,
    winners: [],
    station: null,
    chosen: bySeat(n, null),
    deals: 0,
    lines: bySeat(n, { tiles: [], open: -1, exposed: false }),
    yards: bySeat(n, []),
    discard: [],
    reshuffles: 0,
    tokens: base.tokens,
    step: 'start',
    drawn: null,
    owed: null,
    fresh: [],
    passes: 0,
  };
}

export function newGame(players: number, options: Options): Engine191State {
  return freshRound({
    players,
    options: withDefaults(players, options),
    round: 1,
    scores: bySeat(players, 0),
    tokens: bySeat(players, 0),
  });
}
