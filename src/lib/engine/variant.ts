// The one interface every variant module implements (one module per variant,
// listed in the registry, `registry.ts`).
import type { EventRules, GameEvent } from './step-events';
import type { TileId, TileSet } from './tiles';
import type {
  BySeat,
  Card,
  EngineError,
  Json,
  Move,
  MoveType,
  Phase,
  Result,
  Seat,
  Target,
} from './types';
import type { VariantId } from './registry';

/** The fields every variant's state has; generic code (audit, hashing, tests) uses these. */
export interface BaseState {
  readonly variant: VariantId;
  readonly players: number;
  readonly options: Options;
  /** 1-based round (platform) number. */
  readonly round: number;
  readonly phase: Phase;
  /** The seat to act, or null when nobody is (deal, round over, game over). */
  readonly turn: Seat | null;
  readonly hands: BySeat<readonly Card[]>;
  /** Top first: draws take from the front. */
  readonly boneyard: readonly Card[];
  /** Running totals (points or pips), or the last round's scores (`Scoring.scores`). */
  readonly scores: BySeat<number>;
  /** Moves applied in this round, setup moves included. */
  readonly moveIndex: number;
  /** Seats that won, once the game is over. */
  readonly winners: readonly Seat[];
}

/** Validated house-rule options: every key the variant knows, with its value. */
export type Options = Readonly<Record<string, number>>;

export interface OptionSpec {
  readonly key: string;
  readonly label: string;
  readonly rule: string;
  readonly min: number;
  readonly max: number;
  /** The default for a table of this many players. */
  readonly default: (players: number) => number;
}

/**
 * What the engine cannot decide itself (C-4): randomness and hidden tiles that the
 * dealing protocol supplies (and, in scenarios, the deal file).
 */
export type Need =
  /** Shuffle `tiles`, deal `handSizes[s]` to each seat; the rest is the boneyard. */
  | {
      readonly kind: 'deal';
      readonly tiles: readonly TileId[];
      readonly handSizes: BySeat<number>;
      readonly rule: string;
    }
  /** Turn the boneyard's top card face up for everyone (R-2 leader). */
  | { readonly kind: 'reveal'; readonly rule: string }
  /** Pick one of `among` by joint public randomness (TT-2, R-3). */
  | { readonly kind: 'firstPlayer'; readonly among: readonly Seat[]; readonly rule: string }
  /** Shuffle these known tiles into a new boneyard (E-10). */
  | { readonly kind: 'reshuffle'; readonly tiles: readonly TileId[]; readonly rule: string };

export type Supply =
  | {
      readonly kind: 'deal';
      readonly hands: BySeat<readonly Card[]>;
      readonly boneyard: readonly Card[];
    }
  | { readonly kind: 'reveal'; readonly pos: number; readonly tile: TileId }
  | { readonly kind: 'firstPlayer'; readonly seat: Seat }
  | { readonly kind: 'reshuffle'; readonly boneyard: readonly Card[] };

export interface Disclosure {
  readonly pos: number;
  readonly to: Seat | 'all';
  readonly when: 'before' | 'after';
}

/**
 * A variant's judgement of a move before it is performed:
 * - `ok`: legal;
 * - `claim`: legal as far as this view can tell, but it rests on tiles this view
 *   does not know (a draw while perhaps holding a playable tile); the audit checks it;
 * - `breach`: it breaks a duty that depends on hidden tiles (the same check as a
 *   claim, with the tiles known). The move could still be carried out: the audit's
 *   full-information replay records it as a violation and goes on;
 * - `illegal`: it cannot be carried out at all.
 */
export type Verdict =
  | { readonly kind: 'ok' }
  | { readonly kind: 'claim'; readonly rule: string; readonly message: string }
  | { readonly kind: 'breach'; readonly error: EngineError }
  | { readonly kind: 'illegal'; readonly error: EngineError };

/**
 * Who wins the game (MT-11, DT-12: the lowest total; R-8: the highest; E-12:
 * the first to the win tokens) and what `scores` holds: running totals, or
 * (E-12) the last round's pips.
 */
export interface Scoring {
  readonly winner: 'lowestTotal' | 'highestTotal' | 'tokens';
  readonly scores: 'totals' | 'lastRound';
  /** What a score counts: pips left in hand, or points. */
  readonly unit: 'pips' | 'points';
  readonly rule: string;
}

/** How long a game of given options lasts: a number of rounds, or until someone has the tokens. */
export type GameLength =
  | { readonly kind: 'rounds'; readonly rounds: number; readonly rule: string }
  | { readonly kind: 'tokens'; readonly tokens: number; readonly rule: string };

/** The double being called down in setup (MT-2, DT-2), and the rule calling it. */
export interface Called {
  readonly tile: TileId;
  readonly rule: string;
}

