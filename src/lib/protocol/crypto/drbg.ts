// A deterministic random bit generator (SHA-512 in counter mode) and the
// Fisher–Yates shuffle driven by it. Everything secret is derived through here.
import { sha512, taggedHash, type HashPart } from './hashing';

export interface Drbg {
  /** A uniform integer in [0, bound), by rejection sampling; throws unless 1 ≤ bound ≤ 2^32. */
  uniform(bound: number): number;
  bytes(length: number): Uint8Array;
}

export function createDrbg(tag: string, parts: readonly HashPart[]): Drbg {
  // block i = SHA-512(key ‖ i as 4 bytes big-endian)
  const input = new Uint8Array(68);
  input.set(taggedHash(tag, parts));
  const counter = new DataView(input.buffer, 64);
  let blocks = 0;
  let block: Uint8Array = new Uint8Array(0);
  let offset = 0;
  const nextByte = (): number => {
    if (offset === block.length) {
      counter.setUint32(0, blocks++);
      block = sha512(input);
      offset = 0;
    }
    return block[offset++] ?? 0;
  };
  const uint32 = (): number =>
    ((nextByte() << 24) | (nextByte() << 16) | (nextByte() << 8) | nextByte()) >>> 0;
  return {
    uniform(bound) {
      // [0, 0) is empty: sampling from it would never return.
      if (!Number.isInteger(bound) || bound < 1 || bound > 2 ** 32) {
        throw new RangeError(`uniform: the bound ${bound} is not an integer in 1…2^32`);
      }
      const limit = 2 ** 32 - (2 ** 32 % bound);
      for (;;) {
        const x = uint32();
        if (x < limit) return x % bound;
      }
    },
    bytes(length) {
      const out = new Uint8Array(length);
      for (let i = 0; i < length; i++) out[i] = nextByte();
      return out;
    },
  };
}

/**
 * A uniform permutation of [0, n): `perm[i]` is the input index that lands at output i.
 * Fisher–Yates draws j from [0, i] inclusive (Sattolo's [0, i) would only make cycles).
 */
export function fisherYates(n: number, drbg: Drbg): number[] {
  const perm = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = drbg.uniform(i + 1);
    const t = perm[i] ?? i;
    perm[i] = perm[j] ?? j;
    perm[j] = t;
  }
  return perm;
}
