import { describe, expect, it } from 'vitest';
import { toBase64url } from '$lib/protocol/crypto/bytes';
import type { JsonValue } from '$lib/protocol/log/canonical-json';
import type { EntryKind } from '$lib/protocol/log/entry-kinds';
import {
  createEntry,
  createLogHead,
  encodeEntry,
  entryHash,
  genesisHash,
  type LogEntry,
  type LogHead,
} from '$lib/protocol/log/entry';
import { verifyEntry, type EntryChecks } from '$lib/protocol/log/verify';
import { signingKeyPair, type SigningKeyPair } from '$lib/protocol/crypto/signing';
import { testSeed } from './helpers';

const keys = [0, 1].map((i) => signingKeyPair(testSeed('log', i)) as SigningKeyPair);
const head0 = createLogHead(
  'log-game',
  keys.map((k) => k.publicKey),
);
const commitment = toBase64url(new Uint8Array(64).fill(9));
const checks: EntryChecks = { validMove: (body) => typeof body === 'object' && body !== null };

function sign(head: LogHead, seat: number, kind: string, body: JsonValue, key = keys[seat]!) {
  return createEntry(head, seat, kind as EntryKind, body, key.secretKey).encoded;
}

const first = sign(head0, 0, 'seed-commit', { commitment });
const head1: LogHead = { ...head0, seq: 1, prev: entryHash(first) };
const second = sign(head1, 1, 'move', { play: 3 });

function codeFor(encoded: string, head = head0, c: EntryChecks = checks): string | undefined {
  const r = verifyEntry(head, encoded, c);
  return r.ok ? undefined : r.error.code;
}

describe('the log chain', () => {
  it('accepts signed entries in order and advances the head', () => {
    const a = verifyEntry(head0, first, checks);
    expect(a.ok && a.value.head).toEqual(head1);
    expect(a.ok && a.value.deal?.kind).toBe('seed-commit');
    const b = verifyEntry(head1, second, checks);
    expect(b.ok && b.value.deal).toBeNull();
    expect(b.ok && b.value.head.seq).toBe(2);
    expect(head0.prev).toBe(genesisHash('log-game'));
    expect(genesisHash('other')).not.toBe(head0.prev);
  });

  it('uses canonical JSON with sorted keys and unpadded base64url', () => {
    expect(first.startsWith('{"body":{"commitment":')).toBe(true);
    expect(first).toMatch(
      /"game":"log-game","kind":"seed-commit","prev":"[\w-]{86}","seat":0,"seq":0,"sig":"[\w-]{86}"}$/,
    );
    expect(encodeEntry(JSON.parse(first) as LogEntry)).toBe(first);
  });
});

describe('a rejected entry names why', () => {
  const parsed = JSON.parse(first) as LogEntry;
  const reencode = (change: Partial<Record<keyof LogEntry, JsonValue>>): string =>
    encodeEntry({ ...parsed, ...change } as LogEntry);

  it.each([
    ['MALFORMED_ENTRY', 'not json'],
    ['MALFORMED_ENTRY', '[]'],
    ['MALFORMED_ENTRY', '{}'],
    ['MALFORMED_ENTRY', `"${'x'.repeat(300_000)}"`],
    ['MALFORMED_ENTRY', `${'['.repeat(100_000)}${']'.repeat(100_000)}`],
    ['NON_CANONICAL', first.replace(':', ': ')],
    ['NON_CANONICAL', JSON.stringify(Object.fromEntries(Object.entries(parsed).reverse()))],
    ['MALFORMED_ENTRY', reencode({ seq: -1 })],
    ['MALFORMED_ENTRY', reencode({ seq: 1.5 })],
    ['MALFORMED_ENTRY', reencode({ sig: 'short' })],
  ])('%s: %#', (code, encoded) => {
    expect(codeFor(encoded)).toBe(code);
  });

  it('from another game, out of order, off the chain or from no seat', () => {
    const other = createLogHead('other-game', head0.seatKeys);
    expect(codeFor(sign(other, 0, 'seed-commit', { commitment }))).toBe('WRONG_GAME');
    expect(codeFor(first, head1)).toBe('BAD_SEQ');
    expect(codeFor(second)).toBe('BAD_SEQ');
    const fork = sign({ ...head1, prev: genesisHash('fork') }, 1, 'move', { play: 3 });
    expect(codeFor(fork, head1)).toBe('BAD_CHAIN');
    expect(codeFor(reencode({ seat: 2 }))).toBe('UNKNOWN_SEAT');
  });

  it('of an unknown kind or with a malformed body', () => {
    expect(codeFor(sign(head0, 0, 'chat', { text: 'hi' }))).toBe('UNKNOWN_KIND');
    expect(codeFor(sign(head0, 0, 'seed-commit', { commitment: 'abc' }))).toBe('MALFORMED_BODY');
    expect(codeFor(sign(head0, 0, 'seed-commit', { commitment, extra: 1 }))).toBe('MALFORMED_BODY');
    expect(codeFor(sign(head0, 0, 'move', 7))).toBe('MALFORMED_BODY');
    const throwing: EntryChecks = {
      validMove: () => {
        throw new Error('bug');
      },
    };
    expect(codeFor(sign(head0, 0, 'move', {}), head0, throwing)).toBe('MALFORMED_BODY');
  });

  it('by the wrong author, when the reducer says whose turn it is', () => {
    const seatOneOnly: EntryChecks = { ...checks, authorAllowed: (e) => e.seat === 1 };
    expect(codeFor(first, head0, seatOneOnly)).toBe('WRONG_AUTHOR');
    expect(codeFor(second, head1, seatOneOnly)).toBeUndefined();
  });

  it('with a forged or altered signature', () => {
    expect(codeFor(sign(head0, 0, 'seed-commit', { commitment }, keys[1]))).toBe('BAD_SIGNATURE');
    const sig = parsed.sig;
    const flipped = sig.slice(0, 10) + (sig[10] === 'A' ? 'B' : 'A') + sig.slice(11);
    expect(codeFor(reencode({ sig: flipped }))).toBe('BAD_SIGNATURE');
    const body = { commitment: toBase64url(new Uint8Array(64).fill(8)) };
    expect(codeFor(reencode({ body }))).toBe('BAD_SIGNATURE');
  });
});
