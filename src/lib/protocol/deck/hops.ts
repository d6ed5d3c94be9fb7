// Shuffle and lock hops: building one from this peer's seed, and checking and
// recording anyone's. A shuffle hop masks every point with the peer's shuffle
// scalar s, permutes, publishes S = s·G and proves the output is the input permuted
// and multiplied by that s (shuffle-proof.ts). A lock hop swaps s for one scalar per
// position and proves it (lock-proof.ts) against the S of the seat's own shuffle.
// So a dishonest shuffle or lock is refused at once; whether s and the permutation
// were drawn from the seed is left to the audit. A proof this peer built or
// already checked is not checked again (proven.ts). Building and checking run in
// steps of point work that split across workers (work.ts), and a received hop's
// check can run beside the next seat's build on it (pipeline.ts).
import { bytesEqual, concatBytes, fromBase64url, toBase64url } from '../crypto/bytes';
import type { DealContext } from '../deal/context';
import {
  currentDeck,
  deckSize,
  encodedDeck,
  lazyPoints,
  deckStage,
  nextHopSeat,
  type DeckStage,
  type DeckState,
  type MaskedDeck,
} from './deck';
import type { LockHopBody, ShuffleHopBody } from '../log/entry-kinds';
import { fail, ok, type Result } from '../errors';
import {
  baseMulEncoded,
  decodePoint,
  encodePoint,
  isIdentity,
  isIdentityEncoding,
  isPointEncoding,
  scalar,
  type Scalar,
} from '../crypto/group';
import { taggedHash } from '../crypto/hashing';
import { proveLockSteps, verifyLock, verifyLockSteps, type LockProof } from './lock-proof';
import {
  proveShuffleSteps,
  verifyShuffle,
  verifyShuffleSteps,
  type ShuffleProof,
  type ShuffleStatement,
} from './shuffle-proof';
import type { ShuffleProofBody } from '../log/entry-kinds';
import { lockScalars, nonceDrbg, shufflePermutation, shuffleScalar } from '../deal/peer-secret';
import { isProven, markProven, provenKey } from './proven';
import { drive, type Steps } from './work';

const shuffleProvenKey = (st: ShuffleStatement, proof: ShuffleProofBody): string =>
  provenKey(
    'shuffle',
    [st.context, concatBytes(st.input), concatBytes(st.output), st.shuffleKey],
    proof,
  );

/** The lock transcript binds every part of the statement but the proof. */
const lockProvenKey = (transcript: Uint8Array, proof: LockHopBody['proof']): string =>
  provenKey('lock', [transcript], proof);

function decodeScalarText(text: string): Scalar | null {
  const bytes = fromBase64url(text, 32);
  return bytes && scalar.decode(bytes, true);
}

/** A valid non-identity point's encoding, or why not (the identity encodes as all zeros). */
function pointEncoding(text: string, what: string): Result<Uint8Array> {
  const raw = fromBase64url(text, 32);
  if (raw && isIdentityEncoding(raw)) return fail('IDENTITY_POINT', what);
  return raw && isPointEncoding(raw) ? ok(raw) : fail('BAD_POINT', what);
}

/** A deck of n distinct, valid, non-identity points (decoded only when needed). */
function decodeDeck(encoded: readonly string[], n: number): Result<MaskedDeck> {
  if (encoded.length !== n) return fail('WRONG_SIZE', `expected ${n} points`);
  if (new Set(encoded).size !== n) return fail('DUPLICATE_POINT');
  const bytes: Uint8Array[] = [];
  for (const [i, text] of encoded.entries()) {
    const raw = pointEncoding(text, `position ${i}`);
    if (!raw.ok) return raw;
    bytes.push(raw.value);
  }
  return ok(encodedDeck(bytes, encoded));
}

function checkTurn(
  ctx: DealContext,
  deck: DeckState,
  seat: number,
  stage: DeckStage,
): Result<true> {
  if (deckStage(ctx, deck) !== stage) return fail('WRONG_STAGE', `deck is not ${stage}`);
  if (nextHopSeat(ctx, deck) !== seat) return fail('WRONG_AUTHOR', 'not this seat’s hop');
  return ok(true);
}

