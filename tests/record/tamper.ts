// Ways to damage a record: a flipped bit, a dropped entry, a re-signed entry.
import { createEntry, type EntryKind, type JsonValue, type LogEntry } from '$lib/protocol';
import type { GameRecord } from '$lib/record';

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The record with segment `k`'s log replaced. */
export function withLog(record: GameRecord, k: number, log: readonly string[]): GameRecord {
  return { ...record, segments: record.segments.with(k, { ...record.segments[k]!, log }) };
}

export function decode(encoded: string): LogEntry {
  return JSON.parse(encoded) as LogEntry;
}

/** Flips one bit of the character at `at` (a raw bit flip: the JSON may break). */
export function flipBit(encoded: string, at: number, bit = 0): string {
  const code = encoded.charCodeAt(at) ^ (1 << bit);
  return encoded.slice(0, at) + String.fromCharCode(code) + encoded.slice(at + 1);
}

/**
 * Flips one bit of the value in a base64url string inside the entry (the
 * signature, or the first such string in the body), keeping it well-formed.
 */
export function flipBase64Bit(encoded: string, where: 'sig' | 'body'): string {
  const start =
    where === 'sig'
      ? encoded.indexOf('"sig":"') + 7
      : (() => {
          const body = encoded.indexOf('"body":');
          const m = /"([A-Za-z0-9_-]{40,})"/.exec(encoded.slice(body));
          if (!m) throw new Error('no base64 text in this body');
          return body + m.index + 1;
        })();
  const at = start + 10;
  const i = B64.indexOf(encoded[at]!);
  if (i < 0) throw new Error(`not base64url at ${at}`);
  return encoded.slice(0, at) + B64[i ^ 1] + encoded.slice(at + 1);
}

/** An entry with a new body, re-signed by its own author at the same place in the chain. */
export function resigned(
  encoded: string,
  body: JsonValue,
  signing: Uint8Array,
  seatKeys: readonly Uint8Array[] = [],
): string {
  const e = decode(encoded);
  const head = { game: e.game, seq: e.seq, prev: e.prev, seatKeys };
  return createEntry(head, e.seat, e.kind as EntryKind, body, signing).encoded;
}

/** The first entry of a kind (matching `when`) in segment 0: its index and decoded form. */
export function findEntry(
  record: GameRecord,
  when: (e: LogEntry) => boolean,
): { readonly seq: number; readonly entry: LogEntry } {
  const log = record.segments[0]!.log;
  const seq = log.findIndex((s) => when(decode(s)));
  if (seq < 0) throw new Error('no such entry');
  return { seq, entry: decode(log[seq]!) };
}
