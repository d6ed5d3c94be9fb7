// Commit–reveal among all seats: joint public randomness (first player, seat order)
// and simultaneous secret choices. Nobody reveals before every seat has committed,
// and each commitment names its seat, so copying another's commitment gains nothing.
// A seat that never reveals stalls the round; the session names it.
import { bytesEqual, fromBase64url, toBase64url } from '../crypto/bytes';
import type { DealContext } from './context';
import { createDrbg, fisherYates } from '../crypto/drbg';
import type { ChoiceRevealBody, CommitBody, RandomRevealBody } from '../log/entry-kinds';
import { fail, ok, type Result } from '../errors';
import { taggedHash } from '../crypto/hashing';
import { choiceSalt, randomContribution } from './peer-secret';

export interface CommitRecord {
  readonly commitment: Uint8Array;
  readonly seq: number;
}

export interface RandomReveal {
  readonly value: Uint8Array;
  readonly seq: number;
}

export interface ChoiceReveal {
  readonly choice: number;
  readonly salt: Uint8Array;
  readonly seq: number;
}

export interface CommitRound<R> {
  readonly commits: readonly (CommitRecord | null)[];
  readonly reveals: readonly (R | null)[];
}

export function randomCommitment(
  ctx: DealContext,
  seat: number,
  label: string,
  value: Uint8Array,
): Uint8Array {
  return taggedHash('trainyard/random-commitment/v1', [ctx.game, ctx.round, label, seat, value]);
}

export function choiceCommitment(
  ctx: DealContext,
  seat: number,
  label: string,
  choice: number,
  salt: Uint8Array,
): Uint8Array {
  return taggedHash('trainyard/choice-commitment/v1', [
    ctx.game,
    ctx.round,
    label,
    seat,
    choice,
    salt,
  ]);
}

export function buildRandomCommit(
  ctx: DealContext,
  seat: number,
  seed: Uint8Array,
  label: string,
): CommitBody {
  const value = randomContribution(ctx, seed, label);
  return { label, commitment: toBase64url(randomCommitment(ctx, seat, label, value)) };
}

export function buildRandomReveal(
  ctx: DealContext,
  seed: Uint8Array,
  label: string,
): RandomRevealBody {
  return { label, value: toBase64url(randomContribution(ctx, seed, label)) };
}

export function buildChoiceCommit(
  ctx: DealContext,
  seat: number,
  seed: Uint8Array,
  label: string,
  choice: number,
): CommitBody {
  const salt = choiceSalt(ctx, seed, label);
  return { label, commitment: toBase64url(choiceCommitment(ctx, seat, label, choice, salt)) };
}

export function buildChoiceReveal(
  ctx: DealContext,
  seed: Uint8Array,
  label: string,
  choice: number,
): ChoiceRevealBody {
  return { label, choice, salt: toBase64url(choiceSalt(ctx, seed, label)) };
}

export function emptyRound<R>(seats: number): CommitRound<R> {
  return {
    commits: Array.from({ length: seats }, () => null),
    reveals: Array.from({ length: seats }, () => null),
  };
}

export function addCommit<R>(
  round: CommitRound<R>,
  seat: number,
  seq: number,
  commitment: string,
): Result<CommitRound<R>> {
  if (round.commits[seat] !== null) return fail('ALREADY_COMMITTED');
  const bytes = fromBase64url(commitment, 64);
  if (!bytes) return fail('MALFORMED_BODY');
  const commits = round.commits.with(seat, { commitment: bytes, seq });
  return ok({ ...round, commits });
}

/** `expected` is the commitment the revealed values hash to. */
export function addReveal<R>(
  round: CommitRound<R>,
  seat: number,
  expected: Uint8Array,
  reveal: R,
): Result<CommitRound<R>> {
  if (round.commits.some((c) => c === null)) return fail('NOT_ALL_COMMITTED');
  if (round.reveals[seat] !== null) return fail('ALREADY_REVEALED');
  const commit = round.commits[seat];
  if (!commit || !bytesEqual(commit.commitment, expected)) return fail('COMMITMENT_MISMATCH');
  return ok({ ...round, reveals: round.reveals.with(seat, reveal) });
}

/** The joint random bytes once every seat has revealed, else null. */
export function jointRandom(
  ctx: DealContext,
  label: string,
  round: CommitRound<RandomReveal>,
): Uint8Array | null {
  const values: Uint8Array[] = [];
  for (const r of round.reveals) {
    if (!r) return null;
    values.push(r.value);
  }
  return taggedHash('trainyard/joint-random/v1', [ctx.game, ctx.round, label, ...values]);
}

/** A uniform index in [0, n) from joint random bytes (e.g. the first player). */
export function randomIndex(bytes: Uint8Array, n: number): number {
  return createDrbg('trainyard/joint-random-use/v1', [bytes, 'index']).uniform(n);
}

/** A uniform order of n items from joint random bytes (e.g. seating). */
export function randomOrder(bytes: Uint8Array, n: number): number[] {
  return fisherYates(n, createDrbg('trainyard/joint-random-use/v1', [bytes, 'order']));
}
