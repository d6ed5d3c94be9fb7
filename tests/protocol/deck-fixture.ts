import { toBase64url } from '$lib/protocol/crypto/bytes';
import type { DealContext } from '$lib/protocol/deal/context';
import { currentDeck, maskedDeck, openDeck, type DeckState } from '$lib/protocol/deck/deck';
import {
  applyLockHop,
  applyShuffleHop,
  buildLockHop,
  buildShuffleHop,
  encodeShuffleProof,
  lockTranscript,
  shuffleContext,
} from '$lib/protocol/deck/hops';
import { proveShuffle } from '$lib/protocol/deck/shuffle-proof';
import type { LockHopBody, ShuffleHopBody } from '$lib/protocol/log/entry-kinds';
import {
  baseMul,
  decodePoint,
  encodePoint,
  mul,
  scalar,
  type Point,
} from '$lib/protocol/crypto/group';
import { proveLock } from '$lib/protocol/deck/lock-proof';
import { lockScalars, nonceDrbg, shuffleScalar } from '$lib/protocol/deal/peer-secret';
import { testSeed, tiles, unwrap } from './helpers';

export const ctx: DealContext = { game: 'deck-test', round: 0, seats: 3 };
export const seeds = [0, 1, 2].map((i) => testSeed('deck', i));

export function freshDeck(n = 8): DeckState {
  return unwrap(openDeck(ctx, 0, { set: 'double-6', tiles: tiles(n) }));
}

export function shuffled(n = 8): DeckState {
  let deck = freshDeck(n);
  for (let s = 0; s < ctx.seats; s++) {
    deck = unwrap(applyShuffleHop(ctx, deck, s, s, buildShuffleHop(ctx, deck, seeds[s]!)));
  }
  return deck;
}

export function locked(n = 8): DeckState {
  let deck = shuffled(n);
  for (let s = 0; s < ctx.seats; s++) {
    deck = unwrap(applyLockHop(ctx, deck, s, 10 + s, buildLockHop(ctx, deck, s, seeds[s]!)));
  }
  return deck;
}

/**
 * A lock hop whose points or keys were altered after computing them honestly, with
 * the best proof the cheater can make: the honest prover run on the altered statement.
 */
export function dishonestLock(
  deck: DeckState,
  seat: number,
  alter: (after: Point[], lockKeys: Point[], before: readonly Point[]) => void,
  options: { dealCtx?: DealContext; seed?: Uint8Array; shuffleScalarUsed?: bigint } = {},
): LockHopBody {
  const dealCtx = options.dealCtx ?? ctx;
  const seed = options.seed ?? seeds[seat]!;
  const before = currentDeck(deck);
  const n = before.points.length;
  const s = options.shuffleScalarUsed ?? shuffleScalar(dealCtx, seed, deck.id);
  const k = lockScalars(dealCtx, seed, deck.id, n);
  const after = before.points.map((p, i) => mul(p, scalar.mul(k[i]!, scalar.inv(s))));
  const lockKeys = k.map(baseMul);
  alter(after, lockKeys, before.points);
  const afterDeck = maskedDeck(after);
  const shuffleKey = baseMul(s);
  const keyBytes = lockKeys.map(encodePoint);
  const transcript = lockTranscript(
    dealCtx,
    deck.id,
    seat,
    before.bytes,
    afterDeck.bytes,
    encodePoint(shuffleKey),
    keyBytes,
  );
  const proof = proveLock(
    { transcript, before: before.bytes },
    { shuffleScalar: s, lockScalars: k },
    nonceDrbg(seed, transcript),
  );
  const text = (p: Point): string => toBase64url(encodePoint(p));
  return {
    deck: deck.id,
    points: afterDeck.encoded,
    shuffleKey: text(shuffleKey),
    lockKeys: keyBytes.map(toBase64url),
    proof: {
      commitS: toBase64url(proof.commitS),
      commitK: toBase64url(proof.commitK),
      commitFold: toBase64url(proof.commitFold),
      responseS: toBase64url(scalar.encode(proof.responseS)),
      responses: proof.responses.map((z) => toBase64url(scalar.encode(z))),
    },
  };
}

/**
 * A shuffle hop body for `output` (by default the input permuted by `perm` and
 * multiplied by `s`), with the proof the honest prover makes for that witness.
 */
export function provenShuffle(
  dealCtx: DealContext,
  deck: DeckState,
  seat: number,
  witness: { readonly perm: readonly number[]; readonly s: bigint; readonly seed: Uint8Array },
  alter: (output: Uint8Array[]) => void = () => {},
): ShuffleHopBody {
  const input = currentDeck(deck).bytes;
  const output = witness.perm.map((j) => mul(decodePoint(input[j]!)!, witness.s).toBytes());
  alter(output);
  const shuffleKey = baseMul(witness.s).toBytes();
  const statement = { context: shuffleContext(dealCtx, deck.id, seat), input, output, shuffleKey };
  const proof = proveShuffle(
    statement,
    { permutation: witness.perm, scalar: witness.s },
    witness.seed,
  );
  return {
    deck: deck.id,
    points: output.map(toBase64url),
    shuffleKey: toBase64url(shuffleKey),
    proof: encodeShuffleProof(proof),
  };
}
