// Fuzzing log entries against the deal table (entry verification plus the deal
// state): every random or mutated entry is refused with a known code and changes
// nothing. Cheap mutations are refused before the signature check; the ones that
// must reach it (a tweetnacl verification costs ~13 ms) are a smaller, counted set.
import { describe, expect, it } from 'vitest';
import { canonicalJson, isJsonRecord, type JsonValue } from '$lib/protocol/canonical-json';
import { applyToTable, createDealTable, type DealTable } from '$lib/protocol/deal-table';
import type { EntryKind } from '$lib/protocol/entry-kinds';
import { PROTOCOL_ERROR_CODES, type ProtocolErrorCode } from '$lib/protocol/errors';
import { createEntry, type LogEntry } from '$lib/protocol/log-entry';
import { signingKeyPair, type SigningKeyPair } from '$lib/protocol/signing';
import { runScript, scriptOptions, type ScriptOptions } from './driver-script';
import { unwrap } from './helpers';

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

const script: ScriptOptions = {
  seats: 2,
  deckSize: 6,
  hand: 2,
  actions: [
    { type: 'random', seat: 0, label: 'first' },
    { type: 'choice', seat: 1, label: 'pick', choices: [1, 2] },
    { type: 'draw', seat: 1, deck: 0 },
    { type: 'flip', seat: 0, deck: 0 },
    { type: 'play', seat: 0, deck: 0, pos: 0 },
    { type: 'end' },
  ],
};
const options = scriptOptions(script);
const signers = options.signingSeeds.map((s) => signingKeyPair(s) as SigningKeyPair);
const log = runScript(script).log;
const foreign = runScript({ ...script, actions: [], game: 'other-game' }).log;

/** tables[k]: the table every peer held before entry k. */
const tables: DealTable[] = [
  unwrap(
    createDealTable(
      options.ctx,
      signers.map((s) => s.publicKey),
      options.deck,
      options.hand,
    ),
  ),
];
for (const encoded of log) tables.push(unwrap(applyToTable(tables.at(-1)!, encoded)));
const fingerprint = (t: DealTable): string =>
  JSON.stringify([t.head, t.deal.decks.map((d) => [d.owners, d.faces, d.keys.flat().length])]);
const fingerprints = tables.map(fingerprint);

/** Characters outside base64url, so a change inside a binary field breaks its shape. */
const STRUCTURAL = '{}[]":,\\ \n.+=/\u00e9\u{1f4a5}';
const KINDS = ['seed-commit', 'lock-hop', 'reveal', 'move', 'chat', '', 'SEED-COMMIT'];

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

function mutateField(text: string, k: number): string {
  const entry = JSON.parse(text) as Record<string, JsonValue>;
  const field = pick(['game', 'seq', 'prev', 'seat', 'kind', 'sig', 'body', 'extra', 'drop']);
  const choices: Record<string, () => JsonValue> = {
    game: () => pick(['', 'other-game', 7, null]),
    seq: () => pick([k + 1, k - 1, -1, 1.5, String(k), 2 ** 53]),
    prev: () => JSON.parse(log[(k + 1 + below(log.length - 1)) % log.length]!).sig as string,
    seat: () => pick([2, 5, -1, '0', 0.5]),
    kind: () => pick(KINDS.filter((x) => x !== entry.kind)),
    sig: () => pick(['', 'AAAA', (entry.prev as string).slice(0, 43)]),
    body: () => pick([null, [], 'body', { deck: 0 }, bodyOfAnotherKind(entry.kind as string)]),
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

/** Applies a candidate to the table before entry k; returns the refusal code. */
function refusal(k: number, encoded: string): ProtocolErrorCode {
  const result = applyToTable(tables[k]!, encoded);
  if (result.ok) throw new Error(`accepted before entry ${k}: ${encoded}`);
  expect(PROTOCOL_ERROR_CODES).toContain(result.error.code);
  return result.error.code;
}

function resign(k: number, change: (body: JsonValue) => JsonValue): string {
  const entry = JSON.parse(log[k]!) as LogEntry;
  const head = tables[k]!.head;
  const signer = signers[entry.seat]!;
  return createEntry(
    head,
    entry.seat,
    entry.kind as EntryKind,
    change(entry.body),
    signer.secretKey,
  ).encoded;
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

describe('log fuzz', () => {
  it('refuses 100,000 random and mutated entries with a code, changing nothing', () => {
    const counts = new Map<ProtocolErrorCode, number>();
    for (let i = 0; i < 100_000; i++) {
      const k = below(log.length);
      const code = refusal(k, candidate(k));
      counts.set(code, (counts.get(code) ?? 0) + 1);
    }
    expect(tables.map(fingerprint)).toEqual(fingerprints);
    for (const code of [
      'MALFORMED_ENTRY',
      'NON_CANONICAL',
      'WRONG_GAME',
      'BAD_SEQ',
      'BAD_CHAIN',
      'UNKNOWN_SEAT',
      'UNKNOWN_KIND',
      'MALFORMED_BODY',
      'BAD_SIGNATURE',
    ] as const) {
      expect(counts.get(code) ?? 0).toBeGreaterThan(0);
    }
    // the few that reach the signature check: mutated labels, swapped same-shape bodies
    expect(counts.get('BAD_SIGNATURE')).toBeLessThan(1000);
  });

  it('refuses altered signatures and bodies', () => {
    for (let i = 0; i < 100; i++) {
      const k = below(log.length);
      const entry = JSON.parse(log[k]!) as LogEntry;
      const at = below(85);
      const sig =
        entry.sig.slice(0, at) + (entry.sig[at] === 'A' ? 'B' : 'A') + entry.sig.slice(at + 1);
      expect(refusal(k, canonicalJson({ ...entry, sig } as unknown as JsonValue))).toBe(
        'BAD_SIGNATURE',
      );
    }
  });

  it('refuses validly signed entries whose content is wrong', () => {
    const strict = new Set([
      'lock-hop',
      'key-share',
      'reveal',
      'random-reveal',
      'choice-reveal',
      'seed-reveal',
    ]);
    const ks = log
      .map((_, k) => k)
      .filter((k) => strict.has((JSON.parse(log[k]!) as LogEntry).kind));
    const codes = new Set<string>();
    for (let i = 0; i < 40; i++) {
      const k = pick(ks);
      codes.add(refusal(k, resign(k, nudgeFirstText)));
    }
    expect(codes.size).toBeGreaterThan(2);
  });
});
