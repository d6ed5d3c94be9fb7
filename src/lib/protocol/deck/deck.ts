// One deck's public state: the tile points, every hop's output, who each position
// is dealt to, the keys published so far and the faces they opened. It knows no
// rules: which positions go to whom is decided by the caller (the reducer).
import { toBase64url } from '../crypto/bytes';
import type { DealContext } from '../deal/context';
import { fail, ok, type Result } from '../errors';
import {
  decodePoint,
  encodePoint,
  tilePointEncoded,
  type Point,
  type Scalar,
} from '../crypto/group';

/** A seat, or everyone. */
export type Owner = number | 'public';
/** What an opened position shows: a tile id, or a point that is no tile (a corrupted deck). */
export type TileFace = number | 'not-a-tile';

export interface DeckSpec {
  /** Names the tile set in the tile points' label, e.g. "double-12". */
  readonly set: string;
  /** Distinct tile ids, in the order of the unshuffled deck. */
  readonly tiles: readonly number[];
}

export interface MaskedDeck {
  /** Decoded from `bytes` on first use when the deck came from a hop (encodedDeck). */
  readonly points: readonly Point[];
  readonly bytes: readonly Uint8Array[];
  readonly encoded: readonly string[];
}

export interface ShuffleHopRecord {
  readonly seat: number;
  readonly seq: number;
  readonly deck: MaskedDeck;
  /** S = s·G: the shuffle hop proves its scalar is s, the lock hop that it removes s. */
  readonly shuffleKey: Point;
}

export interface LockHopRecord extends ShuffleHopRecord {
  readonly lockKeys: readonly Point[];
  /** The lock keys' encodings: a key share is checked against these. */
  readonly lockKeyBytes: readonly Uint8Array[];
}

export interface PublishedKey {
  readonly key: Scalar;
  readonly seq: number;
}

export interface DeckState {
  readonly id: number;
  readonly spec: DeckSpec;
  readonly initial: MaskedDeck;
  /** Encoded tile point → tile id. */
  readonly tileAt: ReadonlyMap<string, number>;
  readonly shuffles: readonly ShuffleHopRecord[];
  readonly locks: readonly LockHopRecord[];
  readonly owners: readonly (Owner | null)[];
  /** keys[position][seat]. */
  readonly keys: readonly (readonly (PublishedKey | null)[])[];
  /** Faces of positions whose every key is public. */
  readonly faces: readonly (TileFace | null)[];
}

export type DeckStage = 'shuffling' | 'locking' | 'ready';

/** The largest set is double-18 (190 tiles); a proven shuffle of 256 fits in one entry. */
export const MAX_DECK_SIZE = 256;

/**
 * Points from encodings already checked valid, decoded when first asked for: a
 * hop's check and a hand's keys need only the encodings, and so does the audit
 * on the accelerator; without it the audit and an opened tile need the points.
 */
export function lazyPoints(bytes: readonly Uint8Array[]): () => readonly Point[] {
  let points: readonly Point[] | null = null;
  return () => (points ??= bytes.map((b) => decodePoint(b) as Point));
}

/** A deck of valid point encodings. */
export function encodedDeck(bytes: readonly Uint8Array[], encoded: readonly string[]): MaskedDeck {
  const points = lazyPoints(bytes);
  return {
    bytes,
    encoded,
    get points() {
      return points();
    },
  };
}

export function maskedDeck(points: readonly Point[]): MaskedDeck {
  const bytes = points.map(encodePoint);
  return { points, bytes, encoded: bytes.map(toBase64url) };
}

export function openDeck(ctx: DealContext, id: number, spec: DeckSpec): Result<DeckState> {
  const n = spec.tiles.length;
  const valid = spec.tiles.every((t) => Number.isSafeInteger(t) && t >= 0);
  if (n < 1 || n > MAX_DECK_SIZE || !valid || new Set(spec.tiles).size !== n) {
    return fail('WRONG_SIZE', `a deck holds 1…${MAX_DECK_SIZE} distinct non-negative tile ids`);
  }
  const tiles = spec.tiles.map((t) => tilePointEncoded(ctx.game, spec.set, t));
  const initial = encodedDeck(tiles, tiles.map(toBase64url));
  return ok({
    id,
    spec,
    initial,
    tileAt: new Map(initial.encoded.map((e, i) => [e, spec.tiles[i] ?? -1])),
    shuffles: [],
    locks: [],
    owners: spec.tiles.map(() => null),
    keys: spec.tiles.map(() => Array.from({ length: ctx.seats }, () => null)),
    faces: spec.tiles.map(() => null),
  });
}

export function deckSize(deck: DeckState): number {
  return deck.spec.tiles.length;
}

export function deckStage(ctx: DealContext, deck: DeckState): DeckStage {
  if (deck.shuffles.length < ctx.seats) return 'shuffling';
  return deck.locks.length < ctx.seats ? 'locking' : 'ready';
}

/** Hops go in seat order, shuffles first: the seat whose hop comes next, if any. */
export function nextHopSeat(ctx: DealContext, deck: DeckState): number | null {
  const stage = deckStage(ctx, deck);
  if (stage === 'ready') return null;
  return stage === 'shuffling' ? deck.shuffles.length : deck.locks.length;
}

export function currentDeck(deck: DeckState): MaskedDeck {
  return deck.locks.at(-1)?.deck ?? deck.shuffles.at(-1)?.deck ?? deck.initial;
}

export function assignPositions(
  ctx: DealContext,
  deck: DeckState,
  positions: readonly number[],
  owner: Owner,
): Result<DeckState> {
  if (deckStage(ctx, deck) !== 'ready') return fail('WRONG_STAGE', 'deck is not locked yet');
  if (owner !== 'public' && !(Number.isInteger(owner) && owner >= 0 && owner < ctx.seats)) {
    return fail('UNKNOWN_SEAT', 'owner is no seat');
  }
  const owners = [...deck.owners];
  for (const p of positions) {
    if (!Number.isInteger(p) || p < 0 || p >= owners.length) return fail('BAD_POSITION');
    if (owners[p] !== null) return fail('ALREADY_ASSIGNED', `position ${p}`);
    owners[p] = owner;
  }
  return ok({ ...deck, owners });
}
