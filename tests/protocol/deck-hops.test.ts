import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toBase64url } from '$lib/protocol/crypto/bytes';
import { currentDeck, deckStage, openDeck } from '$lib/protocol/deck/deck';
import { isProven, markProven, provenKey } from '$lib/protocol/deck/proven';
import {
  applyLockHop,
  applyShuffleHop,
  buildLockHop,
  buildShuffleHop,
  lockTranscript,
} from '$lib/protocol/deck/hops';
import { proveLock } from '$lib/protocol/deck/lock-proof';
import { createDrbg } from '$lib/protocol/crypto/drbg';
import { unmask } from '$lib/protocol/deck/keys';
import { baseMul, encodePoint, mul, scalar, tilePoint } from '$lib/protocol/crypto/group';
import { lockScalars, nonceDrbg, shuffleScalar } from '$lib/protocol/deal/peer-secret';
import { ctx, dishonestLock, freshDeck, locked, seeds, shuffled } from './deck-fixture';
import { tiles, unwrap } from './helpers';

const codeOf = (r: { ok: boolean; error?: { code: string } }): string | undefined =>
  r.ok ? undefined : r.error?.code;

describe('shuffle and lock', () => {
  it('ends in a permutation of the tiles that every key together opens', () => {
    const deck = locked(8);
    expect(deckStage(ctx, deck)).toBe('ready');
    const keys = seeds.map((seed) => lockScalars(ctx, seed, 0, 8));
    const faces = tiles(8).map((p) =>
      unmask(
        deck,
        p,
        keys.map((k) => k[p]!),
        false,
      ),
    );
    expect([...faces].sort()).toEqual(tiles(8));
    // each shuffler really moved the tiles
    expect(faces).not.toEqual(tiles(8));
  });

  it('maps tiles to hashed points, not to multiples of the base point', () => {
    const p = tilePoint(ctx.game, 'double-6', 3);
    expect(p.equals(tilePoint('other-game', 'double-6', 3))).toBe(false);
    expect(p.equals(tilePoint(ctx.game, 'double-6', 4))).toBe(false);
    expect(freshDeck(4).initial.points[3]!.equals(p)).toBe(true);
  });
});

describe('a shuffle hop is refused', () => {
  const deck = freshDeck(6);
  const honest = buildShuffleHop(ctx, deck, seeds[0]!);
  const points = honest.points;

  it('with a duplicated point', () => {
    const dup = [points[1]!, ...points.slice(1)];
    expect(codeOf(applyShuffleHop(ctx, deck, 0, 0, { ...honest, points: dup }))).toBe(
      'DUPLICATE_POINT',
    );
  });

  it('with the identity, an invalid encoding, or the wrong size', () => {
    const identity = toBase64url(new Uint8Array(32));
    const invalid = toBase64url(new Uint8Array(32).fill(0xff));
    const body = (p: string[]) => ({ ...honest, points: p });
    expect(codeOf(applyShuffleHop(ctx, deck, 0, 0, body([identity, ...points.slice(1)])))).toBe(
      'IDENTITY_POINT',
    );
    expect(codeOf(applyShuffleHop(ctx, deck, 0, 0, body([invalid, ...points.slice(1)])))).toBe(
      'BAD_POINT',
    );
    expect(codeOf(applyShuffleHop(ctx, deck, 0, 0, body(points.slice(1))))).toBe('WRONG_SIZE');
  });

  it('out of turn or out of stage', () => {
    expect(codeOf(applyShuffleHop(ctx, deck, 1, 0, honest))).toBe('WRONG_AUTHOR');
    expect(codeOf(applyLockHop(ctx, deck, 0, 0, buildLockHop(ctx, deck, 0, seeds[0]!)))).toBe(
      'WRONG_STAGE',
    );
  });
});

