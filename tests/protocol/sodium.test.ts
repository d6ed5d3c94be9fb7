// The raw libsodium adapter refuses what libsodium-wrappers refused, with the same
// messages, and signs exactly as tweetnacl does.
import nacl from 'tweetnacl';
import { describe, expect, it } from 'vitest';
import { loadSodium } from '$lib/protocol/crypto/sodium';

const scalar = (n: number) => {
  const bytes = new Uint8Array(32);
  bytes[0] = n;
  return bytes;
};

describe('the raw libsodium adapter', () => {
  it('refuses wrong lengths, the identity and invalid points as the wrappers did', async () => {
    const sodium = await loadSodium();
    const g = sodium.crypto_scalarmult_ristretto255_base(scalar(1));
    expect(sodium.crypto_core_ristretto255_is_valid_point(g)).toBe(true);
    expect(() => sodium.crypto_scalarmult_ristretto255_base(scalar(0))).toThrow('scalar is 0');
    expect(() => sodium.crypto_scalarmult_ristretto255(scalar(1), new Uint8Array(32))).toThrow(
      'result is identity element',
    );
    expect(() => sodium.crypto_scalarmult_ristretto255(scalar(1), g.subarray(1))).toThrow(
      'invalid element length',
    );
    const notPoint = g.slice();
    notPoint[0] = (notPoint[0] ?? 0) ^ 1;
    expect(sodium.crypto_core_ristretto255_is_valid_point(notPoint)).toBe(false);
    expect(() => sodium.crypto_core_ristretto255_add(g, notPoint)).toThrow(
      'input is an invalid element',
    );
    expect(sodium.crypto_core_ristretto255_add(g, g)).toEqual(
      sodium.crypto_scalarmult_ristretto255_base(scalar(2)),
    );
  });

  it('makes the key pair tweetnacl makes from a seed, and refuses a short seed', async () => {
    const sodium = await loadSodium();
    for (const fill of [0, 7, 255]) {
      const seed = new Uint8Array(32).fill(fill);
      expect(sodium.crypto_sign_seed_keypair(seed)).toEqual(nacl.sign.keyPair.fromSeed(seed));
    }
    expect(() => sodium.crypto_sign_seed_keypair(new Uint8Array(31))).toThrow(
      'invalid seed length',
    );
  });

  it('signs and verifies any message length, the empty one included', async () => {
    const sodium = await loadSodium();
    const { secretKey, publicKey } = nacl.sign.keyPair.fromSeed(new Uint8Array(32).fill(7));
    for (const message of [new Uint8Array(0), new Uint8Array(1000).fill(3)]) {
      const signature = sodium.crypto_sign_detached(message, secretKey);
      expect(signature).toEqual(nacl.sign.detached(message, secretKey));
      expect(sodium.crypto_sign_verify_detached(signature, message, publicKey)).toBe(true);
      signature[0] = (signature[0] ?? 0) ^ 1;
      expect(sodium.crypto_sign_verify_detached(signature, message, publicKey)).toBe(false);
    }
    expect(() => sodium.crypto_sign_detached(new Uint8Array(1), secretKey.subarray(1))).toThrow(
      'invalid privateKey length',
    );
    expect(() =>
      sodium.crypto_sign_verify_detached(new Uint8Array(63), new Uint8Array(0), publicKey),
    ).toThrow('invalid signature length');
  });
});