export interface Variant<S extends BaseState = BaseState> {
  readonly id: VariantId;
  /** The display name, the one source of it. */
  readonly title: string;
  /** The name where room is short (a table's header). */
  readonly shortTitle: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly optionSpecs: readonly OptionSpec[];
  /** What a round is called (DT-2: a platform). */
  readonly roundName: 'round' | 'platform';
  /** What a seat's own lane is called (E-3: a line). */
  readonly laneName: 'train' | 'line';
  /** Whether players draw from a boneyard (R-7: no drawing). */
  readonly hasBoneyard: boolean;
  /** How tiles are faced: pips, or railroad names. */
  readonly faces: 'pips' | 'railroads';
  /** The kinds of move the variant has (E-4: `removeTrack`), for the table's controls. */
  readonly moveTypes: readonly MoveType[];
  readonly scoring: Scoring;
  /** How long a game of these options lasts, for this many players (defaults filled in). */
  length(players: number, options: Options): GameLength;
  /** Where a seat's play most likely goes (its own lane, or R-4's east end). */
  homeTarget(seat: Seat): Target;
  /** E-12: win tokens by seat, for a variant that has them. */
  tokens?(state: S): BySeat<number>;
  /** E-1: the discard pile, for a variant that has one. */
  discard?(state: S): readonly TileId[];
  /** E-1: a seat's public score yard, for a variant that has them. */
  yard?(state: S, seat: Seat): readonly TileId[];
  /** MT-2, DT-2: the double being called down now, or null. */
  called?(state: S): Called | null;
  /**
   * TT-9: a newcomer takes seat n between rounds, for a variant that allows it;
   * the refusal (wrong phase, table full, totals not yet known) names the rule.
   */
  join?(state: S): Result<S>;
  /**
   * The options checked as a whole for a table of `players`: the players within
   * range, each option within its spec, and tiles enough for every hand and what
   * a round takes besides. The options with defaults filled in, or BAD_OPTIONS
   * naming the rule, in a sentence a player understands.
   */
  checkOptions(players: number, options: Readonly<Record<string, unknown>>): Result<Options>;
  /** The tile set in use for these options and player count. */
  tileSet(players: number, options: Options): TileSet;
  /**
   * A new game, in phase `deal`: `need` asks for the first round's deal. It does
   * not check the options as a whole (a scenario deals hands of any size):
   * `startGame` does.
   */
  newGame(players: number, options: Options): S;
  /** What the protocol must supply before the game can go on, or null. */
  need(state: S): Need | null;
  /** Fulfils `need(state)`; anything else is BAD_SUPPLY and changes nothing. */
  supply(state: S, input: Supply): Result<S>;
  /**
   * The move the rules make for the seat to act during an automatic setup step
   * (MT-2 / DT-2 call-down and the draws that follow), answered honestly from the
   * tiles this state knows; null when no automatic step is due or the seat's
   * tiles are unknown. Scenarios and full-information play run these.
   */
  setupMove(state: S): Move | null;
  /**
   * The seats whose simultaneous secret choice the rules wait for (E-2), read off
   * the public state so every peer agrees; empty when no choice is due.
   */
  choosers(state: S): readonly Seat[];
  /** Every legal move of the seat to act, as far as its known tiles allow. */
  legalMoves(state: S): readonly Move[];
  validate(state: S, move: Move): Verdict;
  /**
   * The deck positions a move makes known, and to whom, computed on the mover's
   * own view (or any view for draws, whose positions are public): a played
   * card, a declared double, a tile drawn face up to everyone (E-9) before the
   * move; a private draw to the drawer after it.
   */
  disclosures(state: S, move: Move): readonly Disclosure[];
  /** Carries out a move `validate` did not call illegal. */
  perform(state: S, move: Move): S;
  /** Starts the next round after `roundOver` (or ends the game): phase `deal` or `gameOver`. */
  nextRound(state: S): S;
  /**
   * The public part of the state: identical on every peer whatever it privately
   * knows (hand sizes, not hands). Hashed after every move.
   */
  publicState(state: S): Json;
  /** The `state` object of the scenario output (docs/scenarios.md), full information. */
  scenarioState(state: S): Json;
  /** Every tile in play and where it is, for conservation checks: each appears once. */
  placedTiles(state: S): readonly TileId[];
  readonly scenario: ScenarioHooks<S>;
  /** What a step did, as the variant tells it (`events.ts` adds the steps all variants share). */
  readonly events: VariantEvents<S>;
}

export interface VariantEvents<S extends BaseState> {
  readonly rules: EventRules;
  /** The centre tile laid this round (engine, platform, main station), or null. */
  centre(state: S): TileId | null;
  /**
   * The events of a move from `before` to `after` (`step-events.ts` has the
   * pieces), the centre laid, C-6 and the round's and game's end left out.
   */
  move(set: TileSet, before: S, move: Move, after: S): readonly GameEvent[];
  /** A supply's tile turned face up; without this hook, `leaderTurned`. */
  revealed?(after: S, tile: TileId): GameEvent;
}

/** One round of a scenario file (docs/scenarios.md), tiles still as text. */
export interface ScenarioRound {
  readonly hands: readonly (readonly string[])[];
  readonly boneyard: readonly string[];
  readonly moves: readonly unknown[];
  readonly engine?: string;
  readonly leader?: string;
  readonly firstPlayer?: number;
  readonly redeal?: {
    readonly hands: readonly (readonly string[])[];
    readonly boneyard: readonly string[];
  };
  readonly scores?: readonly number[];
  readonly platformsUsed?: readonly string[];
  readonly tokens?: readonly number[];
  readonly reshuffles?: readonly (readonly string[])[];
}

/** How a variant reads the parts of a scenario round that are its own. */
export interface ScenarioHooks<S extends BaseState> {
  /**
   * Applies the round's own fields (engine, scores, tokens, platformsUsed, a
   * firstPlayer override…) to a state in phase `deal`, before its deal is supplied.
   * `first`: this is the first round listed.
   */
  prepareRound(state: S, round: ScenarioRound, first: boolean): Result<S>;
  /**
   * Answers a need other than the round's deal from the round's fields: a leader,
   * a first player, a redeal (`count`: how many times this need kind was already
   * answered this round), a reshuffle.
   */
  answer(state: S, need: Need, round: ScenarioRound, count: number): Result<Supply>;
}