describe('a dishonest lock is refused at once', () => {
  const deck = shuffled(6);
  const apply = (body: ReturnType<typeof dishonestLock>) =>
    codeOf(applyLockHop(ctx, deck, 0, 3, body));

  it('accepts the honest hop through the same path', () => {
    expect(apply(dishonestLock(deck, 0, () => {}))).toBeUndefined();
  });

  it('when a point is copied from another position', () => {
    const body = dishonestLock(deck, 0, (after, _keys, before) => {
      after[0] = mul(before[1]!, 12345n);
    });
    expect(apply(body)).toBe('BAD_LOCK_PROOF');
  });

  it('when two positions are swapped', () => {
    const body = dishonestLock(deck, 0, (after) => {
      [after[0], after[1]] = [after[1]!, after[0]!];
    });
    expect(apply(body)).toBe('BAD_LOCK_PROOF');
  });

  it('when a point is replaced by a known tile', () => {
    const body = dishonestLock(deck, 0, (after) => {
      after[2] = tilePoint(ctx.game, 'double-6', 0);
    });
    expect(apply(body)).toBe('BAD_LOCK_PROOF');
  });

  it('when a lock key does not match the point', () => {
    const body = dishonestLock(deck, 0, (_after, keys) => {
      keys[4] = keys[5]!;
    });
    expect(apply(body)).toBe('BAD_LOCK_PROOF');
  });

  it('when a duplicated point is copied outright', () => {
    const body = dishonestLock(deck, 0, (after) => {
      after[0] = after[1]!;
    });
    expect(apply(body)).toBe('DUPLICATE_POINT');
  });

  it('when another seat’s valid hop is replayed', () => {
    const mine = buildLockHop(ctx, deck, 0, seeds[0]!);
    const next = applyLockHop(ctx, deck, 0, 3, mine);
    expect(next.ok).toBe(true);
    if (next.ok) expect(codeOf(applyLockHop(ctx, next.value, 1, 4, mine))).toBe('BAD_LOCK_PROOF');
  });

  it('when a copy is balanced: position 0 := position 3 re-keyed, responses shifted to match', () => {
    // With one weight vector for both the fold and the keys (ρ = e) this passes: the
    // prover moves k_0's weight onto position 3 (k'_3 = k_3 + e_0·k_0 / e_3, k'_0 = 0),
    // which keeps Σ e_i·k'_i = Σ e_i·k_i and the fold. Independent ρ refuses it.
    const deck = shuffled(8);
    const seed = seeds[0]!;
    const before = currentDeck(deck);
    const s = shuffleScalar(ctx, seed, 0);
    const k = lockScalars(ctx, seed, 0, 8);
    const after = before.points.map((p, i) => mul(p, scalar.mul(k[i]!, scalar.inv(s))));
    after[0] = mul(before.points[3]!, scalar.mul(k[0]!, scalar.inv(s)));
    const afterBytes = after.map(encodePoint);
    const shuffleKey = baseMul(s).toBytes();
    const lockKeys = k.map((x) => baseMul(x).toBytes());
    const transcript = lockTranscript(ctx, 0, 0, before.bytes, afterBytes, shuffleKey, lockKeys);
    const weights = createDrbg('trainyard/lock-weights/v1', [transcript]);
    const e = k.map(() => scalar.fromWide(weights.bytes(16)));
    const moved = [...k];
    moved[3] = scalar.add(k[3]!, scalar.mul(scalar.mul(e[0]!, k[0]!), scalar.inv(e[3]!)));
    moved[0] = 0n;
    const proof = proveLock(
      { transcript, before: before.bytes },
      { shuffleScalar: s, lockScalars: moved },
      nonceDrbg(seed, transcript),
    );
    const body = {
      deck: 0,
      points: afterBytes.map(toBase64url),
      shuffleKey: toBase64url(shuffleKey),
      lockKeys: lockKeys.map(toBase64url),
      proof: {
        commitS: toBase64url(proof.commitS),
        commitK: toBase64url(proof.commitK),
        commitFold: toBase64url(proof.commitFold),
        responseS: toBase64url(scalar.encode(proof.responseS)),
        responses: proof.responses.map((z) => toBase64url(scalar.encode(z))),
      },
    };
    expect(codeOf(applyLockHop(ctx, deck, 0, 3, body))).toBe('BAD_LOCK_PROOF');
  });

  it('for any single position scaled by any other factor', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 5 }),
        fc.bigInt({ min: 2n, max: 2n ** 64n }),
        (i, f) => {
          const body = dishonestLock(deck, 0, (after) => {
            after[i] = mul(after[i]!, f);
          });
          expect(apply(body)).toBe('BAD_LOCK_PROOF');
        },
      ),
      { numRuns: 12 },
    );
  });
});

describe('the locked deck', () => {
  it('keeps every hop for the audit', () => {
    const deck = locked(5);
    expect(deck.shuffles.map((h) => h.seat)).toEqual([0, 1, 2]);
    expect(deck.locks.map((h) => h.seq)).toEqual([10, 11, 12]);
    expect(currentDeck(deck).encoded).toEqual(deck.locks[2]!.deck.encoded);
    expect(toBase64url(encodePoint(currentDeck(deck).points[0]!))).toBe(
      currentDeck(deck).encoded[0],
    );
  });
});

describe('a hop proof built or checked here is not checked again, and only that one', () => {
  it('takes the honest hop, refuses it with a response changed', () => {
    const deck = freshDeck(6);
    const honest = buildShuffleHop(ctx, deck, seeds[0]!);
    expect(applyShuffleHop(ctx, deck, 0, 0, honest).ok).toBe(true);
    const [r0, r1, ...rest] = honest.proof.responses;
    const proof = { ...honest.proof, responses: [r1!, r0!, ...rest] };
    expect(codeOf(applyShuffleHop(ctx, deck, 0, 0, { ...honest, proof }))).toBe(
      'BAD_SHUFFLE_PROOF',
    );
  });

  it('refuses the same hop laid on another deck of the same size', () => {
    const deck = freshDeck(6);
    const other = unwrap(openDeck(ctx, 0, { set: 'double-6', tiles: [1, 2, 3, 4, 5, 6] }));
    const honest = buildShuffleHop(ctx, deck, seeds[0]!);
    expect(codeOf(applyShuffleHop(ctx, other, 0, 0, honest))).toBe('BAD_SHUFFLE_PROOF');
    const lockedHere = shuffled(6);
    const lock = buildLockHop(ctx, lockedHere, 0, seeds[0]!);
    const moved = { ...lock, points: [...lock.points.slice(1), lock.points[0]!] };
    expect(codeOf(applyLockHop(ctx, lockedHere, 0, 9, moved))).toBe('BAD_LOCK_PROOF');
  });

  it('remembers a bounded number of proofs, the most recent', () => {
    const keys = Array.from({ length: 65 }, (_, i) => provenKey('test', [i], { i }));
    keys.forEach(markProven);
    expect(isProven(keys[0]!)).toBe(false);
    expect(isProven(keys[1]!)).toBe(true);
    expect(isProven(keys[64]!)).toBe(true);
  });
});
