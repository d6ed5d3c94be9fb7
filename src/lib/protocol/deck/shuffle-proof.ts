// The shuffle hop's proof: the output deck is the input deck permuted and
// multiplied by one secret scalar, in zero knowledge.
//
// Statement (public): input points X_1..X_n, output points Y_1..Y_n, the shuffle
// key S. Claim: for some permutation π and scalar s, S = s·G and Y_i = s·X_π(i).
//
// The proof is the Terelius–Wikström proof of a shuffle (B. Terelius, D. Wikström,
// "Proofs of Restricted Shuffles", AFRICACRYPT 2010; D. Wikström, "A
// Commitment-Consistent Proof of a Shuffle", ACISP 2009), laid out as in R. Haenni,
// P. Locher, R. Koenig, E. Dubuis, "Pseudo-Code Algorithms for Verifiable
// Re-Encryption Mix-Nets" (FC 2017 Workshops), GenShuffleProof/CheckShuffleProof,
// with the re-encryption relation replaced by ours: Σ u'_i·Y_i = s·Σ u_j·X_j.
//
//  1. c_j = r_j·G + H_π⁻¹(j): Pedersen commitments to the columns of the permutation
//     matrix B (B_ij = 1 iff j = π(i)), over generators G, h, H_1..H_n hashed to the
//     group (nobody knows a relation between them, so the commitments bind).
//  2. u = hash(context, X, Y, S, c); u'_i = u_π(i), i.e. u' = B·u.
//  3. ĉ_0 = h, ĉ_i = r̂_i·G + u'_i·ĉ_{i-1}: so ĉ_n = r̂·G + (Π u'_i)·h.
//  4. One sigma proof, Fiat–Shamir challenge c = hash(all of the above, commitments),
//     of knowledge of r̄, r̂, r̃, s, r̂_i, u'_i with
//       Σc_j − ΣH_i = r̄·G                        (every row of B sums to 1)
//       ĉ_n − (Π u_j)·h = r̂·G                     (Π u'_i = Π u_j)
//       Σ u_j·c_j = r̃·G + Σ u'_i·H_i              (u' is B·u, as committed)
//       ĉ_i = r̂_i·G + u'_i·ĉ_{i-1}                (the chain uses that same u')
//       Σ u'_i·Y_i − s·Σ u_j·X_j = 0, S = s·G      (the output is s·(B·X))
//
// Soundness, as in Terelius–Wikström (Thm. 1 and the extractor of §4): B is a
// permutation matrix iff B·1 = 1 and Π_i ⟨b_i, x⟩ = Π_i x_i as polynomials in x;
// the first two relations show both, the second at a random u (Schwartz–Zippel:
// a non-permutation B passes with probability ≤ n/2^128, the u_j being 128-bit).
// Rewinding over n independent u extracts B from c (binding under discrete log).
// s is fixed by S before u is drawn, so D_j = Y_π⁻¹(j) − s·X_j is fixed too, and
// the last relation says Σ u_j·D_j = 0: if any D_j ≠ 0 that holds with probability
// ≤ 2^-128. Special soundness of the sigma part gives one witness for all
// relations; zero knowledge is honest-verifier ZK made non-interactive by
// Fiat–Shamir (the c_j are perfectly hiding; S = s·G is public in the lock hop
// anyway). Every challenge hashes the context (game, round, seats, deck, seat),
// so a proof cannot be replayed at another hop.
//
// The verifier checks all n + 5 equations at once, weighted by 128-bit values
// hashed from the whole proof: one sum of 6n + 8 terms that must be the identity
// (a false equation survives with probability about 2^-128).
import { concatBytes, utf8 } from '../crypto/bytes';
import { createDrbg, type Drbg } from '../crypto/drbg';
import {
  encodePoint,
  hashToPoint,
  isIdentityEncoding,
  isPointEncoding,
  scalar,
  type Scalar,
} from '../crypto/group';
import { taggedHash } from '../crypto/hashing';
import { nonceDrbg, nonZeroScalar } from '../deal/peer-secret';
import { drive, type Steps, type Sum } from './work';

export interface ShuffleStatement {
  /** Hash of what the hop is bound to: game, round, seats, deck, seat. */
  readonly context: Uint8Array;
  readonly input: readonly Uint8Array[];
  readonly output: readonly Uint8Array[];
  readonly shuffleKey: Uint8Array;
}

export interface ShuffleWitness {
  /** Output i is input permutation[i], multiplied by `scalar`. */
  readonly permutation: readonly number[];
  readonly scalar: Scalar;
}

export interface ShuffleProof {
  /** c_j, one per input position. */
  readonly commitments: readonly Uint8Array[];
  /** ĉ_1..ĉ_n. */
  readonly chain: readonly Uint8Array[];
  /** t_1..t_5 of the five aggregate relations. */
  readonly commits: readonly Uint8Array[];
  /** t̂_i of each chain link. */
  readonly chainCommits: readonly Uint8Array[];
  /** s_1..s_4. */
  readonly responses: readonly Scalar[];
  /** ŝ_i. */
  readonly chainResponses: readonly Scalar[];
  /** s'_i, for u'_i. */
  readonly permutedResponses: readonly Scalar[];
}

