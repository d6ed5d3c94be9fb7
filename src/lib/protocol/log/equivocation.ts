// Evidence that a seat signed two different entries for one place in the log:
// both validly signed by that seat, for the same game and seq. An honest peer
// signs one entry per seq (its head moves on only by accepting one), so the pair,
// kept and shown to anyone, names its author.
import { fromBase64url } from '../crypto/bytes';
import { verifySignature } from '../crypto/signing';
import { fail, ok, type Result } from '../errors';
import { signedMessage, type LogEntry, type LogHead } from './entry';
import { readEnvelope } from './verify';

export interface EquivocationEvidence {
  readonly code: 'EQUIVOCATION';
  readonly seat: number;
  readonly seq: number;
  /** The two encoded entries, as received. */
  readonly entries: readonly [string, string];
}

function signedEntry(head: Pick<LogHead, 'game' | 'seatKeys'>, encoded: string): Result<LogEntry> {
  const entry = readEnvelope(encoded);
  if (!entry.ok) return entry;
  if (entry.value.game !== head.game) return fail('WRONG_GAME');
  const publicKey = head.seatKeys[entry.value.seat];
  if (!publicKey) return fail('UNKNOWN_SEAT');
  const sig = fromBase64url(entry.value.sig, 64) ?? new Uint8Array(0);
  if (!verifySignature(signedMessage(entry.value), sig, publicKey)) return fail('BAD_SIGNATURE');
  return entry;
}

/** The evidence two encoded entries make, or why they make none. */
export function equivocation(
  head: Pick<LogHead, 'game' | 'seatKeys'>,
  a: string,
  b: string,
): Result<EquivocationEvidence> {
  const first = signedEntry(head, a);
  if (!first.ok) return first;
  const second = signedEntry(head, b);
  if (!second.ok) return second;
  const { seat, seq } = first.value;
  if (second.value.seat !== seat) return fail('NOT_EQUIVOCATION', 'two seats');
  if (second.value.seq !== seq) return fail('NOT_EQUIVOCATION', 'two seqs');
  if (a === b) return fail('NOT_EQUIVOCATION', 'one entry');
  return ok({ code: 'EQUIVOCATION', seat, seq, entries: [a, b] });
}
