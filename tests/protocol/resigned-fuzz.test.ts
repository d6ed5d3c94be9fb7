// Re-signed fuzzing for every variant: entries whose envelope, shape and
// signature are valid but whose content is altered, so each one reaches the deck
// checks (proofs, keys, commitments) or the rules. Every peer must refuse it alike
// with a code and keep its whole state, or (a move the mutation made legal, or a
// claim only the audit can check) accept it alike.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Move, Options, VariantId } from '$lib/engine';
import { accelerate } from '$lib/protocol/crypto/accelerator';
import { isJsonRecord, type JsonValue } from '$lib/protocol/log/canonical-json';
import type { EntryKind } from '$lib/protocol/log/entry-kinds';
import { PROTOCOL_ERROR_CODES } from '$lib/protocol/errors';
import { createEntry, type LogEntry } from '$lib/protocol/log/entry';
import { moveDraft } from '$lib/protocol/table/peer';
import { applyEntry } from '$lib/protocol/table/reducer';
import type { TableState } from '$lib/protocol/table/state';
import { stateSnapshot } from './helpers';
import { runTable, simPeers } from './table-sim';

beforeAll(() => accelerate());

const GAMES: readonly [VariantId, number, Options][] = [
  ['mexican-train', 3, { set: 6, handSize: 5, rounds: 1 }],
  ['mexican-train-tournament', 2, { startDouble: 0 }],
  ['derailing-the-train', 2, { set: 6 }],
  ['engine-191', 2, { tokensToWin: 1 }],
  ['railominos', 2, { rounds: 1 }],
];

/** Commitments are arbitrary values: altering one makes another valid entry. */
const CONTENT_KINDS = new Set([
  'shuffle-hop',
  'lock-hop',
  'key-share',
  'reveal',
  'random-reveal',
  'choice-reveal',
  'seed-reveal',
]);
const ENVELOPE = new Set([
  'MALFORMED_ENTRY',
  'NON_CANONICAL',
  'BAD_SEQ',
  'BAD_CHAIN',
  'BAD_SIGNATURE',
  'WRONG_GAME',
]);

function rng(seed: number): (n: number) => number {
  let x = seed || 1;
  return (n) => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) % n;
  };
}

/** Every base64url value of 32 bytes in a body, by path. */
function texts(value: JsonValue, path: (string | number)[] = [], out: (string | number)[][] = []) {
  if (typeof value === 'string' && /^[\w-]{43}$/.test(value)) out.push(path);
  else if (Array.isArray(value)) value.forEach((v, i) => texts(v, [...path, i], out));
  else if (isJsonRecord(value))
    Object.entries(value).forEach(([k, v]) => texts(v, [...path, k], out));
  return out;
}

function setAt(value: JsonValue, path: readonly (string | number)[], to: JsonValue): JsonValue {
  if (path.length === 0) return to;
  const [head, ...rest] = path;
  if (Array.isArray(value)) return value.map((v, i) => (i === head ? setAt(v, rest, to) : v));
  if (isJsonRecord(value)) return { ...value, [head!]: setAt(value[head!] ?? null, rest, to) };
  return value;
}

const getAt = (value: JsonValue, path: readonly (string | number)[]): JsonValue =>
  path.reduce<JsonValue>((v, key) => (v as Record<string | number, JsonValue>)[key] ?? null, value);

/** Another valid 32-byte value taken from elsewhere in the log (a point, key or scalar). */
function alterBody(body: JsonValue, donors: readonly string[], below: (n: number) => number) {
  const paths = texts(body);
  const path = paths[below(paths.length)]!;
  const current = getAt(body, path);
  const donor = donors.filter((d) => d !== current)[below(donors.length - 1)] ?? donors[0]!;
  return setAt(body, path, donor);
}

describe.each(GAMES)('re-signed fuzz: %s', (variant, players, options) => {
  const game = { variant, players, options, game: `fuzz-${variant}` };
  const peers = simPeers(game);
  const tables: TableState[][] = [peers.map((p) => p.table)];
  const { log } = runTable(
    { ...game, onEntry: (ps) => tables.push(ps.map((p) => p.table)) },
    peers,
  );
  const entries = log.map((e) => JSON.parse(e) as LogEntry);
  const donors = [
    ...new Set(
      log.flatMap((e, k) =>
        texts(entries[k]!.body).map((p) => getAt(entries[k]!.body, p) as string),
      ),
    ),
  ];
  const below = rng(variant.length * 7919);

  function tryEverywhere(k: number, kind: EntryKind, body: JsonValue) {
    const { seat } = entries[k]!;
    const author = peers[seat]!.signing;
    const encoded = createEntry(tables[k]![seat]!.head, seat, kind, body, author.secretKey).encoded;
    const before = tables[k]!.map(stateSnapshot);
    const results = tables[k]!.map((t) => applyEntry(t, encoded));
    tables[k]!.forEach((t, s) => expect(stateSnapshot(t)).toBe(before[s]));
    return results;
  }

  it('refuses altered deal-protocol entries at the deck checks, changing nothing', () => {
    const ks = entries.map((_, k) => k).filter((k) => CONTENT_KINDS.has(entries[k]!.kind));
    const codes = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const k = ks[below(ks.length)]!;
      const entry = entries[k]!;
      const results = tryEverywhere(
        k,
        entry.kind as EntryKind,
        alterBody(entry.body, donors, below),
      );
      for (const r of results) {
        expect(r.ok).toBe(false);
        if (r.ok) continue;
        expect(PROTOCOL_ERROR_CODES).toContain(r.error.code);
        expect(ENVELOPE.has(r.error.code)).toBe(false);
        codes.add(r.error.code);
      }
    }
    expect([...codes].filter((c) => c !== 'MALFORMED_BODY').length).toBeGreaterThan(0);
  });

  it('judges re-signed altered moves alike on every seat, changing nothing when refused', () => {
    const ks = entries.map((_, k) => k).filter((k) => entries[k]!.kind === 'move');
    let refused = 0;
    for (let i = 0; i < 30; i++) {
      const k = ks[below(ks.length)]!;
      const { seat, body } = entries[k]! as LogEntry & { body: { move: Move } };
      const author = tables[k]![seat]!;
      const legal = author.variant.legalMoves(author.view).filter((m) => m.seat === seat);
      const base = legal[below(legal.length)] ?? body.move;
      const tiles = author.variant.tileSet(author.view.players, author.view.options).tiles;
      const tile = tiles[below(tiles.length)]!.id;
      const altered: Move = 'tile' in base ? ({ ...base, tile } as Move) : base;
      const draft = moveDraft(author, below(2) === 0 ? altered : base);
      const mangled = below(3) === 0 ? { ...(draft.body as object), keys: [] } : draft.body;
      const results = tryEverywhere(k, 'move', mangled as JsonValue);
      const accepted = results.filter((r) => r.ok);
      if (accepted.length > 0) {
        expect(accepted).toHaveLength(results.length);
        expect(new Set(accepted.map((r) => r.ok && r.value.hash)).size).toBe(1);
      } else {
        refused++;
        for (const r of results) if (!r.ok) expect(PROTOCOL_ERROR_CODES).toContain(r.error.code);
      }
    }
    expect(refused).toBeGreaterThan(0);
  });
});