const GENERATOR_DST = 'trainyard-v1-ristretto255-shuffle-generator';
const generatorCache: Uint8Array[] = [];

/** h, H_1..H_n: hashed to the group, the same for every deck. */
function generators(n: number): Uint8Array[] {
  while (generatorCache.length <= n) {
    const i = generatorCache.length;
    generatorCache.push(encodePoint(hashToPoint(GENERATOR_DST, utf8(String(i)))));
  }
  return generatorCache.slice(0, n + 1);
}

function statementHash(st: ShuffleStatement): Uint8Array {
  return taggedHash('trainyard/shuffle-statement/v1', [
    st.context,
    concatBytes(st.input),
    concatBytes(st.output),
    st.shuffleKey,
  ]);
}

/** 128-bit weights or challenges drawn from a hash of what precedes them. */
function draws(drbg: Drbg, n: number): Scalar[] {
  return Array.from({ length: n }, () => scalar.fromWide(drbg.bytes(16)));
}

function permutationChallenges(statement: Uint8Array, commitments: readonly Uint8Array[]) {
  const n = commitments.length;
  return draws(createDrbg('trainyard/shuffle-u/v1', [statement, concatBytes(commitments)]), n);
}

function challenge(
  statement: Uint8Array,
  proof: Pick<ShuffleProof, 'commitments' | 'chain' | 'commits' | 'chainCommits'>,
): Scalar {
  return scalar.fromWide(
    taggedHash('trainyard/shuffle-challenge/v1', [
      statement,
      concatBytes(proof.commitments),
      concatBytes(proof.chain),
      concatBytes(proof.commits),
      concatBytes(proof.chainCommits),
    ]),
  );
}

const product = (xs: readonly Scalar[]): Scalar => xs.reduce((a, x) => scalar.mul(a, x), 1n);
const sum = (xs: readonly Scalar[]): Scalar => xs.reduce(scalar.add, 0n);

/**
 * Every random value is drawn from the prover's `secret` and the whole statement,
 * like EdDSA's nonces: the same statement gives the same proof, and two statements
 * never share a nonce (which would give s away). In two steps of point work: the
 * commitments, then everything after u. The chain ĉ_i is built from its scalars
 * (ĉ_i = a_i·G + b_i·h), so its links do not wait for one another.
 */
export function* proveShuffleSteps(
  st: ShuffleStatement,
  w: ShuffleWitness,
  secret: Uint8Array,
): Steps<ShuffleProof> {
  const n = st.input.length;
  const [h, ...H] = generators(n) as [Uint8Array, ...Uint8Array[]];
  const statement = statementHash(st);
  const nonces = nonceDrbg(secret, statement);
  const draw = (): Scalar => nonZeroScalar(nonces);
  const outputOf = new Array<number>(n);
  w.permutation.forEach((j, i) => (outputOf[j] = i));
  const r = Array.from({ length: n }, draw);
  const commitments = yield r.map((rj, j) => ({
    base: rj,
    points: [H[outputOf[j] ?? 0]!],
    scalars: [1n],
  }));
  const u = permutationChallenges(statement, commitments);
  const uPermuted = w.permutation.map((j) => u[j] ?? 0n);
  const rHat = Array.from({ length: n }, draw);
  // ĉ_i = a_i·G + b_i·h: a_i = r̂_i + u'_i·a_{i-1}, b_i = u'_i·b_{i-1} (ĉ_0 = h).
  const a: Scalar[] = [0n];
  const b: Scalar[] = [1n];
  for (let i = 0; i < n; i++) {
    a.push(scalar.add(rHat[i]!, scalar.mul(uPermuted[i]!, a[i]!)));
    b.push(scalar.mul(uPermuted[i]!, b[i]!));
  }
  const omega = Array.from({ length: 4 }, draw) as [Scalar, Scalar, Scalar, Scalar];
  const omegaHat = Array.from({ length: n }, draw);
  const omegaPrime = Array.from({ length: n }, draw);
  const only = (base: Scalar): Sum => ({ base, points: [], scalars: [] });
  const sums: Sum[] = [
    // ĉ_1..ĉ_n
    ...a.slice(1).map((ai, i) => ({ base: ai, points: [h], scalars: [b[i + 1]!] })),
    // t̂_i = ω̂_i·G + ω'_i·ĉ_{i-1}
    ...omegaHat.map((o, i) => ({
      base: scalar.add(o, scalar.mul(omegaPrime[i]!, a[i]!)),
      points: [h],
      scalars: [scalar.mul(omegaPrime[i]!, b[i]!)],
    })),
    only(omega[0]),
    only(omega[1]),
    { base: omega[2], points: H, scalars: omegaPrime },
    // Σ ω'_i·Y_i − ω_3·Σ u_j·X_j
    {
      base: 0n,
      points: [...st.output, ...st.input],
      scalars: [...omegaPrime, ...u.map((uj) => scalar.neg(scalar.mul(omega[3], uj)))],
    },
    only(omega[3]),
  ];
  const points = yield sums;
  const chain = points.slice(0, n);
  const chainCommits = points.slice(n, 2 * n);
  const commits = points.slice(2 * n);
  const c = challenge(statement, { commitments, chain, commits, chainCommits });
  const respond = (nonce: Scalar, secret: Scalar): Scalar =>
    scalar.sub(nonce, scalar.mul(c, secret));
  const rTilde = sum(r.map((rj, j) => scalar.mul(rj, u[j]!)));
  return {
    commitments: [...commitments],
    chain,
    commits,
    chainCommits,
    responses: [
      respond(omega[0], sum(r)),
      respond(omega[1], a[n]!),
      respond(omega[2], rTilde),
      respond(omega[3], w.scalar),
    ],
    chainResponses: omegaHat.map((o, i) => respond(o, rHat[i]!)),
    permutedResponses: omegaPrime.map((o, i) => respond(o, uPermuted[i]!)),
  };
}

