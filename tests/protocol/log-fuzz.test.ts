// Fuzzing log entries against the table reducer (entry verification, the deal
// state, the rules): every random or mutated entry is refused with a known code
// and changes nothing. Cheap mutations are refused before the signature check;
// those that must reach it (a tweetnacl verification costs ~10 ms) are a smaller,
// counted set, and so are the re-signed move entries that reach the engine.
import { describe, expect, it } from 'vitest';
import { MOVE_TYPES, type Move } from '$lib/engine';
import { canonicalJson, isJsonRecord, type JsonValue } from '$lib/protocol/log/canonical-json';
import type { EntryKind } from '$lib/protocol/log/entry-kinds';
import { PROTOCOL_ERROR_CODES, type ProtocolErrorCode, type Result } from '$lib/protocol/errors';
import { createEntry, type LogEntry } from '$lib/protocol/log/entry';
import { applyEntry } from '$lib/protocol/table/reducer';
import type { TableState } from '$lib/protocol/table/state';
import { stateSnapshot } from './helpers';
import { runTable, simPeers, type SimOptions } from './table-sim';

function xorshift(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 2 ** 32;
  };
}

const random = xorshift(20261122);
const below = (n: number): number => Math.floor(random() * n);
const pick = <T>(items: readonly T[]): T => items[below(items.length)]!;

// Engine 191 (2 seats): seeds, hops, key shares, E-2 commit–reveal, moves with
// keys, face-up draws opened by both seats, E-10 reshuffle decks, seed reveals.
const game: SimOptions = { variant: 'engine-191', players: 2, options: { tokensToWin: 1 } };
const peers = simPeers(game);
/** tables[k][s]: seat s's table before entry k. */
const tables: TableState[][] = [peers.map((p) => p.table)];
const { log } = runTable({ ...game, onEntry: (ps) => tables.push(ps.map((p) => p.table)) }, peers);
const foreign = runTable({ ...game, game: 'other-game', maxEntries: 6 }).log;
const signers = peers.map((p) => p.signing);

/** The whole state of each table before each entry, taken once and checked after every refusal. */
const snapshots = new Map<TableState, string>();
const snapshotOf = (t: TableState): string => {
  const known = snapshots.get(t);
  if (known !== undefined) return known;
  const taken = stateSnapshot(t);
  snapshots.set(t, taken);
  return taken;
};
tables.flat().forEach(snapshotOf);
const entryAt = (k: number): LogEntry => JSON.parse(log[k]!) as LogEntry;

/** Characters outside base64url, so a change inside a binary field breaks its shape. */
const STRUCTURAL = '{}[]":,\\ \n.+=/\u00e9\u{1f4a5}';
const KINDS = ['seed-commit', 'lock-hop', 'reveal', 'move', 'choice-commit', 'chat', '', 'MOVE'];

function mutateChar(text: string, op: 'insert' | 'delete' | 'replace'): string {
  const at = below(text.length + (op === 'insert' ? 1 : 0));
  if (op === 'delete') return text.slice(0, at) + text.slice(at + 1);
  let ch = pick([...STRUCTURAL]);
  if (op === 'replace' && ch === text[at]) ch = ch === '{' ? '}' : '{';
  return text.slice(0, at) + ch + text.slice(at + (op === 'replace' ? 1 : 0));
}

function bodyOfAnotherKind(kind: string): JsonValue {
  const entry = JSON.parse(pick(log)) as LogEntry;
  return entry.kind === kind ? null : entry.body;
}

/** A move body broken in its shape, or naming another seat than its author. */
function brokenMoveBody(entry: LogEntry): JsonValue {
  const body = isJsonRecord(entry.body) ? entry.body : { move: null, keys: [] };
  const move = isJsonRecord(body.move) ? body.move : {};
  return pick<JsonValue>([
    { move: body.move ?? null },
    { ...body, keys: 'none' },
    { ...body, keys: [{ pos: -1, key: 'AAAA' }] },
    { ...body, move: { ...move, seat: 1 - (entry.seat % 2) } },
    { ...body, move: { ...move, extra: true } },
    { ...body, move: { ...move, type: 'jump' } },
    { ...body, move: { ...move, tile: 'six' } },
    { ...body, extra: 1 },
  ]);
}

