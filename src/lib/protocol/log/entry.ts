// The signed, hash-chained game log. An entry is {game, seq, prev, seat, kind, body,
// sig}; its encoding is canonical JSON (canonical-json.ts), binary values are
// unpadded base64url. The seat signs "trainyard/log-entry/v1\n" + the encoding of
// the entry without `sig`; the next entry's `prev` is SHA-512 of this entry's full
// encoding (sig included). The first entry's `prev` is a genesis hash: of the game
// id alone here, of the whole table configuration at a table (table/config.ts).
import { toBase64url, utf8 } from '../crypto/bytes';
import { canonicalJson, type JsonValue } from './canonical-json';
import type { EntryKind } from './entry-kinds';
import { sha512, taggedHash } from '../crypto/hashing';
import { sign } from '../crypto/signing';

export interface LogEntry {
  readonly game: string;
  readonly seq: number;
  readonly prev: string;
  readonly seat: number;
  readonly kind: string;
  readonly body: JsonValue;
  readonly sig: string;
}

export type UnsignedEntry = Omit<LogEntry, 'sig'>;

/** Everything needed to check the next entry. */
export interface LogHead {
  readonly game: string;
  /** Ed25519 public key of each seat. */
  readonly seatKeys: readonly Uint8Array[];
  readonly seq: number;
  readonly prev: string;
}

export { MAX_ENTRY_LENGTH, MAX_GAME_ID_LENGTH } from '../limits';

export function genesisHash(game: string): string {
  return toBase64url(taggedHash('trainyard/log-genesis/v1', [game]));
}

export function createLogHead(
  game: string,
  seatKeys: readonly Uint8Array[],
  genesis: string = genesisHash(game),
): LogHead {
  return { game, seatKeys, seq: 0, prev: genesis };
}

export function entryHash(encoded: string): string {
  return toBase64url(sha512(utf8(encoded)));
}

export function signedMessage(entry: UnsignedEntry): Uint8Array {
  const { game, seq, prev, seat, kind, body } = entry;
  return utf8(`trainyard/log-entry/v1\n${canonicalJson({ game, seq, prev, seat, kind, body })}`);
}

export function encodeEntry(entry: LogEntry): string {
  const { game, seq, prev, seat, kind, body, sig } = entry;
  return canonicalJson({ game, seq, prev, seat, kind, body, sig });
}

export function advanceHead(head: LogHead, encoded: string): LogHead {
  return { ...head, seq: head.seq + 1, prev: entryHash(encoded) };
}

/** The next entry after `head`, signed by `seat`. */
export function createEntry(
  head: LogHead,
  seat: number,
  kind: EntryKind,
  body: JsonValue,
  secretKey: Uint8Array,
): { readonly entry: LogEntry; readonly encoded: string } {
  const unsigned = { game: head.game, seq: head.seq, prev: head.prev, seat, kind, body };
  const entry = { ...unsigned, sig: toBase64url(sign(signedMessage(unsigned), secretKey)) };
  return { entry, encoded: encodeEntry(entry) };
}
