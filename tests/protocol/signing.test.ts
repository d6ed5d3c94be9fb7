// Ed25519 on both paths (tweetnacl, and libsodium once accelerated): the same
// signatures, and the same verdict on every signature, forged edge cases included,
// so peers on different paths never disagree about an entry.
import fc from 'fast-check';
import nacl from 'tweetnacl';
import { ed25519 } from '@noble/curves/ed25519.js';
import { afterAll, describe, expect, it } from 'vitest';
import { accelerate } from '$lib/protocol/crypto/accelerator';
import { sign, signingKeyPair, verifySignature } from '$lib/protocol/crypto/signing';

const L = 2n ** 252n + 27742317777372353535851937790883648493n;
const le = (x: bigint): Uint8Array =>
  Uint8Array.from({ length: 32 }, (_, i) => Number((x >> BigInt(8 * i)) & 0xffn));
const fromLe = (b: Uint8Array): bigint => b.reduceRight((acc, x) => (acc << 8n) | BigInt(x), 0n);

afterAll(() => accelerate(false));

/** Runs `check` on the pure-JS path, then on the accelerated one. */
async function bothPaths(check: (path: string) => void): Promise<void> {
  await accelerate(false);
  check('tweetnacl');
  expect(await accelerate()).toBe(true);
  check('libsodium');
  await accelerate(false);
}

const seedArb = fc.uint8Array({ minLength: 32, maxLength: 32 });
const messageArb = fc.uint8Array({ maxLength: 300 });

describe('Ed25519 signatures on both paths', () => {
  it('make the same keys, sign alike and accept honest signatures', async () => {
    const cases = fc.sample(fc.tuple(seedArb, messageArb), 60);
    const signatures = new Map<string, string[]>();
    await bothPaths((path) => {
      signatures.set(
        path,
        cases.map(([seed, message]) => {
          const keys = signingKeyPair(seed)!;
          const signature = sign(message, keys.secretKey);
          expect(verifySignature(message, signature, keys.publicKey)).toBe(true);
          return Buffer.from([...keys.publicKey, ...keys.secretKey, ...signature]).toString('hex');
        }),
      );
    });
    expect(signatures.get('libsodium')).toEqual(signatures.get('tweetnacl'));
  });

  it('refuse any flipped bit of the message, the signature or the key', async () => {
    const cases = fc.sample(
      fc.tuple(seedArb, messageArb, fc.nat(), fc.integer({ min: 0, max: 7 })),
      80,
    );
    await bothPaths(() => {
      for (const [seed, message, at, bit] of cases) {
        const keys = signingKeyPair(seed)!;
        const signature = sign(message, keys.secretKey);
        const flip = (b: Uint8Array): Uint8Array => {
          const c = b.slice();
          if (c.length > 0) c[at % c.length]! ^= 1 << bit;
          return c;
        };
        if (message.length > 0) {
          expect(verifySignature(flip(message), signature, keys.publicKey)).toBe(false);
        }
        expect(verifySignature(message, flip(signature), keys.publicKey)).toBe(false);
        expect(verifySignature(message, signature, flip(keys.publicKey))).toBe(false);
      }
    });
  });

  it('refuse a non-canonical S (S + ℓ), which plain tweetnacl accepts', async () => {
    const keys = signingKeyPair(new Uint8Array(32).fill(3))!;
    const message = new TextEncoder().encode('entry');
    const signature = sign(message, keys.secretKey);
    const s = fromLe(signature.slice(32));
    const malleated = signature.slice();
    malleated.set(le(s + L), 32);
    expect(s + L < 2n ** 256n).toBe(true);
    expect(nacl.sign.detached.verify(message, malleated, keys.publicKey)).toBe(true);
    await bothPaths(() => expect(verifySignature(message, malleated, keys.publicKey)).toBe(false));
  });

  it('refuse a small-order public key, for which plain tweetnacl accepts a forgery', async () => {
    // A = identity: R = S·B verifies any message for any S on a permissive verifier.
    const identityKey = le(1n);
    const s = 12345n;
    const forged = new Uint8Array(64);
    forged.set(ed25519.Point.BASE.multiply(s).toBytes(), 0);
    forged.set(le(s), 32);
    const message = new TextEncoder().encode('anything at all');
    expect(nacl.sign.detached.verify(message, forged, identityKey)).toBe(true);
    await bothPaths(() => expect(verifySignature(message, forged, identityKey)).toBe(false));
  });

  it('refuse every small-order R and key encoding, and non-canonical keys', async () => {
    const P = 2n ** 255n - 19n;
    const ys = [
      0n,
      1n,
      2707385501144840649318225287225658788936804267575313519463743609750303402022n,
      55188659117513257062467267217118295137698188065244968500265048394206261417927n,
      P - 1n,
    ];
    // each listed y is really a point of small order
    for (const y of ys) expect(ed25519.Point.fromBytes(le(y)).isSmallOrder()).toBe(true);
    const keys = signingKeyPair(new Uint8Array(32).fill(4))!;
    const message = new TextEncoder().encode('m');
    const signature = sign(message, keys.secretKey);
    const encodings = [...ys, P, P + 1n].flatMap((y) => {
      const plain = le(y);
      const signed = plain.slice();
      signed[31]! |= 0x80;
      return [plain, signed];
    });
    // y + p for the smallest y on the curve: the same point, encoded non-canonically
    const y = [...Array(19).keys()].find((v) => {
      try {
        return !ed25519.Point.fromBytes(le(BigInt(v))).isSmallOrder();
      } catch {
        return false;
      }
    })!;
    const nonCanonicalKey = le(BigInt(y) + P);
    expect(ed25519.Point.fromBytes(nonCanonicalKey, true).is0()).toBe(false);
    await bothPaths(() => {
      for (const bad of encodings) {
        const withR = signature.slice();
        withR.set(bad, 0);
        expect(verifySignature(message, withR, keys.publicKey)).toBe(false);
        expect(verifySignature(message, signature, bad)).toBe(false);
      }
      expect(verifySignature(message, signature, nonCanonicalKey)).toBe(false);
    });
  });
});