function mutateField(text: string, k: number): string {
  const entry = JSON.parse(text) as Record<string, JsonValue>;
  const field = pick(['game', 'seq', 'prev', 'seat', 'kind', 'sig', 'body', 'extra', 'drop']);
  const choices: Record<string, () => JsonValue> = {
    game: () => pick(['', 'other-game', 7, null]),
    seq: () => pick([k + 1, k - 1, -1, 1.5, String(k), 2 ** 53]),
    prev: () => (JSON.parse(log[(k + 1 + below(log.length - 1)) % log.length]!) as LogEntry).sig,
    seat: () => pick([2, 5, -1, '0', 0.5]),
    kind: () => pick(KINDS.filter((x) => x !== entry.kind)),
    sig: () => pick(['', 'AAAA', (entry.prev as string).slice(0, 43)]),
    body: () =>
      entry.kind === 'move'
        ? brokenMoveBody(entry as unknown as LogEntry)
        : pick([null, [], 'body', { deck: 0 }, bodyOfAnotherKind(entry.kind as string)]),
    extra: () => 1,
    drop: () => null,
  };
  if (field === 'drop') delete entry[pick(Object.keys(entry))];
  else entry[field] = choices[field]!();
  return canonicalJson(entry);
}

function candidate(k: number): string {
  const text = log[k]!;
  switch (below(8)) {
    case 0:
      return Array.from({ length: below(120) }, () => pick([...STRUCTURAL, 'a', 'Z'])).join('');
    case 1:
      return text.slice(0, below(text.length));
    case 2:
      return mutateChar(text, 'insert');
    case 3:
      return mutateChar(text, 'delete');
    case 4:
      return mutateChar(text, 'replace');
    case 5:
      return pick(log.filter((_, j) => j !== k));
    case 6:
      return pick(foreign);
    default:
      return mutateField(text, k);
  }
}

/** The table is, in every field, what it was before the entry was tried. */
function unchanged(table: TableState): void {
  if (stateSnapshot(table) !== snapshotOf(table)) throw new Error('a refused entry changed state');
}

/**
 * Applies a candidate to a seat's table before entry k; returns the refusal code.
 * The whole state is compared after every `every`-th refusal (a snapshot costs
 * about a millisecond; the 100,000 cheap refusals sample it).
 */
function refusal(k: number, encoded: string, seat = 0, every = 1): ProtocolErrorCode {
  const table = tables[k]![seat]!;
  const result = applyEntry(table, encoded);
  if (result.ok) throw new Error(`accepted before entry ${k}: ${encoded}`);
  expect(PROTOCOL_ERROR_CODES).toContain(result.error.code);
  if (below(every) === 0) unchanged(table);
  return result.error.code;
}

function resign(k: number, body: JsonValue, kind = entryAt(k).kind as EntryKind): string {
  const { seat } = entryAt(k);
  return createEntry(tables[k]![0]!.head, seat, kind, body, signers[seat]!.secretKey).encoded;
}

/** Changes one character of the first base64url string inside a body. */
function nudgeFirstText(value: JsonValue): JsonValue {
  let done = false;
  const walk = (v: JsonValue): JsonValue => {
    if (done) return v;
    if (typeof v === 'string' && /^[\w-]{43}$/.test(v)) {
      done = true;
      return (v[0] === 'A' ? 'B' : 'A') + v.slice(1);
    }
    if (Array.isArray(v)) return v.map(walk);
    if (isJsonRecord(v))
      return Object.fromEntries(Object.entries(v).map(([key, x]) => [key, walk(x)]));
    return v;
  };
  return walk(value);
}

/** A random move for the author of entry k, with a random choice of keys. */
function randomMove(k: number): JsonValue {
  const { seat, body } = entryAt(k) as LogEntry & {
    body: { keys: { pos: number; key: string }[] };
  };
  const type = pick([...MOVE_TYPES, 'play', 'play']);
  const tile = pick([below(28), below(28), -1, 99]);
  const target = pick(['p0', 'p1', 'p2', 'mexican', 'west']);
  const moves: Record<string, JsonValue> = {
    play:
      below(4) === 0
        ? { seat, type, tile, target, from: 'yard', replace: below(28) }
        : { seat, type, tile, target },
    draw: { seat, type },
    pass: { seat, type },
    removeTrack: { seat, type },
    choose: { seat, type, tile },
    declare: { seat, type, tile: pick([tile, null]) },
  };
  const other = pick(log.map((e) => JSON.parse(e) as LogEntry).filter((e) => e.kind === 'move'));
  const otherKeys = (other.body as { keys: { pos: number; key: string }[] }).keys;
  const keys = pick<JsonValue[]>([
    [],
    body.keys,
    otherKeys,
    [...body.keys, ...otherKeys],
    body.keys.map((x) => ({ ...x, pos: x.pos + 1 })),
    [{ pos: below(60), key: pick([...body.keys, ...otherKeys, { key: 'A'.repeat(43) }]).key }],
  ]);
  return { move: moves[type] ?? null, keys };
}

