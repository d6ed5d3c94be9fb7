import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromBase64url, toBase64url } from '$lib/protocol/crypto/bytes';
import { canonicalJson, type JsonValue } from '$lib/protocol/log/canonical-json';
import { taggedHash } from '$lib/protocol/crypto/hashing';

describe('base64url', () => {
  it('round-trips any bytes', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70 }), (bytes) => {
        const text = toBase64url(bytes);
        expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
        expect(fromBase64url(text, bytes.length)).toEqual(bytes);
      }),
    );
  });

  it('matches the platform encoder', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 70 }), (bytes) => {
        expect(toBase64url(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
      }),
    );
  });

  it('accepts one spelling per value only', () => {
    const text = toBase64url(new Uint8Array(32).fill(7));
    expect(fromBase64url(text, 31)).toBeNull();
    expect(fromBase64url(`${text}A`, 32)).toBeNull();
    expect(fromBase64url(`${text.slice(0, -1)}=`, 32)).toBeNull();
    // the last character carries 2 bits and 4 zero bits: setting a zero bit is refused
    const last = text.at(-1)!;
    const other = String.fromCharCode(last.charCodeAt(0) + 1);
    expect(fromBase64url(text.slice(0, -1) + other, 32)).toBeNull();
  });
});

describe('canonical JSON', () => {
  const json = fc.jsonValue({ maxDepth: 3 }) as fc.Arbitrary<JsonValue>;

  it('is a fixed point of parse and re-encode, whatever the key order', () => {
    fc.assert(
      fc.property(json, (value) => {
        const text = canonicalJson(value);
        expect(canonicalJson(JSON.parse(text) as JsonValue)).toBe(text);
      }),
    );
  });

  it('sorts keys and leaves no whitespace', () => {
    expect(canonicalJson({ b: [1, { d: 'x', c: null }], a: true })).toBe(
      '{"a":true,"b":[1,{"c":null,"d":"x"}]}',
    );
  });
});

describe('tagged hash', () => {
  it('frames parts so neither boundaries nor types collide', () => {
    const a = taggedHash('t', ['ab', 'c']);
    expect(a).not.toEqual(taggedHash('t', ['a', 'bc']));
    expect(taggedHash('t', ['1'])).not.toEqual(taggedHash('t', [1]));
    expect(taggedHash('u', ['ab', 'c'])).not.toEqual(a);
  });
});
