// Hop proofs a peer already knows to be sound: the ones it built itself and the
// ones it verified. A proof is remembered by a hash of its whole statement
// (context, input and output decks, keys) and its encoding, so only the very
// same hop on the very same deck skips the check; anything else, one bit apart,
// is verified in full. The answer never changes, only its cost: a peer's own hop
// coming back from the sequencer, or an entry verified ahead of its turn, is not
// checked twice.
//
// A browser is one peer, so by default the process holds one cache. Whoever runs
// several peers in one process (a bench) gives each its own with withProven().
import { toBase64url } from '../crypto/bytes';
import { taggedHash, type HashPart } from '../crypto/hashing';
import { canonicalJson, type JsonValue } from '../log/canonical-json';

/** Enough for every hop of a deal in flight (8 seats × shuffle and lock, a few decks). */
const REMEMBERED = 64;

/** One peer's proven hops, least recently marked first; lookups counted (benches check them). */
export class ProvenCache {
  readonly #known = new Set<string>();
  hits = 0;
  misses = 0;

  has(key: string): boolean {
    const known = this.#known.has(key);
    if (known) this.hits++;
    else this.misses++;
    return known;
  }

  mark(key: string): void {
    this.#known.delete(key);
    this.#known.add(key);
    // A Set iterates in insertion order: the first is the least recently marked.
    if (this.#known.size > REMEMBERED)
      this.#known.delete(this.#known.values().next().value as string);
  }
}

let current = new ProvenCache();

/** Runs `work` (synchronous: proofs are) with `cache` as this peer's, then restores the last. */
export function withProven<T>(cache: ProvenCache, work: () => T): T {
  const outer = current;
  current = cache;
  try {
    return work();
  } finally {
    current = outer;
  }
}

/** The key of one proven statement: its parts, hashed with the proof's encoding. */
export function provenKey(kind: string, parts: readonly HashPart[], proof: JsonValue): string {
  const encoded = canonicalJson(proof);
  return toBase64url(taggedHash('trainyard/proven-hop/v1', [kind, ...parts, encoded]));
}

export function isProven(key: string): boolean {
  return current.has(key);
}

export function markProven(key: string): void {
  current.mark(key);
}