describe('log fuzz against the table reducer', () => {
  it('refuses 100,000 random and mutated entries with a code, changing nothing', () => {
    const counts = new Map<ProtocolErrorCode, number>();
    for (let i = 0; i < 100_000; i++) {
      const k = below(log.length);
      const code = refusal(k, candidate(k), 0, 50);
      counts.set(code, (counts.get(code) ?? 0) + 1);
    }
    tables.flat().forEach(unchanged);
    for (const code of [
      'MALFORMED_ENTRY',
      'NON_CANONICAL',
      'WRONG_GAME',
      'BAD_SEQ',
      'BAD_CHAIN',
      'UNKNOWN_SEAT',
      'UNKNOWN_KIND',
      'MALFORMED_BODY',
      'WRONG_AUTHOR',
      'BAD_SIGNATURE',
    ] as const) {
      expect(counts.get(code) ?? 0).toBeGreaterThan(0);
    }
    // the few that reach the signature check: mutated labels, swapped same-shape bodies
    expect(counts.get('BAD_SIGNATURE')).toBeLessThan(1000);
  });

  it('refuses altered signatures', () => {
    for (let i = 0; i < 60; i++) {
      const k = below(log.length);
      const entry = entryAt(k);
      const at = below(85);
      const sig =
        entry.sig.slice(0, at) + (entry.sig[at] === 'A' ? 'B' : 'A') + entry.sig.slice(at + 1);
      expect(refusal(k, canonicalJson({ ...entry, sig } as unknown as JsonValue))).toBe(
        'BAD_SIGNATURE',
      );
    }
  });

  it('refuses validly signed protocol entries whose content is wrong', () => {
    const strict = new Set(['lock-hop', 'key-share', 'reveal', 'choice-reveal', 'seed-reveal']);
    const ks = log.map((_, k) => k).filter((k) => strict.has(entryAt(k).kind));
    const codes = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const k = pick(ks);
      codes.add(refusal(k, resign(k, nudgeFirstText(entryAt(k).body))));
    }
    expect(codes.size).toBeGreaterThan(2);
  });

  it('judges re-signed random moves alike on every seat: refused by both, or legal', () => {
    const ks = log.map((_, k) => k).filter((k) => entryAt(k).kind === 'move');
    const codes = new Map<string, number>();
    let accepted = 0;
    for (let i = 0; i < 100; i++) {
      const k = pick(ks);
      const encoded = resign(k, randomMove(k));
      const results = tables[k]!.map((t) => applyEntry(t, encoded));
      results.forEach((r, seat) => r.ok || unchanged(tables[k]![seat]!));
      const [first, second] = results as [Result<TableState>, Result<TableState>];
      if (first.ok || second.ok) {
        // a mutation that happens to be a legal move is taken by both seats alike; so is
        // a face-up draw, judged once every seat has opened the card (it waits in `pending`)
        expect(first.ok && second.ok && first.value.hash === second.value.hash).toBe(true);
        const { move } = (JSON.parse(encoded) as { body: { move: Move } }).body;
        const author = tables[k]![move.seat]!;
        if (first.ok && first.value.pending === null) {
          expect(author.variant.legalMoves(author.view)).toContainEqual(move);
        }
        accepted++;
        continue;
      }
      // refused by both; the author's own view knows its hand and may name another code
      const { seat } = entryAt(k);
      for (const r of results) if (!r.ok) expect(PROTOCOL_ERROR_CODES).toContain(r.error.code);
      const other = results[1 - seat]!;
      const code = other.ok ? 'ACCEPTED' : other.error.code;
      codes.set(code, (codes.get(code) ?? 0) + 1);
    }
    tables.flat().forEach(unchanged);
    expect(accepted).toBeLessThan(50);
    // engine refusals and deck refusals both show up
    expect([...codes.keys()]).toEqual(
      expect.arrayContaining(['ILLEGAL_MOVE', 'DISCLOSURE_MISMATCH']),
    );
  });
});