/** What a shuffle proof is bound to: the round, the deck and the seat whose hop it is. */
export function shuffleContext(ctx: DealContext, deckId: number, seat: number): Uint8Array {
  return taggedHash('trainyard/shuffle-context/v1', [ctx.game, ctx.round, ctx.seats, deckId, seat]);
}

export function encodeShuffleProof(proof: ShuffleProof): ShuffleProofBody {
  const points = (list: readonly Uint8Array[]) => list.map(toBase64url);
  const scalars = (list: readonly Scalar[]) => list.map((s) => toBase64url(scalar.encode(s)));
  return {
    commitments: points(proof.commitments),
    chain: points(proof.chain),
    commits: points(proof.commits),
    chainCommits: points(proof.chainCommits),
    responses: scalars(proof.responses),
    chainResponses: scalars(proof.chainResponses),
    permutedResponses: scalars(proof.permutedResponses),
  };
}

/** Points are checked by the proof itself; null for a scalar that is not canonical. */
function decodeShuffleProof(body: ShuffleProofBody): ShuffleProof | null {
  const points = (list: readonly string[]) =>
    list.map((t) => fromBase64url(t, 32) ?? new Uint8Array(0));
  const scalars = (list: readonly string[]) => list.map(decodeScalarText);
  const all = [body.responses, body.chainResponses, body.permutedResponses].map(scalars);
  if (all.some((list) => list.some((s) => s === null))) return null;
  const [responses, chainResponses, permutedResponses] = all as Scalar[][];
  return {
    commitments: points(body.commitments),
    chain: points(body.chain),
    commits: points(body.commits),
    chainCommits: points(body.chainCommits),
    responses: responses ?? [],
    chainResponses: chainResponses ?? [],
    permutedResponses: permutedResponses ?? [],
  };
}

/** This peer's shuffle hop: the next one due on `deck`, which is its seat's. */
export function buildShuffleHop(
  ctx: DealContext,
  deck: DeckState,
  seed: Uint8Array,
): ShuffleHopBody {
  return drive(shuffleHopSteps(ctx, deck, seed));
}

/** buildShuffleHop in steps of point work (work.ts): the output deck, then the proof. */
export function* shuffleHopSteps(
  ctx: DealContext,
  deck: DeckState,
  seed: Uint8Array,
): Steps<ShuffleHopBody> {
  const seat = nextHopSeat(ctx, deck) ?? deck.shuffles.length;
  const input = currentDeck(deck).bytes;
  const s = shuffleScalar(ctx, seed, deck.id);
  const perm = shufflePermutation(ctx, seed, deck.id, input.length);
  const output = yield perm.map((j) => ({ base: 0n, points: [input[j]!], scalars: [s] }));
  const statement = {
    context: shuffleContext(ctx, deck.id, seat),
    input,
    output,
    shuffleKey: baseMulEncoded(s),
  };
  const proof = encodeShuffleProof(
    yield* proveShuffleSteps(statement, { permutation: perm, scalar: s }, seed),
  );
  markProven(shuffleProvenKey(statement, proof));
  return {
    deck: deck.id,
    points: output.map(toBase64url),
    shuffleKey: toBase64url(statement.shuffleKey),
    proof,
  };
}

/**
 * A hop taken on its form alone (turn, points, keys): the deck it makes, and the
 * proof check it still owes (null when this peer knows the proof sound). Whoever
 * builds on that deck before the check has passed must not release what it built
 * (pipeline.ts).
 */
export interface ReceivedHop {
  readonly deck: DeckState;
  readonly check: HopCheck | null;
}

export interface HopCheck {
  /** The proven-cache key to mark once the check has passed. */
  readonly key: string;
  readonly refusal: 'BAD_SHUFFLE_PROOF' | 'BAD_LOCK_PROOF';
  /** The check on this thread. */
  verify(): boolean;
  /** The same check in steps of point work (work.ts), to split across workers. */
  steps(): Steps<boolean>;
}

