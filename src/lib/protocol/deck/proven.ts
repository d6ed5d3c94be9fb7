// Hop proofs this process already knows to be sound: the ones it built itself
// and the ones it verified. A proof is remembered by a hash of its whole
// statement (context, input and output decks, keys) and its encoding, so only
// the very same hop on the very same deck skips the check; anything else, one
// bit apart, is verified in full. The answer never changes, only its cost: a
// peer's own hop coming back from the sequencer, or an entry verified ahead of
// its turn, is not checked twice.
import { toBase64url } from '../crypto/bytes';
import { taggedHash, type HashPart } from '../crypto/hashing';
import { canonicalJson, type JsonValue } from '../log/canonical-json';

/** Enough for every hop of a deal in flight (8 seats × shuffle and lock, a few decks). */
const REMEMBERED = 64;

const known = new Set<string>();

/** The key of one proven statement: its parts, hashed with the proof's encoding. */
export function provenKey(kind: string, parts: readonly HashPart[], proof: JsonValue): string {
  const encoded = canonicalJson(proof);
  return toBase64url(taggedHash('trainyard/proven-hop/v1', [kind, ...parts, encoded]));
}

export function isProven(key: string): boolean {
  return known.has(key);
}

export function markProven(key: string): void {
  known.delete(key);
  known.add(key);
  // A Set iterates in insertion order: the first is the least recently marked.
  if (known.size > REMEMBERED) known.delete(known.values().next().value as string);
}
