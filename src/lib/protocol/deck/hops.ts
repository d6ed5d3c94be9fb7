// Shuffle and lock hops: building one from this peer's seed, and checking and
// recording anyone's. A shuffle hop masks every point with the peer's shuffle
// scalar and permutes; nothing about it can be checked until the audit except that
// it is a deck of distinct valid points. A lock hop swaps that scalar for one per
// position and proves it (lock-proof.ts), so a dishonest lock is refused at once.
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
import { lockScalars, nonceDrbg, shufflePermutation, shuffleScalar } from '../deal/peer-secret';

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

export function buildShuffleHop(
  ctx: DealContext,
  deck: DeckState,
  seed: Uint8Array,
): ShuffleHopBody {
  const input = currentDeck(deck).bytes;
  const s = shuffleScalar(ctx, seed, deck.id);
  const perm = shufflePermutation(ctx, seed, deck.id, input.length);
  const output = perm.map((j) => toBase64url(mulEncoded(input[j] as Uint8Array, s)));
  return { deck: deck.id, points: output };
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
  return ok({ ...deck, shuffles: [...deck.shuffles, { seat, seq, deck: decoded.value }] });
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
  return {
    deck: deck.id,
    points: afterBytes.map(toBase64url),
    shuffleKey: toBase64url(shuffleKeyBytes),
    lockKeys: lockKeyBytes.map(toBase64url),
    proof: {
      commitS: text(proof.commitS),
      commitK: text(proof.commitK),
      commitFold: text(proof.commitFold),
      responseS: toBase64url(scalar.encode(proof.responseS)),
      responses: proof.responses.map((z) => toBase64url(scalar.encode(z))),
    },
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
  if (!verifyLock(statement, proof.value)) return fail('BAD_LOCK_PROOF');
  const record = { seat, seq, deck: after.value, shuffleKey, lockKeys };
  return ok({ ...deck, locks: [...deck.locks, record] });
}