/** Runs a received hop's check here: the hop's deck, or its refusal. */
function settle(received: Result<ReceivedHop>): Result<DeckState> {
  if (!received.ok) return received;
  const { check } = received.value;
  if (check) {
    if (!check.verify()) return fail(check.refusal);
    markProven(check.key);
  }
  return ok(received.value.deck);
}

export function applyShuffleHop(
  ctx: DealContext,
  deck: DeckState,
  seat: number,
  seq: number,
  body: ShuffleHopBody,
): Result<DeckState> {
  return settle(receiveShuffleHop(ctx, deck, seat, seq, body));
}

export function receiveShuffleHop(
  ctx: DealContext,
  deck: DeckState,
  seat: number,
  seq: number,
  body: ShuffleHopBody,
): Result<ReceivedHop> {
  const turn = checkTurn(ctx, deck, seat, 'shuffling');
  if (!turn.ok) return turn;
  const decoded = decodeDeck(body.points, deckSize(deck));
  if (!decoded.ok) return decoded;
  const keyBytes = fromBase64url(body.shuffleKey, 32);
  const shuffleKey = keyBytes && decodePoint(keyBytes);
  if (!keyBytes || !shuffleKey) return fail('BAD_POINT', 'shuffle key');
  if (isIdentity(shuffleKey)) return fail('IDENTITY_POINT', 'shuffle key');
  const proof = decodeShuffleProof(body.proof);
  const statement = {
    context: shuffleContext(ctx, deck.id, seat),
    input: currentDeck(deck).bytes,
    output: decoded.value.bytes,
    shuffleKey: keyBytes,
  };
  const key = shuffleProvenKey(statement, body.proof);
  const record = { seat, seq, deck: decoded.value, shuffleKey };
  const next = { ...deck, shuffles: [...deck.shuffles, record] };
  if (isProven(key)) return ok({ deck: next, check: null });
  return ok({
    deck: next,
    check: {
      key,
      refusal: 'BAD_SHUFFLE_PROOF',
      verify: () => proof !== null && verifyShuffle(statement, proof),
      steps: () => verifyShuffleSteps(statement, proof),
    },
  });
}

export function lockTranscript(
  ctx: DealContext,
  deckId: number,
  seat: number,
  before: readonly Uint8Array[],
  after: readonly Uint8Array[],
  shuffleKey: Uint8Array,
  lockKeys: readonly Uint8Array[],
): Uint8Array {
  return taggedHash('trainyard/lock-statement/v1', [
    ctx.game,
    ctx.round,
    ctx.seats,
    deckId,
    seat,
    concatBytes(before),
    concatBytes(after),
    shuffleKey,
    concatBytes(lockKeys),
  ]);
}

export function buildLockHop(
  ctx: DealContext,
  deck: DeckState,
  seat: number,
  seed: Uint8Array,
): LockHopBody {
  return drive(lockHopSteps(ctx, deck, seat, seed));
}

/** buildLockHop in steps of point work (work.ts): the new deck and lock keys, then the proof. */
export function* lockHopSteps(
  ctx: DealContext,
  deck: DeckState,
  seat: number,
  seed: Uint8Array,
): Steps<LockHopBody> {
  const before = currentDeck(deck);
  const n = before.points.length;
  const s = shuffleScalar(ctx, seed, deck.id);
  const k = lockScalars(ctx, seed, deck.id, n);
  const sInv = scalar.inv(s);
  const points = yield [
    ...before.bytes.map((p, i) => ({ base: 0n, points: [p], scalars: [scalar.mul(k[i]!, sInv)] })),
    ...k.map((ki) => ({ base: ki, points: [], scalars: [] })),
  ];
  const afterBytes = points.slice(0, n);
  const lockKeyBytes = points.slice(n);
  const shuffleKeyBytes = baseMulEncoded(s);
  const transcript = lockTranscript(
    ctx,
    deck.id,
    seat,
    before.bytes,
    afterBytes,
    shuffleKeyBytes,
    lockKeyBytes,
  );
  const proof = yield* proveLockSteps(
    { transcript, before: before.bytes },
    { shuffleScalar: s, lockScalars: k },
    nonceDrbg(seed, transcript),
  );
  const encoded = {
    commitS: toBase64url(proof.commitS),
    commitK: toBase64url(proof.commitK),
    commitFold: toBase64url(proof.commitFold),
    responseS: toBase64url(scalar.encode(proof.responseS)),
    responses: proof.responses.map((z) => toBase64url(scalar.encode(z))),
  };
  markProven(lockProvenKey(transcript, encoded));
  return {
    deck: deck.id,
    points: afterBytes.map(toBase64url),
    shuffleKey: toBase64url(shuffleKeyBytes),
    lockKeys: lockKeyBytes.map(toBase64url),
    proof: encoded,
  };
}

