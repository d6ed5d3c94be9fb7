// Log entry kinds and the shape of each deal-protocol body. Shapes only: whether a
// hop fits the deck or a key fits its commitment is the deal state's business.
// A 'move' body belongs to the game; the reducer passes its validator in.
import { base64urlLength, fromBase64url } from '../crypto/bytes';
import { isJsonRecord, type JsonValue } from './canonical-json';
import { MAX_DECK_SIZE } from '../deck/deck';

export const DEAL_ENTRY_KINDS = [
  'seed-commit',
  'shuffle-hop',
  'lock-hop',
  'key-share',
  'reveal',
  'random-commit',
  'random-reveal',
  'choice-commit',
  'choice-reveal',
  'seed-reveal',
] as const;
export type DealEntryKind = (typeof DEAL_ENTRY_KINDS)[number];

export const ENTRY_KINDS = [...DEAL_ENTRY_KINDS, 'move'] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

export const MAX_DECKS = 64;
export const LABEL_PATTERN = /^[a-z0-9][a-z0-9:._-]{0,63}$/;

/** Base64url of a 64-byte hash. */
export type HashText = string;
/** Base64url of a 32-byte point, scalar or seed. */
export type Text32 = string;

export type SeedCommitBody = { readonly commitment: HashText };
/** deck/shuffle-proof.ts: points (c, ĉ, t, t̂) and scalars (s, ŝ, s'), each as base64url. */
export type ShuffleProofBody = {
  readonly commitments: readonly Text32[];
  readonly chain: readonly Text32[];
  readonly commits: readonly Text32[];
  readonly chainCommits: readonly Text32[];
  readonly responses: readonly Text32[];
  readonly chainResponses: readonly Text32[];
  readonly permutedResponses: readonly Text32[];
};
export type ShuffleHopBody = {
  readonly deck: number;
  readonly points: readonly Text32[];
  /** S = s·G for the hop's scalar s; the seat's lock hop must remove that s. */
  readonly shuffleKey: Text32;
  readonly proof: ShuffleProofBody;
};
export type LockProofBody = {
  readonly commitS: Text32;
  readonly commitK: Text32;
  readonly commitFold: Text32;
  readonly responseS: Text32;
  readonly responses: readonly Text32[];
};
export type LockHopBody = {
  readonly deck: number;
  readonly points: readonly Text32[];
  readonly shuffleKey: Text32;
  readonly lockKeys: readonly Text32[];
  readonly proof: LockProofBody;
};
export type PositionKey = { readonly pos: number; readonly key: Text32 };
/** Keys for deck positions: a private deal or draw ('key-share') or an opening ('reveal'). */
export type KeysBody = { readonly deck: number; readonly keys: readonly PositionKey[] };
export type CommitBody = { readonly label: string; readonly commitment: HashText };
export type RandomRevealBody = { readonly label: string; readonly value: Text32 };
export type ChoiceRevealBody = {
  readonly label: string;
  readonly choice: number;
  readonly salt: Text32;
};
export type SeedRevealBody = { readonly seed: Text32 };

export type DealBodies = {
  readonly 'seed-commit': SeedCommitBody;
  readonly 'shuffle-hop': ShuffleHopBody;
  readonly 'lock-hop': LockHopBody;
  readonly 'key-share': KeysBody;
  readonly reveal: KeysBody;
  readonly 'random-commit': CommitBody;
  readonly 'random-reveal': RandomRevealBody;
  readonly 'choice-commit': CommitBody;
  readonly 'choice-reveal': ChoiceRevealBody;
  readonly 'seed-reveal': SeedRevealBody;
};

/** A verified deal-protocol entry, as the deal state consumes it. */
export type DealEntry = {
  [K in DealEntryKind]: {
    readonly seq: number;
    readonly seat: number;
    readonly kind: K;
    readonly body: DealBodies[K];
  };
}[DealEntryKind];

type Shape = (v: JsonValue | undefined) => boolean;

const bytesText =
  (length: number): Shape =>
  (v) =>
    typeof v === 'string' &&
    v.length === base64urlLength(length) &&
    fromBase64url(v, length) !== null;
const hashText = bytesText(64);
const text32 = bytesText(32);
const index =
  (bound: number): Shape =>
  (v) =>
    typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v < bound;
const label: Shape = (v) => typeof v === 'string' && LABEL_PATTERN.test(v);
const list =
  (item: Shape, max = MAX_DECK_SIZE): Shape =>
  (v) =>
    Array.isArray(v) && v.length >= 1 && v.length <= max && v.every((x: JsonValue) => item(x));
const record =
  (fields: Readonly<Record<string, Shape>>): Shape =>
  (v) => {
    if (!isJsonRecord(v)) return false;
    const keys = Object.keys(v);
    return (
      keys.length === Object.keys(fields).length &&
      keys.every((k) => Object.hasOwn(fields, k) && fields[k]?.(v[k]) === true)
    );
  };

const deck = index(MAX_DECKS);
const keysBody = record({ deck, keys: list(record({ pos: index(MAX_DECK_SIZE), key: text32 })) });
const commitBody = record({ label, commitment: hashText });

const SHAPES: { readonly [K in DealEntryKind]: Shape } = {
  'seed-commit': record({ commitment: hashText }),
  'shuffle-hop': record({
    deck,
    points: list(text32),
    shuffleKey: text32,
    proof: record({
      commitments: list(text32),
      chain: list(text32),
      commits: list(text32, 5),
      chainCommits: list(text32),
      responses: list(text32, 4),
      chainResponses: list(text32),
      permutedResponses: list(text32),
    }),
  }),
  'lock-hop': record({
    deck,
    points: list(text32),
    shuffleKey: text32,
    lockKeys: list(text32),
    proof: record({
      commitS: text32,
      commitK: text32,
      commitFold: text32,
      responseS: text32,
      responses: list(text32),
    }),
  }),
  'key-share': keysBody,
  reveal: keysBody,
  'random-commit': commitBody,
  'random-reveal': record({ label, value: text32 }),
  'choice-commit': commitBody,
  'choice-reveal': record({ label, choice: index(2 ** 31), salt: text32 }),
  'seed-reveal': record({ seed: text32 }),
};

export function isDealKind(kind: string): kind is DealEntryKind {
  return (DEAL_ENTRY_KINDS as readonly string[]).includes(kind);
}

export function isEntryKind(kind: string): kind is EntryKind {
  return (ENTRY_KINDS as readonly string[]).includes(kind);
}

export function isDealBody<K extends DealEntryKind>(
  kind: K,
  body: JsonValue,
): body is DealBodies[K] {
  return SHAPES[kind](body);
}
