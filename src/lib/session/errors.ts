// The session's stable error and drop codes: they name why an intent was refused
// or a message dropped, in the table's event log and across the wire.
export const SESSION_ERROR_CODES = [
  /** Not a session message: not JSON, wrong shape, unknown kind. */
  'MALFORMED_MESSAGE',
  /** Larger than a session message may be. */
  'OVERSIZED',
  /** More messages than a peer may send in a while. */
  'TOO_FREQUENT',
  /** From a peer that has not said hello, or for another room or game. */
  'UNKNOWN_PEER',
  'WRONG_ROOM',
  'WRONG_GAME',
  /** A message only the sequencer (host) may send, from someone else. */
  'NOT_HOST',
  /** A setup that breaks the variant's limits or the message format. */
  'BAD_SETUP',
  /** A seat's agreement that does not verify. */
  'BAD_AGREEMENT',
  /** An intent that does not fit the table's state now. */
  'NOT_NOW',
  /** A move the rules refuse on this seat's view (with the rule id). */
  'ILLEGAL_MOVE',
  /** An entry the protocol refused (the protocol's code is in the detail). */
  'REFUSED',
  /** An entry already applied, or one for a position already taken (stale). */
  'STALE',
  /** A log position (or round) too far from this browser's head to be kept. */
  'OUT_OF_WINDOW',
  /** Two different entries signed by one seat for one position in the log. */
  'EQUIVOCATION',
  /**
   * A change of seats whose start is not where this browser's own game stands, or a
   * rematch of a game not over here: this browser may only be behind.
   */
  'START_MISMATCH',
  /** A change of seats that nothing called for (no stall, no seat handed back, no newcomer). */
  'NOT_DUE',
  /** A host left a seat's valid entry unordered: it is passed over as if gone. */
  'CENSORED',
  /** A message its sender may not send here: a watcher's reaction the host has not allowed. */
  'NOT_ALLOWED',
  /** The game's log holds as many entries as a table keeps (MAX_LOG_ENTRIES): play has ended. */
  'LOG_FULL',
  /** A table's worker that did not open it in time (OPEN_TIMEOUT_MS): it is deemed dead and stopped. */
  'NO_ANSWER',
] as const;
export type SessionErrorCode = (typeof SESSION_ERROR_CODES)[number];

export interface SessionError {
  readonly code: SessionErrorCode;
  readonly detail: string;
  readonly rule?: string | null;
}

export type SessionResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: SessionError };

export function ok<T>(value: T): SessionResult<T> {
  return { ok: true, value };
}

export function fail<T = never>(
  code: SessionErrorCode,
  detail: string,
  rule?: string | null,
): SessionResult<T> {
  return { ok: false, error: rule === undefined ? { code, detail } : { code, detail, rule } };
}
