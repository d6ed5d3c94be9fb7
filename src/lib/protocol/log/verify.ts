// Checking one received entry against the log head. Cheap checks run first and the
// signature last; the first failure is returned as a code and nothing changes.
import { fromBase64url } from '../crypto/bytes';
import { canonicalJson, isJsonRecord, type JsonValue } from './canonical-json';
import { isDealBody, isDealKind, isEntryKind, type DealEntry } from './entry-kinds';
import { fail, ok, type Result } from '../errors';
import {
  advanceHead,
  MAX_ENTRY_LENGTH,
  MAX_GAME_ID_LENGTH,
  signedMessage,
  type LogEntry,
  type LogHead,
} from './entry';
import { verifySignature } from '../crypto/signing';

export interface EntryChecks {
  /** The game's validator for 'move' bodies (supplied by the reducer). */
  readonly validMove: (body: JsonValue, entry: LogEntry) => boolean;
  /** Whose turn it is, when the reducer knows: false rejects the entry as WRONG_AUTHOR. */
  readonly authorAllowed?: (entry: LogEntry) => boolean;
}

export interface VerifiedEntry {
  readonly entry: LogEntry;
  /** The same entry typed for the deal state, for deal-protocol kinds. */
  readonly deal: DealEntry | null;
  /** The head after this entry. */
  readonly head: LogHead;
}

const ENVELOPE_KEYS = ['body', 'game', 'kind', 'prev', 'seat', 'seq', 'sig'];

function parseCanonical(encoded: unknown): Result<JsonValue> {
  if (typeof encoded !== 'string' || encoded.length > MAX_ENTRY_LENGTH) {
    return fail('MALFORMED_ENTRY', 'not a string of at most 256 KiB');
  }
  let value: JsonValue;
  try {
    value = JSON.parse(encoded) as JsonValue;
    if (canonicalJson(value) !== encoded) return fail('NON_CANONICAL');
  } catch {
    return fail('MALFORMED_ENTRY', 'not JSON');
  }
  return ok(value);
}

function asEnvelope(value: JsonValue): LogEntry | null {
  if (!isJsonRecord(value)) return null;
  const keys = Object.keys(value).sort();
  if (keys.length !== ENVELOPE_KEYS.length || keys.some((k, i) => k !== ENVELOPE_KEYS[i])) {
    return null;
  }
  const { game, seq, prev, seat, kind, sig } = value;
  const index = (v: JsonValue | undefined): v is number =>
    typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
  return typeof game === 'string' &&
    game.length >= 1 &&
    game.length <= MAX_GAME_ID_LENGTH &&
    index(seq) &&
    typeof prev === 'string' &&
    index(seat) &&
    typeof kind === 'string' &&
    typeof sig === 'string' &&
    fromBase64url(sig, 64) !== null
    ? { game, seq, prev, seat, kind, body: value.body ?? null, sig }
    : null;
}

/** A reducer hook that throws counts as a refusal. */
function hookSays(hook: () => boolean): boolean {
  try {
    return hook();
  } catch {
    return false;
  }
}

function validBody(entry: LogEntry, checks: EntryChecks): boolean {
  if (isDealKind(entry.kind)) return isDealBody(entry.kind, entry.body);
  return hookSays(() => checks.validMove(entry.body, entry));
}

/** An encoded entry's envelope: canonical JSON of the right fields, not yet checked further. */
export function readEnvelope(encoded: unknown): Result<LogEntry> {
  const parsed = parseCanonical(encoded);
  if (!parsed.ok) return parsed;
  const entry = asEnvelope(parsed.value);
  return entry ? ok(entry) : fail('MALFORMED_ENTRY', 'not a log entry');
}

export function verifyEntry(
  head: LogHead,
  encoded: string,
  checks: EntryChecks,
): Result<VerifiedEntry> {
  const read = readEnvelope(encoded);
  if (!read.ok) return read;
  const entry = read.value;
  if (entry.game !== head.game) return fail('WRONG_GAME');
  if (entry.seq !== head.seq) return fail('BAD_SEQ', `expected ${head.seq}`);
  if (entry.prev !== head.prev) return fail('BAD_CHAIN');
  const publicKey = head.seatKeys[entry.seat];
  if (!publicKey) return fail('UNKNOWN_SEAT');
  if (!isEntryKind(entry.kind)) return fail('UNKNOWN_KIND');
  if (!validBody(entry, checks)) return fail('MALFORMED_BODY', entry.kind);
  const { authorAllowed } = checks;
  if (authorAllowed && !hookSays(() => authorAllowed(entry))) return fail('WRONG_AUTHOR');
  const sig = fromBase64url(entry.sig, 64) ?? new Uint8Array(0);
  if (!verifySignature(signedMessage(entry), sig, publicKey)) return fail('BAD_SIGNATURE');
  // validBody checked the body against its kind's shape; TypeScript cannot tie a
  // kind read at run time to its body type, so the pair is asserted here.
  const deal = isDealKind(entry.kind) ? (entry as unknown as DealEntry) : null;
  return ok({ entry, deal, head: advanceHead(head, encoded) });
}
