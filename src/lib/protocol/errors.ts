// Stable error codes: every failure crosses the module boundary as a value.
import { ERROR_CODES, type EngineError } from '../engine';

export const PROTOCOL_ERROR_CODES = [
  // log envelope
  'MALFORMED_ENTRY',
  'NON_CANONICAL',
  'WRONG_GAME',
  'UNKNOWN_SEAT',
  'DUPLICATE_SEAT_KEY',
  'BAD_START',
  'BAD_SEQ',
  'BAD_CHAIN',
  'UNKNOWN_KIND',
  'MALFORMED_BODY',
  'WRONG_AUTHOR',
  'BAD_SIGNATURE',
  'EQUIVOCATION',
  'NOT_EQUIVOCATION',
  // deck
  'UNKNOWN_DECK',
  'WRONG_STAGE',
  'WRONG_SIZE',
  'BAD_POINT',
  'IDENTITY_POINT',
  'DUPLICATE_POINT',
  'BAD_LOCK_PROOF',
  'BAD_SHUFFLE_PROOF',
  'BAD_SCALAR',
  'BAD_POSITION',
  'ALREADY_ASSIGNED',
  'KEY_NOT_EXPECTED',
  'DUPLICATE_KEY',
  'KEY_MISMATCH',
  // commitments
  'ALREADY_COMMITTED',
  'NOT_ALL_COMMITTED',
  'ALREADY_REVEALED',
  'COMMITMENT_MISMATCH',
  // the table: moves and the entries the rules call for
  'WRONG_LABEL',
  'NOT_A_TILE',
  'NOT_SAME_TABLE',
  'DISCLOSURE_MISMATCH',
  'NOT_AS_COMMITTED',
  // a move the engine refuses on this peer's view keeps the engine's code and rule
  ...ERROR_CODES,
] as const;

export type ProtocolErrorCode = (typeof PROTOCOL_ERROR_CODES)[number];

export interface ProtocolError {
  readonly code: ProtocolErrorCode;
  readonly detail?: string;
  /** The rule an engine refusal names (`MT-5`), when it names one. */
  readonly rule?: string | null;
}

export type Result<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: ProtocolError };

export function ok<T>(value: T): Result<T> {
  return { ok: true, value };
}

export function fail<T = never>(code: ProtocolErrorCode, detail?: string): Result<T> {
  return { ok: false, error: detail === undefined ? { code } : { code, detail } };
}

/** An engine refusal as a protocol error: same code, its rule and message. */
export function engineFail<T = never>(error: EngineError): Result<T> {
  return { ok: false, error: { code: error.code, detail: error.message, rule: error.rule } };
}
