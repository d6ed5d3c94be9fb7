// A figure named "verify" must time a proof check, not a lookup in the cache of
// proofs already known sound (protocol/deck/proven.ts). verifying() runs the
// timed call as a peer that has seen none of it (a fresh cache, unless one is
// given) and throws if the call took any proof from that cache or checked none.
import { ProvenCache, withProven } from '../src/lib/protocol/deck/proven';

export function verifying<T>(work: () => T, cache: ProvenCache = new ProvenCache()): T {
  const hits = cache.hits;
  const misses = cache.misses;
  const value = withProven(cache, work);
  if (cache.hits > hits) {
    throw new Error(`a timed check took ${cache.hits - hits} proof(s) from the cache`);
  }
  if (cache.misses === misses) throw new Error('a timed check checked no proof');
  return value;
}
