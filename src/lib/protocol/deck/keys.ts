// Per-position keys: dealing a position privately (every other seat publishes its
// key, only the owner can finish), opening one to all, and the owner's own key when
// it plays a tile. Each arriving key is checked against the lock key K = k·G its
// seat committed to in its lock hop.
import { bytesEqual, fromBase64url, toBase64url } from '../crypto/bytes';
import type { DealContext } from '../deal/context';
import { currentDeck, deckStage, type DeckState, type PublishedKey, type TileFace } from './deck';
import type { KeysBody, PositionKey } from '../log/entry-kinds';
import { fail, ok, type Result } from '../errors';
import {
  baseMulEncoded,
  mulEncoded,
  mulPublicEncoded,
  scalar,
  type Point,
  type Scalar,
} from '../crypto/group';
import { lockScalar } from '../deal/peer-secret';

/** 'key-share' deals a position to its owner; 'reveal' opens it to everyone. */
export type KeyPurpose = 'key-share' | 'reveal';

function keyExpected(deck: DeckState, pos: number, seat: number, purpose: KeyPurpose): boolean {
  const owner = deck.owners[pos];
  if (owner === null || owner === undefined) return false;
  if (purpose === 'key-share') return owner !== 'public' && owner !== seat;
  return owner === 'public' || owner === seat;
}

/** The tile behind a position, given every seat's key for it. */
export function unmask(
  deck: DeckState,
  pos: number,
  keys: readonly Scalar[],
  secret: boolean,
): TileFace {
  const masked = currentDeck(deck);
  const bytes = masked.bytes[pos];
  if (!bytes) return 'not-a-tile';
  const inverse = scalar.inv(keys.reduce((acc, k) => scalar.mul(acc, k), 1n));
  const tile = secret
    ? mulEncoded(bytes, inverse)
    : mulPublicEncoded(bytes, inverse, () => masked.points[pos] as Point);
  return deck.tileAt.get(toBase64url(tile)) ?? 'not-a-tile';
}

export function applyKeys(
  ctx: DealContext,
  deck: DeckState,
  seat: number,
  seq: number,
  purpose: KeyPurpose,
  body: KeysBody,
): Result<DeckState> {
  if (deckStage(ctx, deck) !== 'ready') return fail('WRONG_STAGE', 'deck is not locked yet');
  const lock = deck.locks[seat];
  if (!lock) return fail('UNKNOWN_SEAT');
  const keys = deck.keys.map((row) => [...row]);
  const faces = [...deck.faces];
  for (const { pos, key } of body.keys) {
    const row = keys[pos];
    if (!row) return fail('BAD_POSITION', `position ${pos}`);
    if (!keyExpected(deck, pos, seat, purpose)) return fail('KEY_NOT_EXPECTED', `position ${pos}`);
    if (row[seat]) return fail('DUPLICATE_KEY', `position ${pos}`);
    const bytes = fromBase64url(key, 32);
    const k = bytes && scalar.decode(bytes);
    if (!k) return fail('BAD_SCALAR', `position ${pos}`);
    const lockKey = lock.lockKeyBytes[pos];
    if (!lockKey || !bytesEqual(baseMulEncoded(k), lockKey)) {
      return fail('KEY_MISMATCH', `position ${pos}`);
    }
    row[seat] = { key: k, seq };
    if (row.every((r) => r !== null)) {
      faces[pos] = unmask(
        deck,
        pos,
        row.map((r) => (r as PublishedKey).key),
        false,
      );
    }
  }
  return ok({ ...deck, keys, faces });
}

function keysBody(
  ctx: DealContext,
  deck: DeckState,
  seed: Uint8Array,
  positions: readonly number[],
): KeysBody | null {
  if (positions.length === 0) return null;
  const keys: PositionKey[] = positions.map((pos) => ({
    pos,
    key: toBase64url(scalar.encode(lockScalar(ctx, seed, deck.id, pos))),
  }));
  return { deck: deck.id, keys };
}

function unpublished(deck: DeckState, seat: number, purpose: KeyPurpose): number[] {
  if (deck.locks.length <= seat) return [];
  const out: number[] = [];
  deck.keys.forEach((row, pos) => {
    if (!row[seat] && keyExpected(deck, pos, seat, purpose)) out.push(pos);
  });
  return out;
}

/** Keys this seat owes for positions dealt to other seats. */
export function keysToShare(
  ctx: DealContext,
  deck: DeckState,
  seat: number,
  seed: Uint8Array,
): KeysBody | null {
  return keysBody(ctx, deck, seed, unpublished(deck, seat, 'key-share'));
}

/**
 * Keys this seat owes for positions opened to all, or, given `own`, the keys of
 * its own positions it is playing.
 */
export function keysToReveal(
  ctx: DealContext,
  deck: DeckState,
  seat: number,
  seed: Uint8Array,
  own?: readonly number[],
): KeysBody | null {
  const due = unpublished(deck, seat, 'reveal');
  const positions = own
    ? own.filter((p) => due.includes(p))
    : due.filter((p) => deck.owners[p] === 'public');
  return keysBody(ctx, deck, seed, positions);
}

/** What this seat sees at a position: the public face, or its own tile once every other key is in. */
export function knownFace(
  ctx: DealContext,
  deck: DeckState,
  seat: number,
  seed: Uint8Array,
  pos: number,
): TileFace | null {
  const face = deck.faces[pos];
  if (face !== null && face !== undefined) return face;
  const row = deck.keys[pos] ?? [];
  const others = row.filter((r, s) => s !== seat && r !== null) as PublishedKey[];
  if (deck.owners[pos] !== seat || others.length !== ctx.seats - 1) return null;
  const own = lockScalar(ctx, seed, deck.id, pos);
  return unmask(deck, pos, [...others.map((r) => r.key), own], true);
}
