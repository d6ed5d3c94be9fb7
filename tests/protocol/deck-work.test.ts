import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import { canonicalJson } from '$lib/protocol/log/canonical-json';
import { accelerate } from '$lib/protocol/crypto/accelerator';
import { baseMulEncoded, scalar } from '$lib/protocol/crypto/group';
import {
  buildLockHop,
  buildShuffleHop,
  lockHopSteps,
  receiveLockHop,
  receiveShuffleHop,
  shuffleHopSteps,
} from '$lib/protocol/deck/hops';
import {
  drive,
  driveSplit,
  evalChunk,
  evaluateHere,
  joinChunks,
  splitWork,
  type Chunk,
  type Steps,
  type Work,
} from '$lib/protocol/deck/work';
import { ProvenCache, withProven } from '$lib/protocol/deck/proven';
import { ctx, dishonestLock, freshDeck, provenShuffle, seeds, shuffled } from './deck-fixture';
import { unwrap } from './helpers';

const hash = (body: unknown): string =>
  createHash('sha256')
    .update(canonicalJson(body as never))
    .digest('hex');

/** Workers that compute each chunk as a worker would: only from what it was sent. */
const workers =
  (parts: number) =>
  <T>(steps: Steps<T>) =>
    driveSplit(steps, parts, (chunk: Chunk) => Promise.resolve(evalChunk(structuredClone(chunk))));

const PARTS = [1, 2, 3, 4, 7];

describe('proof work split across workers gives byte-identical results', () => {
  it('builds the same hops as the prover did before it was split (recorded, noble and libsodium)', async () => {
    for (const fast of [false, true]) {
      await accelerate(fast);
      expect(hash(buildShuffleHop(ctx, freshDeck(10), seeds[1]!))).toBe(
        '9928edb7fb8dddf7ecb5a5466853737ce27736a8333f7c5b6ac37e873ccbadf5',
      );
      expect(hash(buildLockHop(ctx, shuffled(10), 0, seeds[0]!))).toBe(
        'f48122636d5327c0078dfbd2d31f811abf9043167084f0119f8c8227293d05b3',
      );
    }
  });

  it('builds every hop byte for byte as one worker does, for any number of parts', async () => {
    const deck = freshDeck(12);
    const ready = shuffled(12);
    const shuffle = canonicalJson(buildShuffleHop(ctx, deck, seeds[0]!) as never);
    const lock = canonicalJson(buildLockHop(ctx, ready, 1, seeds[1]!) as never);
    for (const parts of PARTS) {
      const run = workers(parts);
      expect(canonicalJson((await run(shuffleHopSteps(ctx, deck, seeds[0]!))) as never)).toBe(
        shuffle,
      );
      expect(canonicalJson((await run(lockHopSteps(ctx, ready, 1, seeds[1]!))) as never)).toBe(
        lock,
      );
    }
  });

  it('checks to the same verdict for any number of parts: honest hops pass, false ones fail', async () => {
    const deck = freshDeck(9);
    const ready = shuffled(9);
    const honest = buildShuffleHop(ctx, deck, seeds[0]!);
    const falseShuffle = provenShuffle(
      ctx,
      deck,
      0,
      { perm: [1, 0, 2, 3, 4, 5, 6, 7, 8], s: 77n, seed: seeds[0]! },
      (out) => void (out[3] = baseMulEncoded(5n)),
    );
    const honestLock = buildLockHop(ctx, ready, 0, seeds[0]!);
    const falseLock = dishonestLock(ready, 0, (after) => {
      [after[0], after[1]] = [after[1]!, after[0]!];
    });
    const checks = withProven(new ProvenCache(), () => [
      unwrap(receiveShuffleHop(ctx, deck, 0, 0, honest)).check!,
      unwrap(receiveShuffleHop(ctx, deck, 0, 0, falseShuffle)).check!,
      unwrap(receiveLockHop(ctx, ready, 0, 3, honestLock)).check!,
      unwrap(receiveLockHop(ctx, ready, 0, 3, falseLock)).check!,
    ]);
    expect(checks.map((c) => c.verify())).toEqual([true, false, true, false]);
    for (const parts of PARTS) {
      const verdicts = await Promise.all(checks.map((c) => workers(parts)(c.steps())));
      expect(verdicts).toEqual([true, false, true, false]);
    }
  });

  it('splits a step into parts that hold every term once, of about equal cost', () => {
    const sumArb = fc.record({
      base: fc.bigInt({ min: 0n, max: 5n }),
      terms: fc.array(fc.bigInt({ min: 1n, max: 9n }), { maxLength: 12 }),
    });
    fc.assert(
      fc.property(
        fc.array(sumArb, { minLength: 1, maxLength: 8 }),
        fc.integer({ min: 1, max: 6 }),
        (sums, parts) => {
          const work: Work = sums.map((s, i) => ({
            base: s.base,
            points: s.terms.map((_, j) => new Uint8Array([i, j])),
            scalars: s.terms,
          }));
          const chunks = splitWork(work, parts);
          expect(chunks).toHaveLength(parts);
          const seen = work.map(() => ({ base: 0n, terms: [] as string[] }));
          for (const chunk of chunks)
            for (const { sum, part } of chunk) {
              seen[sum]!.base += part.base;
              part.points.forEach((p, k) =>
                seen[sum]!.terms.push(`${p.join(',')}:${part.scalars[k]}`),
              );
            }
          work.forEach((s, i) => {
            expect(seen[i]!.base).toBe(s.base);
            expect(seen[i]!.terms).toEqual(
              s.points.map((p, k) => `${p.join(',')}:${s.scalars[k]}`),
            );
          });
        },
      ),
    );
  });

  it('joins partial sums into the sums computed whole', () => {
    const G = baseMulEncoded(1n);
    const P = baseMulEncoded(7n);
    const work: Work = [
      { base: 3n, points: [G, P, P], scalars: [2n, 1n, 5n] },
      { base: 0n, points: [P], scalars: [scalar.neg(1n)] },
      { base: 7n, points: [P], scalars: [scalar.neg(1n)] },
    ];
    const whole = evaluateHere(work);
    expect(whole[0]).toEqual(baseMulEncoded(3n + 2n + 7n + 35n));
    expect(whole[2]).toEqual(new Uint8Array(32));
    for (const parts of [2, 3, 5]) {
      const chunks = splitWork(work, parts);
      expect(joinChunks(work, chunks, chunks.map(evalChunk))).toEqual(whole);
    }
    expect(
      drive(
        (function* () {
          return (yield work)[0];
        })(),
      ),
    ).toEqual(whole[0]);
  });
});
