// Shuffle and lock hops: building one from this peer's seed, and checking and
// recording anyone's. A shuffle hop masks every point with the peer's shuffle
// scalar s, permutes, publishes S = s·G and proves the output is the input permuted
// and multiplied by that s (shuffle-proof.ts). A lock hop swaps s for one scalar per
// position and proves it (lock-proof.ts) against the S of the seat's own shuffle.
// So a dishonest shuffle or lock is refused at once; whether s and the permutation
// were drawn from the seed is left to the audit. A proof this process built or
// already checked is not checked again (proven.ts).
import { concatBytes, fromBase64url, toBase64url } from '../crypto/bytes';
import type { DealContext } from '../deal/context';
import {
  currentDeck,
  deckSize,
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
  mulEncoded,
  scalar,
  type Point,
  type Scalar,
} from '../crypto/group';
import { taggedHash } from '../crypto/hashing';
import { proveLock, verifyLock, type LockProof } from './lock-proof';
import {
  proveShuffle,
  verifyShuffle,
  type ShuffleProof,
  type ShuffleStatement,
} from './shuffle-proof';
import type { ShuffleProofBody } from '../log/entry-kinds';
import { lockScalars, nonceDrbg, shufflePermutation, shuffleScalar } from '../deal/peer-secret';
import { isProven, markProven, provenKey } from './proven';

const shuffleProvenKey = (st: ShuffleStatement, proof: ShuffleProofBody): string =>
  provenKey(
    'shuffle',
    [st.context, concatBytes(st.input), concatBytes(st.output), st.shuffleKey],
    proof,
  );

/** The lock transcript binds every part of the statement but the proof. */
const lockProvenKey = (transcript: Uint8Array, proof: LockHopBody['proof']): string =>
  provenKey('lock', [transcript], proof);

function decodePointText(text: string): Point | null {
  const bytes = fromBase64url(text, 32);
  return bytes && decodePoint(bytes);
}

function decodeScalarText(text: string): Scalar | null {
  const bytes = fromBase64url(text, 32);
  return bytes && scalar.decode(bytes, true);
}

/** A deck of n distinct, valid, non-identity points. */
function decodeDeck(encoded: readonly string[], n: number): Result<MaskedDeck> {
  if (encoded.length !== n) return fail('WRONG_SIZE', `expected ${n} points`);
  if (new Set(encoded).size !== n) return fail('DUPLICATE_POINT');
  const points: Point[] = [];
  const bytes: Uint8Array[] = [];
  for (const [i, text] of encoded.entries()) {
    const raw = fromBase64url(text, 32);
    const point = raw && decodePoint(raw);
    if (!raw || !point) return fail('BAD_POINT', `position ${i}`);
    if (isIdentity(point)) return fail('IDENTITY_POINT', `position ${i}`);
    points.push(point);
    bytes.push(raw);
  }
  return ok({ points, bytes, encoded });
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
  const seat = nextHopSeat(ctx, deck) ?? deck.shuffles.length;
  const input = currentDeck(deck).bytes;
  const s = shuffleScalar(ctx, seed, deck.id);
  const perm = shufflePermutation(ctx, seed, deck.id, input.length);
  const output = perm.map((j) => mulEncoded(input[j] as Uint8Array, s));
  const statement = {
    context: shuffleContext(ctx, deck.id, seat),
    input,
    output,
    shuffleKey: baseMulEncoded(s),
  };
  const proof = encodeShuffleProof(proveShuffle(statement, { permutation: perm, scalar: s }, seed));
  markProven(shuffleProvenKey(statement, proof));
  return {
    deck: deck.id,
    points: output.map(toBase64url),
    shuffleKey: toBase64url(statement.shuffleKey),
    proof,
  };
}

export function applyShuffleHop(
  ctx: DealContext,
  deck: DeckState,
  seat: number,
  seq: number,
  body: ShuffleHopBody,
): Result<DeckState> {
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
  if (!isProven(key)) {
    if (!proof || !verifyShuffle(statement, proof)) return fail('BAD_SHUFFLE_PROOF');
    markProven(key);
  }
  const record = { seat, seq, deck: decoded.value, shuffleKey };
  return ok({ ...deck, shuffles: [...deck.shuffles, record] });
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
  const before = currentDeck(deck);
  const n = before.points.length;
  const s = shuffleScalar(ctx, seed, deck.id);
  const k = lockScalars(ctx, seed, deck.id, n);
  const sInv = scalar.inv(s);
  const afterBytes = before.bytes.map((p, i) => mulEncoded(p, scalar.mul(k[i] ?? 0n, sInv)));
  const shuffleKeyBytes = baseMulEncoded(s);
  const lockKeyBytes = k.map(baseMulEncoded);
  const transcript = lockTranscript(
    ctx,
    deck.id,
    seat,
    before.bytes,
    afterBytes,
    shuffleKeyBytes,
    lockKeyBytes,
  );
  const proof = proveLock(
    { transcript, before: before.bytes },
    { shuffleScalar: s, lockScalars: k },
    nonceDrbg(seed, transcript),
  );
  const text = (p: Point): string => toBase64url(encodePoint(p));
  const encoded = {
    commitS: text(proof.commitS),
    commitK: text(proof.commitK),
    commitFold: text(proof.commitFold),
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

function decodeProof(body: LockHopBody['proof'], n: number): Result<LockProof> {
  if (body.responses.length !== n) return fail('WRONG_SIZE', `expected ${n} responses`);
  const commitS = decodePointText(body.commitS);
  const commitK = decodePointText(body.commitK);
  const commitFold = decodePointText(body.commitFold);
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
  const turn = checkTurn(ctx, deck, seat, 'locking');
  if (!turn.ok) return turn;
  const n = deckSize(deck);
  const after = decodeDeck(body.points, n);
  if (!after.ok) return after;
  if (body.lockKeys.length !== n) return fail('WRONG_SIZE', `expected ${n} lock keys`);
  const keyBytes = [body.shuffleKey, ...body.lockKeys].map((t) => fromBase64url(t, 32));
  const keys = keyBytes.map((b) => b && decodePoint(b));
  if (keys.some((k) => k === null)) return fail('BAD_POINT', 'lock key');
  const [shuffleKey, ...lockKeys] = keys as Point[];
  if (!shuffleKey || isIdentity(shuffleKey) || lockKeys.some(isIdentity)) {
    return fail('IDENTITY_POINT', 'lock key');
  }
  if (!deck.shuffles[seat]?.shuffleKey.equals(shuffleKey)) {
    return fail('BAD_LOCK_PROOF', 'not the shuffle key of this seat’s shuffle');
  }
  const proof = decodeProof(body.proof, n);
  if (!proof.ok) return proof;
  const [shuffleKeyBytes, ...lockKeyBytes] = keyBytes as Uint8Array[];
  const before = currentDeck(deck);
  const transcript = lockTranscript(
    ctx,
    deck.id,
    seat,
    before.bytes,
    after.value.bytes,
    shuffleKeyBytes as Uint8Array,
    lockKeyBytes,
  );
  const statement = {
    transcript,
    before: before.points,
    after: after.value.points,
    shuffleKey,
    lockKeys,
  };
  const key = lockProvenKey(transcript, body.proof);
  if (!isProven(key)) {
    if (!verifyLock(statement, proof.value)) return fail('BAD_LOCK_PROOF');
    markProven(key);
  }
  const record = { seat, seq, deck: after.value, shuffleKey, lockKeys };
  return ok({ ...deck, locks: [...deck.locks, record] });
}
