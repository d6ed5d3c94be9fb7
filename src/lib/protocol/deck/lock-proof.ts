// The lock hop's proof, batched over all positions.
//
// Statement (public): decks before[i] → after[i], the locker's shuffle key S and
// lock keys K[i]. Claim: with s = log_G S and k_i = log_G K[i], every position
// satisfies s·after[i] = k_i·before[i], i.e. after[i] = (k_i / s)·before[i]: each
// new point is the old point at the same position, re-keyed from s to k_i, and the
// k_i that opens it later is the one committed in K[i].
//
// Fiat–Shamir weights e_i, ρ_i (128-bit, from the statement) fold the n claims into
// one: s·N = Σ e_i k_i·before[i] with N = Σ e_i·after[i]. A sigma proof of knowledge
// of (s, k_1..k_n) shows S = s·G, Σ ρ_i K[i] = (Σ ρ_i k_i)·G and that fold. The
// independent ρ ties each k_i to its own K[i]; without it, any re-mixing of rows
// with matching sums (a copied or swapped point) would pass. A false position makes
// the fold fail except with probability about 2^-128, as long as nobody knows a
// discrete-log relation between the deck's points (they are hashed, then masked).
import { bytesEqual } from '../crypto/bytes';
import { createDrbg, type Drbg } from '../crypto/drbg';
import { scalar, type Scalar } from '../crypto/group';
import { taggedHash } from '../crypto/hashing';
import { nonZeroScalar } from '../deal/peer-secret';
import { drive, type Steps } from './work';

/** What the prover needs of the statement: the points are the locker's input deck. */
export interface LockProverStatement {
  /** Hash binding context, seat, deck and every encoding in the statement. */
  readonly transcript: Uint8Array;
  readonly before: readonly Uint8Array[];
}

/** Valid non-identity point encodings (the hop decodes and checks them). */
export interface LockStatement {
  readonly transcript: Uint8Array;
  readonly before: readonly Uint8Array[];
  readonly after: readonly Uint8Array[];
  readonly shuffleKey: Uint8Array;
  readonly lockKeys: readonly Uint8Array[];
}

export interface LockWitness {
  readonly shuffleScalar: Scalar;
  readonly lockScalars: readonly Scalar[];
}

/** Commitments as canonical encodings of valid points. */
export interface LockProof {
  readonly commitS: Uint8Array;
  readonly commitK: Uint8Array;
  readonly commitFold: Uint8Array;
  readonly responseS: Scalar;
  readonly responses: readonly Scalar[];
}

function weights(transcript: Uint8Array, n: number): { e: Scalar[]; rho: Scalar[] } {
  const drbg = createDrbg('trainyard/lock-weights/v1', [transcript]);
  const draw = (): Scalar => scalar.fromWide(drbg.bytes(16));
  const e = Array.from({ length: n }, draw);
  const rho = Array.from({ length: n }, draw);
  return { e, rho };
}

function challenge(
  transcript: Uint8Array,
  commitS: Uint8Array,
  commitK: Uint8Array,
  fold: Uint8Array,
): Scalar {
  return scalar.fromWide(
    taggedHash('trainyard/lock-challenge/v1', [transcript, commitS, commitK, fold]),
  );
}

function dot(a: readonly Scalar[], b: readonly Scalar[]): Scalar {
  let acc = 0n;
  for (let i = 0; i < a.length; i++) acc = scalar.add(acc, scalar.mul(a[i] ?? 0n, b[i] ?? 0n));
  return acc;
}

const same = (a: Uint8Array | undefined, b: Uint8Array | undefined): boolean =>
  a !== undefined && b !== undefined && bytesEqual(a, b);

/** One step of point work: the three commitments. */
export function* proveLockSteps(
  st: LockProverStatement,
  witness: LockWitness,
  nonces: Drbg,
): Steps<LockProof> {
  const n = st.before.length;
  const { e, rho } = weights(st.transcript, n);
  const a = nonZeroScalar(nonces);
  const b = Array.from({ length: n }, () => nonZeroScalar(nonces));
  // a·N − Σ e_i b_i·before[i], with N = Σ e_i (k_i / s)·before[i]: one sum over `before`
  const sInv = scalar.inv(witness.shuffleScalar);
  const foldScalars = b.map((bi, i) => {
    const ratio = scalar.mul(witness.lockScalars[i] ?? 0n, sInv);
    return scalar.mul(e[i] ?? 0n, scalar.sub(scalar.mul(a, ratio), bi));
  });
  const [commitS, commitK, commitFold] = (yield [
    { base: a, points: [], scalars: [] },
    { base: dot(rho, b), points: [], scalars: [] },
    { base: 0n, points: st.before, scalars: foldScalars },
  ]) as [Uint8Array, Uint8Array, Uint8Array];
  const c = challenge(st.transcript, commitS, commitK, commitFold);
  return {
    commitS,
    commitK,
    commitFold,
    responseS: scalar.add(a, scalar.mul(c, witness.shuffleScalar)),
    responses: b.map((bi, i) => scalar.add(bi, scalar.mul(c, witness.lockScalars[i] ?? 0n))),
  };
}

export function proveLock(st: LockProverStatement, witness: LockWitness, nonces: Drbg): LockProof {
  return drive(proveLockSteps(st, witness, nonces));
}

export function verifyLock(st: LockStatement, proof: LockProof): boolean {
  return drive(verifyLockSteps(st, proof));
}

/** One step of point work: both sides of the key relations, and the fold. */
export function* verifyLockSteps(st: LockStatement, proof: LockProof): Steps<boolean> {
  const n = st.before.length;
  if (st.after.length !== n || st.lockKeys.length !== n || proof.responses.length !== n) {
    return false;
  }
  const { e, rho } = weights(st.transcript, n);
  const c = challenge(st.transcript, proof.commitS, proof.commitK, proof.commitFold);
  const [sLeft, sRight, kLeft, kRight, fold] = yield [
    // z_s·G = t_S + c·S
    { base: proof.responseS, points: [], scalars: [] },
    { base: 0n, points: [proof.commitS, st.shuffleKey], scalars: [1n, c] },
    // (Σ ρ_i z_i)·G = t_K + Σ c·ρ_i·K_i
    { base: dot(rho, proof.responses), points: [], scalars: [] },
    {
      base: 0n,
      points: [proof.commitK, ...st.lockKeys],
      scalars: [1n, ...rho.map((r) => scalar.mul(c, r))],
    },
    // z_s·Σ e_i·after[i] − Σ e_i z_i·before[i] = t_fold
    {
      base: 0n,
      points: [...st.after, ...st.before],
      scalars: [
        ...e.map((ei) => scalar.mul(proof.responseS, ei)),
        ...proof.responses.map((z, i) => scalar.neg(scalar.mul(e[i] ?? 0n, z))),
      ],
    },
  ];
  return same(sLeft, sRight) && same(kLeft, kRight) && same(fold, proof.commitFold);
}
