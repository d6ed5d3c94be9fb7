// The libsodium accelerator and the noble path are one group: every encoded
// operation and every hop body built on either is byte for byte the same.
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { buildLockHop, buildShuffleHop } from '$lib/protocol/deck/hops';
import { accelerate } from '$lib/protocol/crypto/accelerator';
import {
  baseMul,
  baseMulEncoded,
  msmPublic,
  msmPublicEncoded,
  msmSecret,
  msmSecretEncoded,
  mul,
  mulEncoded,
  mulPublic,
  mulPublicEncoded,
  scalar,
  tilePoint,
  tilePointEncoded,
} from '$lib/protocol/crypto/group';
import { ctx, seeds, shuffled } from './deck-fixture';

const scalarArb = fc.uint8Array({ minLength: 64, maxLength: 64 }).map(scalar.fromWide);
const pointArb = fc.integer({ min: 0, max: 10_000 }).map((t) => tilePoint('accel', 'any', t));
const hex = (b: Uint8Array): string => Buffer.from(b).toString('hex');

afterAll(() => accelerate(false));

describe('the libsodium accelerator', () => {
  it('loads here', async () => {
    expect(await accelerate()).toBe(true);
  });

  it('multiplies like noble: k·P, k·G and secret sums, zero scalars included', async () => {
    expect(await accelerate()).toBe(true);
    fc.assert(
      fc.property(pointArb, scalarArb, (p, k) => {
        const expected = k === 0n ? '00'.repeat(32) : hex(mul(p, k).toBytes());
        expect(hex(mulEncoded(p.toBytes(), k))).toBe(expected);
        expect(hex(baseMulEncoded(k))).toBe(hex(baseMul(k).toBytes()));
      }),
      { numRuns: 200 },
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(pointArb, scalarArb), { maxLength: 12 }), (terms) => {
        const points = terms.map(([p]) => p);
        const scalars = terms.map(([, k]) => k);
        const sum = hex(
          msmSecretEncoded(
            points.map((p) => p.toBytes()),
            scalars,
          ),
        );
        expect(sum).toBe(hex(msmSecret(points, scalars).toBytes()));
      }),
      { numRuns: 60 },
    );
  });

  it('sums and multiplies public scalars and hashes to points like noble', async () => {
    expect(await accelerate()).toBe(true);
    const weightArb = fc.uint8Array({ minLength: 16, maxLength: 16 }).map(scalar.fromWide);
    fc.assert(
      fc.property(
        fc.array(fc.tuple(pointArb, fc.oneof(weightArb, scalarArb, fc.constant(0n))), {
          maxLength: 12,
        }),
        scalarArb,
        (terms, k) => {
          const points = terms.map(([p]) => p);
          const scalars = terms.map(([, w]) => w);
          const list = { bytes: points.map((p) => p.toBytes()), points };
          const sum = msmPublic(points, scalars);
          expect(hex(msmPublicEncoded(list, scalars))).toBe(hex(sum.toBytes()));
          const bytes = sum.toBytes();
          const product =
            k === 0n || sum.is0() ? '00'.repeat(32) : hex(mulPublic(sum, k).toBytes());
          expect(hex(mulPublicEncoded(bytes, k))).toBe(product);
        },
      ),
      { numRuns: 60 },
    );
    fc.assert(
      fc.property(fc.string(), fc.nat(), (game, t) => {
        expect(hex(tilePointEncoded(game, 'any', t))).toBe(
          hex(tilePoint(game, 'any', t).toBytes()),
        );
      }),
      { numRuns: 100 },
    );
  });

  it('builds the same shuffle and lock hops as the noble path', async () => {
    const deck = shuffled(12);
    await accelerate(false);
    const nobleShuffle = buildShuffleHop(ctx, deck, seeds[0]!);
    const nobleLock = buildLockHop(ctx, deck, 0, seeds[0]!);
    expect(await accelerate()).toBe(true);
    expect(buildShuffleHop(ctx, deck, seeds[0]!)).toEqual(nobleShuffle);
    expect(buildLockHop(ctx, deck, 0, seeds[0]!)).toEqual(nobleLock);
  });
});