export function proveShuffle(
  st: ShuffleStatement,
  w: ShuffleWitness,
  secret: Uint8Array,
): ShuffleProof {
  return drive(proveShuffleSteps(st, w, secret));
}

function wellFormed(st: ShuffleStatement, proof: ShuffleProof): boolean {
  const n = st.input.length;
  const sized = [proof.commitments, proof.chain, proof.chainCommits, proof.chainResponses];
  return (
    n >= 1 &&
    st.output.length === n &&
    sized.every((list) => list.length === n) &&
    proof.permutedResponses.length === n &&
    proof.commits.length === 5 &&
    proof.responses.length === 4 &&
    [...proof.commitments, ...proof.chain, ...proof.commits, ...proof.chainCommits].every(
      isPointEncoding,
    )
  );
}

/** The inputs, outputs and shuffle key must be valid non-identity points (the hop checks them). */
export function verifyShuffle(st: ShuffleStatement, proof: ShuffleProof): boolean {
  return drive(verifyShuffleSteps(st, proof));
}

/**
 * One step of point work: the weighted sum of all n + 5 equations, which must be
 * the identity. A proof that did not decode (null) fails.
 */
export function* verifyShuffleSteps(
  st: ShuffleStatement,
  proof: ShuffleProof | null,
): Steps<boolean> {
  if (!proof || !wellFormed(st, proof)) return false;
  const n = st.input.length;
  const [h, ...H] = generators(n) as [Uint8Array, ...Uint8Array[]];
  const statement = statementHash(st);
  const u = permutationChallenges(statement, proof.commitments);
  const c = challenge(statement, proof);
  const [s1, s2, s3, s4] = proof.responses as [Scalar, Scalar, Scalar, Scalar];
  const sHat = proof.chainResponses;
  const sPrime = proof.permutedResponses;
  const weights = createDrbg('trainyard/shuffle-batch/v1', [
    scalar.encode(c),
    ...[...proof.responses, ...sHat, ...sPrime].map(scalar.encode),
  ]);
  const [b1, b2, b3, b4, b5] = draws(weights, 5) as [Scalar, Scalar, Scalar, Scalar, Scalar];
  const bHat = draws(weights, n);
  const mul = scalar.mul;
  const add = scalar.add;
  // Σ β_k·(t'_k − t_k) over the five aggregate relations and the n chain links.
  const gWeight = sum([mul(b1, s1), mul(b2, s2), mul(b3, s3), mul(b5, s4)]);
  const chainWeights = proof.chain.map((_, i) =>
    add(mul(bHat[i]!, c), i + 1 < n ? mul(bHat[i + 1]!, sPrime[i + 1]!) : 0n),
  );
  chainWeights[n - 1] = add(chainWeights[n - 1]!, mul(b2, c));
  const points = [
    h,
    st.shuffleKey,
    ...proof.commitments,
    ...H,
    ...proof.chain,
    ...st.output,
    ...st.input,
    ...proof.commits,
    ...proof.chainCommits,
  ];
  const scalars = [
    add(scalar.neg(mul(mul(b2, c), product(u))), mul(bHat[0]!, sPrime[0]!)),
    mul(b5, c),
    ...u.map((uj) => mul(c, add(b1, mul(b3, uj)))),
    ...sPrime.map((sp) => scalar.sub(mul(b3, sp), mul(b1, c))),
    ...chainWeights,
    ...sPrime.map((sp) => mul(b4, sp)),
    ...u.map((uj) => scalar.neg(mul(mul(b4, s4), uj))),
    ...[b1, b2, b3, b4, b5].map(scalar.neg),
    ...bHat.map(scalar.neg),
  ];
  const base = add(gWeight, sum(bHat.map((b, i) => mul(b, sHat[i]!))));
  const [total] = yield [{ base, points, scalars }];
  return total !== undefined && isIdentityEncoding(total);
}
