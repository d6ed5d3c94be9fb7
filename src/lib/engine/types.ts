// The engine's shared vocabulary: variants, seats, targets, moves, cards, errors.
import type { TileId } from './tiles';

/** C-3: seats are numbered 0…n−1 clockwise; "left" is seat + 1 mod n. */
export type Seat = number;
export type BySeat<T> = readonly T[];

export const SHARED_TARGETS = ['mexican', 'community', 'west', 'east'] as const;
export type SharedTarget = (typeof SHARED_TARGETS)[number];
/** `p3` is seat 3's personal train or line. */
export type Target = SharedTarget | `p${number}`;

export function personal(seat: Seat): Target {
  return `p${seat}`;
}

/** The seat owning a personal target, or null for a shared one. */
export function ownerOf(target: Target): Seat | null {
  return target.startsWith('p') ? Number(target.slice(1)) : null;
}

export const MOVE_TYPES = [
  'play',
  'draw',
  'pass',
  'choose',
  'removeTrack',
  'declare',
  'endTurn',
] as const;
export type MoveType = (typeof MOVE_TYPES)[number];

export type Move =
  | {
      readonly seat: Seat;
      readonly type: 'play';
      readonly tile: TileId;
      readonly target: Target;
      /** engine-191 (E-7): play from the score yard, putting `replace` from hand there. */
      readonly from?: 'yard';
      readonly replace?: TileId;
    }
  | { readonly seat: Seat; readonly type: 'draw' }
  | { readonly seat: Seat; readonly type: 'pass' }
  | { readonly seat: Seat; readonly type: 'choose'; readonly tile: TileId }
  | { readonly seat: Seat; readonly type: 'removeTrack' }
  /** H-2 (house rule `openingRun`): end the opening run of a first turn. */
  | { readonly seat: Seat; readonly type: 'endTurn' }
  /**
   * Setup call-down (MT-2, DT-2): the seat answers for the double being called —
   * the tile if it holds it (laid as the engine or platform), null if not. A null
   * answer cannot be checked on a view and is recorded as a claim.
   */
  | { readonly seat: Seat; readonly type: 'declare'; readonly tile: TileId | null };

export type PlayMove = Extract<Move, { readonly type: 'play' }>;

/**
 * A deck position and, if this peer knows it, the tile there. Views from other
 * seats hold nulls; full-information play knows every tile.
 */
export interface Card {
  readonly pos: number;
  readonly tile: TileId | null;
}

export const ERROR_CODES = [
  'NOT_YOUR_TURN',
  'ILLEGAL_MOVE',
  'BAD_MOVE',
  'WRONG_PHASE',
  'BAD_SUPPLY',
  'BAD_OPTIONS',
  'UNKNOWN_CARD',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Errors are values with stable codes: they cross the wire. */
export interface EngineError {
  readonly code: ErrorCode;
  /** The most specific rule id broken (`MT-7`), or null where no rule applies. */
  readonly rule: string | null;
  readonly message: string;
}

export type Result<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: EngineError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: ErrorCode, rule: string | null, message: string): Result<T> {
  return { ok: false, error: { code, rule, message } };
}

export const PHASES = ['deal', 'setup', 'playing', 'roundOver', 'gameOver'] as const;
/**
 * `deal`: waiting for the protocol to deal (see `Need`); `setup`: the round's
 * opening steps (call-down, E-2 choosing); `playing`; `roundOver`; `gameOver`.
 */
export type Phase = (typeof PHASES)[number];

export type Json =
  null | boolean | number | string | readonly Json[] | { readonly [k: string]: Json };
