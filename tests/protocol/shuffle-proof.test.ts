// The shuffle hop's proof (deck/shuffle-proof.ts): an honest hop verifies on both
// group paths; any output that is not the input permuted and multiplied by the
// one scalar of S, any altered part of the proof, and a proof moved to another
// seat, deck or round is refused.
import { afterAll, describe, expect, it } from 'vitest';
import { accelerate } from '$lib/protocol/crypto/accelerator';
import { fromBase64url, toBase64url } from '$lib/protocol/crypto/bytes';
import { baseMul, decodePoint, mul } from '$lib/protocol/crypto/group';
import { currentDeck } from '$lib/protocol/deck/deck';
import { applyShuffleHop, buildShuffleHop, shuffleContext } from '$lib/protocol/deck/hops';
import { proveShuffle, verifyShuffle } from '$lib/protocol/deck/shuffle-proof';
import { shufflePermutation, shuffleScalar } from '$lib/protocol/deal/peer-secret';
import type { ShuffleHopBody } from '$lib/protocol/log/entry-kinds';
import { ctx, freshDeck, provenShuffle, seeds } from './deck-fixture';

afterAll(() => accelerate(false));

const N = 10;
const deck = freshDeck(N);
const seed = seeds[0]!;
const s = shuffleScalar(ctx, seed, 0);
const perm = shufflePermutation(ctx, seed, 0, N);
const honest = buildShuffleHop(ctx, deck, seed);

const codeOf = (body: ShuffleHopBody, seat = 0, c = ctx): string | undefined => {
  const r = applyShuffleHop(c, deck, seat, 0, body);
  return r.ok ? undefined : r.error.code;
};

describe('a proven shuffle hop', () => {
  it.each([false, true])('verifies (accelerated: %s)', async (fast) => {
    await accelerate(fast);
    expect(codeOf(honest)).toBeUndefined();
    expect(codeOf(provenShuffle(ctx, deck, 0, { perm, s, seed }))).toBeUndefined();
  });

  it('is refused when the output is not the input permuted under the one scalar', async () => {
    await accelerate();
    const tile = (i: number) => decodePoint(currentDeck(deck).bytes[i]!)!;
    const cases: ((out: Uint8Array[]) => void)[] = [
      // a related point: s·(T_a + 2·T_b)
      (out) => (out[2] = mul(tile(4).add(mul(tile(6), 2n)), s).toBytes()),
      // two points shifted, their sum kept
      (out) => {
        const d = mul(tile(1), s);
        out[0] = decodePoint(out[0]!)!.add(d).toBytes();
        out[1] = decodePoint(out[1]!)!.subtract(d).toBytes();
      },
      // one point under another scalar
      (out) => (out[3] = mul(decodePoint(out[3]!)!, 5n).toBytes()),
      // every point under another scalar than S's
      (out) => out.forEach((p, i) => (out[i] = mul(decodePoint(p)!, 7n).toBytes())),
    ];
    for (const alter of cases) {
      // the honest prover run on the altered output, with the true witness
      expect(codeOf(provenShuffle(ctx, deck, 0, { perm, s, seed }, alter))).toBe(
        'BAD_SHUFFLE_PROOF',
      );
    }
    // S for another scalar than the one used
    const otherKey = toBase64url(baseMul(s + 1n).toBytes());
    expect(codeOf({ ...honest, shuffleKey: otherKey })).toBe('BAD_SHUFFLE_PROOF');
  });

  it('is refused for a map that is no permutation', async () => {
    await accelerate();
    const input = currentDeck(deck).bytes;
    const notPerm = [perm[0]!, perm[0]!, ...perm.slice(2)];
    const output = notPerm.map((j) => mul(decodePoint(input[j]!)!, s).toBytes());
    const st = {
      context: shuffleContext(ctx, 0, 0),
      input,
      output,
      shuffleKey: baseMul(s).toBytes(),
    };
    expect(verifyShuffle(st, proveShuffle(st, { permutation: notPerm, scalar: s }, seed))).toBe(
      false,
    );
  });

  it('is refused with any part of the proof altered', async () => {
    await accelerate();
    const other = buildShuffleHop(ctx, deck, seeds[1]!).proof;
    const fields = Object.keys(honest.proof) as (keyof ShuffleHopBody['proof'])[];
    for (const field of fields) {
      for (const i of [0, honest.proof[field].length - 1]) {
        const list = [...honest.proof[field]];
        list[i] = other[field][i]!;
        expect(codeOf({ ...honest, proof: { ...honest.proof, [field]: list } })).toBe(
          'BAD_SHUFFLE_PROOF',
        );
      }
      const shorter = honest.proof[field].slice(1);
      if (shorter.length > 0) {
        expect(codeOf({ ...honest, proof: { ...honest.proof, [field]: shorter } })).toBe(
          'BAD_SHUFFLE_PROOF',
        );
      }
    }
    const identity = toBase64url(new Uint8Array(32));
    const commits = [identity, ...honest.proof.commits.slice(1)];
    expect(codeOf({ ...honest, proof: { ...honest.proof, commits } })).toBe('BAD_SHUFFLE_PROOF');
    const big = toBase64url(new Uint8Array(32).fill(0xff));
    const responses = [big, ...honest.proof.responses.slice(1)];
    expect(codeOf({ ...honest, proof: { ...honest.proof, responses } })).toBe('BAD_SHUFFLE_PROOF');
  });

  it('cannot be replayed at another round or game', async () => {
    await accelerate();
    expect(codeOf(honest, 0, { ...ctx, round: ctx.round + 1 })).toBe('BAD_SHUFFLE_PROOF');
    expect(codeOf(honest, 0, { ...ctx, game: 'another' })).toBe('BAD_SHUFFLE_PROOF');
    // the statement names the seat: the same hop as the second seat's is refused
    const st = (seat: number) => ({
      context: shuffleContext(ctx, 0, seat),
      input: currentDeck(deck).bytes,
      output: honest.points.map((p) => fromBase64url(p, 32)!),
      shuffleKey: fromBase64url(honest.shuffleKey, 32)!,
    });
    const proof = proveShuffle(st(0), { permutation: perm, scalar: s }, seed);
    expect(verifyShuffle(st(0), proof)).toBe(true);
    expect(verifyShuffle(st(1), proof)).toBe(false);
  });
});