/** A point's canonical encoding, if it is one. */
function pointBytes(text: string): Uint8Array | null {
  const bytes = fromBase64url(text, 32);
  return bytes && decodePoint(bytes) ? bytes : null;
}

function decodeProof(body: LockHopBody['proof'], n: number): Result<LockProof> {
  if (body.responses.length !== n) return fail('WRONG_SIZE', `expected ${n} responses`);
  const commitS = pointBytes(body.commitS);
  const commitK = pointBytes(body.commitK);
  const commitFold = pointBytes(body.commitFold);
  if (!commitS || !commitK || !commitFold) return fail('BAD_POINT', 'proof commitment');
  const responseS = decodeScalarText(body.responseS);
  const responses = body.responses.map(decodeScalarText);
  if (responseS === null || responses.some((z) => z === null)) return fail('BAD_SCALAR');
  return ok({ commitS, commitK, commitFold, responseS, responses: responses as Scalar[] });
}

export function applyLockHop(
  ctx: DealContext,
  deck: DeckState,
  seat: number,
  seq: number,
  body: LockHopBody,
): Result<DeckState> {
  return settle(receiveLockHop(ctx, deck, seat, seq, body));
}

export function receiveLockHop(
  ctx: DealContext,
  deck: DeckState,
  seat: number,
  seq: number,
  body: LockHopBody,
): Result<ReceivedHop> {
  const turn = checkTurn(ctx, deck, seat, 'locking');
  if (!turn.ok) return turn;
  const n = deckSize(deck);
  const after = decodeDeck(body.points, n);
  if (!after.ok) return after;
  if (body.lockKeys.length !== n) return fail('WRONG_SIZE', `expected ${n} lock keys`);
  const keyBytes: Uint8Array[] = [];
  for (const text of [body.shuffleKey, ...body.lockKeys]) {
    const raw = pointEncoding(text, 'lock key');
    if (!raw.ok) return raw;
    keyBytes.push(raw.value);
  }
  const [shuffleKeyBytes, ...lockKeyBytes] = keyBytes as [Uint8Array, ...Uint8Array[]];
  const shuffleKey = deck.shuffles[seat]?.shuffleKey;
  if (!shuffleKey || !bytesEqual(encodePoint(shuffleKey), shuffleKeyBytes)) {
    return fail('BAD_LOCK_PROOF', 'not the shuffle key of this seat’s shuffle');
  }
  const proof = decodeProof(body.proof, n);
  if (!proof.ok) return proof;
  const before = currentDeck(deck);
  const transcript = lockTranscript(
    ctx,
    deck.id,
    seat,
    before.bytes,
    after.value.bytes,
    shuffleKeyBytes,
    lockKeyBytes,
  );
  const statement = {
    transcript,
    before: before.bytes,
    after: after.value.bytes,
    shuffleKey: shuffleKeyBytes,
    lockKeys: lockKeyBytes,
  };
  const key = lockProvenKey(transcript, body.proof);
  const points = lazyPoints(lockKeyBytes);
  const record = {
    seat,
    seq,
    deck: after.value,
    shuffleKey,
    lockKeyBytes,
    get lockKeys() {
      return points();
    },
  };
  const next = { ...deck, locks: [...deck.locks, record] };
  if (isProven(key)) return ok({ deck: next, check: null });
  return ok({
    deck: next,
    check: {
      key,
      refusal: 'BAD_LOCK_PROOF',
      verify: () => verifyLock(statement, proof.value),
      steps: () => verifyLockSteps(statement, proof.value),
    },
  });
}
