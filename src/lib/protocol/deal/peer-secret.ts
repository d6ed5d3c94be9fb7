// One peer's secrets for one round, all derived from a single 32-byte seed that is
// committed by hash before anything else and revealed for the end-of-round audit.
import type { DealContext } from './context';
import { createDrbg, fisherYates, type Drbg } from '../crypto/drbg';
import { scalar, type Scalar } from '../crypto/group';
import { taggedHash } from '../crypto/hashing';

export const SEED_BYTES = 32;

/** A round's seed, from the peer's table secret: revealing it shows nothing of other rounds. */
export function roundSeed(secret: Uint8Array, game: string, round: number): Uint8Array {
  return taggedHash('trainyard/round-seed/v1', [secret, game, round]).slice(0, SEED_BYTES);
}

/** Bound to the seat, so a peer cannot copy another's commitment and reveal. */
export function seedCommitment(ctx: DealContext, seat: number, seed: Uint8Array): Uint8Array {
  return taggedHash('trainyard/seed-commitment/v1', [ctx.game, ctx.round, seat, seed]);
}

export function nonZeroScalar(drbg: Drbg): Scalar {
  for (;;) {
    const s = scalar.fromWide(drbg.bytes(64));
    if (s !== 0n) return s;
  }
}

function secretDrbg(ctx: DealContext, seed: Uint8Array, purpose: string, deck: number): Drbg {
  return createDrbg('trainyard/peer-secret/v1', [seed, ctx.game, ctx.round, purpose, deck]);
}

export function shuffleScalar(ctx: DealContext, seed: Uint8Array, deck: number): Scalar {
  return nonZeroScalar(secretDrbg(ctx, seed, 'shuffle-scalar', deck));
}

/** Output i of the shuffle hop is input perm[i], masked. */
export function shufflePermutation(
  ctx: DealContext,
  seed: Uint8Array,
  deck: number,
  size: number,
): number[] {
  return fisherYates(size, secretDrbg(ctx, seed, 'shuffle-permutation', deck));
}

/** k_i, the lock scalar of position i of the locked deck. */
export function lockScalar(ctx: DealContext, seed: Uint8Array, deck: number, pos: number): Scalar {
  return nonZeroScalar(secretDrbg(ctx, seed, `lock-scalar/${pos}`, deck));
}

export function lockScalars(
  ctx: DealContext,
  seed: Uint8Array,
  deck: number,
  size: number,
): Scalar[] {
  return Array.from({ length: size }, (_, pos) => lockScalar(ctx, seed, deck, pos));
}

/** Proof nonces, derived like EdDSA's from a secret and the statement. */
export function nonceDrbg(seed: Uint8Array, transcript: Uint8Array): Drbg {
  return createDrbg('trainyard/proof-nonce/v1', [seed, transcript]);
}

export function randomContribution(ctx: DealContext, seed: Uint8Array, label: string): Uint8Array {
  return createDrbg('trainyard/random-contribution/v1', [seed, ctx.game, ctx.round, label]).bytes(
    32,
  );
}

export function choiceSalt(ctx: DealContext, seed: Uint8Array, label: string): Uint8Array {
  return createDrbg('trainyard/choice-salt/v1', [seed, ctx.game, ctx.round, label]).bytes(32);
}
