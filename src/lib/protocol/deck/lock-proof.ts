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
import { createDrbg, type Drbg } from '../crypto/drbg';
import {
  baseMul,
  baseMulPublic,
  decodePoint,
  encodePoint,
  msmPublic,
  msmSecretEncoded,
  mulPublic,
  scalar,
  type Point,
  type Scalar,
} from '../crypto/group';
import { taggedHash } from '../crypto/hashing';
import { nonZeroScalar } from '../deal/peer-secret';

/** What the prover needs of the statement: the points are the locker's input deck. */
export interface LockProverStatement {
  /** Hash binding context, seat, deck and every encoding in the statement. */
  readonly transcript: Uint8Array;
  readonly before: readonly Uint8Array[];
}

export interface LockStatement {
  readonly transcript: Uint8Array;
  readonly before: readonly Point[];
  readonly after: readonly Point[];
  readonly shuffleKey: Point;
  readonly lockKeys: readonly Point[];
}

export interface LockWitness {
  readonly shuffleScalar: Scalar;
  readonly lockScalars: readonly Scalar[];
}

export interface LockProof {
  readonly commitS: Point;
  readonly commitK: Point;
  readonly commitFold: Point;
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

function challenge(transcript: Uint8Array, commitS: Point, commitK: Point, fold: Point): Scalar {
  return scalar.fromWide(
    taggedHash('trainyard/lock-challenge/v1', [
      transcript,
      encodePoint(commitS),
      encodePoint(commitK),
      encodePoint(fold),
    ]),
  );
}

function dot(a: readonly Scalar[], b: readonly Scalar[]): Scalar {
  let acc = 0n;
  for (let i = 0; i < a.length; i++) acc = scalar.add(acc, scalar.mul(a[i] ?? 0n, b[i] ?? 0n));
  return acc;
}

export function proveLock(st: LockProverStatement, witness: LockWitness, nonces: Drbg): LockProof {
  const n = st.before.length;
  const { e, rho } = weights(st.transcript, n);
  const a = nonZeroScalar(nonces);
  const b = Array.from({ length: n }, () => nonZeroScalar(nonces));
  const commitS = baseMul(a);
  const commitK = baseMul(dot(rho, b));
  // a·N − Σ e_i b_i·before[i], with N = Σ e_i (k_i / s)·before[i]: one sum over `before`
  const sInv = scalar.inv(witness.shuffleScalar);
  const commitFold = decodePoint(
    msmSecretEncoded(
      st.before,
      b.map((bi, i) => {
        const ratio = scalar.mul(witness.lockScalars[i] ?? 0n, sInv);
        return scalar.mul(e[i] ?? 0n, scalar.sub(scalar.mul(a, ratio), bi));
      }),
    ),
  ) as Point;
  const c = challenge(st.transcript, commitS, commitK, commitFold);
  return {
    commitS,
    commitK,
    commitFold,
    responseS: scalar.add(a, scalar.mul(c, witness.shuffleScalar)),
    responses: b.map((bi, i) => scalar.add(bi, scalar.mul(c, witness.lockScalars[i] ?? 0n))),
  };
}

export function verifyLock(st: LockStatement, proof: LockProof): boolean {
  const n = st.before.length;
  if (st.after.length !== n || st.lockKeys.length !== n || proof.responses.length !== n) {
    return false;
  }
  const { e, rho } = weights(st.transcript, n);
  const c = challenge(st.transcript, proof.commitS, proof.commitK, proof.commitFold);
  const shuffleOk = baseMulPublic(proof.responseS).equals(
    proof.commitS.add(mulPublic(st.shuffleKey, c)),
  );
  if (!shuffleOk) return false;
  const keysOk = baseMulPublic(dot(rho, proof.responses)).equals(
    proof.commitK.add(
      msmPublic(
        st.lockKeys,
        rho.map((r) => scalar.mul(c, r)),
      ),
    ),
  );
  if (!keysOk) return false;
  const folded = msmPublic(st.after, e);
  const fold = msmPublic(
    [folded, ...st.before],
    [proof.responseS, ...proof.responses.map((z, i) => scalar.neg(scalar.mul(e[i] ?? 0n, z)))],
  );
  return fold.equals(proof.commitFold);
}
