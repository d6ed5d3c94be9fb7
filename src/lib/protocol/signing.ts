// Per-seat Ed25519 signatures (tweetnacl). Keys are made from 32 random bytes the
// caller supplies; the public half is announced at the table.
import nacl from 'tweetnacl';

export interface SigningKeyPair {
  readonly publicKey: Uint8Array;
  readonly secretKey: Uint8Array;
}

export const SIGNING_SEED_BYTES = 32;

/** Null unless the seed is exactly 32 bytes. */
export function signingKeyPair(seed: Uint8Array): SigningKeyPair | null {
  return seed.length === SIGNING_SEED_BYTES ? nacl.sign.keyPair.fromSeed(seed) : null;
}

export function sign(message: Uint8Array, secretKey: Uint8Array): Uint8Array {
  return nacl.sign.detached(message, secretKey);
}

export function verifySignature(
  message: Uint8Array,
  signature: Uint8Array,
  publicKey: Uint8Array,
): boolean {
  if (signature.length !== nacl.sign.signatureLength) return false;
  if (publicKey.length !== nacl.sign.publicKeyLength) return false;
  return nacl.sign.detached.verify(message, signature, publicKey);
}
