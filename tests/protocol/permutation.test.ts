import { describe, expect, it } from 'vitest';
import { createDrbg, fisherYates } from '$lib/protocol/crypto/drbg';
import { shufflePermutation } from '$lib/protocol/deal/peer-secret';

describe('seeded Fisher–Yates', () => {
  it('deals every order of a 4-tile deck equally often (chi-square, 23 df)', () => {
    const trials = 24_000;
    const counts = new Map<string, number>();
    const ctx = { game: 'chi', round: 0, seats: 2 };
    for (let i = 0; i < trials; i++) {
      const seed = new Uint8Array(32);
      new DataView(seed.buffer).setUint32(0, i);
      const order = shufflePermutation(ctx, seed, 0, 4).join('');
      counts.set(order, (counts.get(order) ?? 0) + 1);
    }
    expect(counts.size).toBe(24);
    // Sattolo's algorithm only makes 4-cycles, never the identity
    expect(counts.get('0123')).toBeGreaterThan(0);
    const expected = trials / 24;
    let chi2 = 0;
    for (const c of counts.values()) chi2 += (c - expected) ** 2 / expected;
    // 0.999 quantile of chi-square with 23 degrees of freedom
    expect(chi2).toBeLessThan(49.73);
  });

  it('returns a permutation and is reproducible from its seed', () => {
    for (const n of [1, 2, 13, 91, 136]) {
      const perm = fisherYates(n, createDrbg('test', [n]));
      expect([...perm].sort((a, b) => a - b)).toEqual(Array.from({ length: n }, (_, i) => i));
      expect(fisherYates(n, createDrbg('test', [n]))).toEqual(perm);
    }
  });

  it('draws uniform integers within the bound', () => {
    const drbg = createDrbg('bound', []);
    const seen = new Set<number>();
    for (let i = 0; i < 3000; i++) {
      const x = drbg.uniform(3);
      expect(x === 0 || x === 1 || x === 2).toBe(true);
      seen.add(x);
    }
    expect(seen.size).toBe(3);
  });

  it('refuses an empty or impossible bound instead of looping forever', () => {
    const drbg = createDrbg('bound', []);
    for (const bound of [0, -1, 0.5, 2 ** 32 + 1, Number.NaN]) {
      expect(() => drbg.uniform(bound)).toThrow(RangeError);
    }
    expect(drbg.uniform(1)).toBe(0);
    expect(drbg.uniform(2 ** 32)).toBeLessThan(2 ** 32);
  });
});
