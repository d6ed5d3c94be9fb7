// Per-seat Ed25519 signatures (tweetnacl; libsodium when the accelerator is
// loaded). Keys are made from 32 random bytes the caller supplies; the public half
// is announced at the table. Ed25519 signing is deterministic, so both paths sign
// alike. Verifying applies libsodium's strict rules on both paths (canonical S;
// canonical, non-small-order public key; non-small-order R), so that every peer
// accepts exactly the same signatures whichever path it runs.
import nacl from 'tweetnacl';
import { sodiumApi } from './accelerator';

export interface SigningKeyPair {
  readonly publicKey: Uint8Array;
  readonly secretKey: Uint8Array;
}

export const SIGNING_SEED_BYTES = 32;

/** Null unless the seed is exactly 32 bytes. */
export function signingKeyPair(seed: Uint8Array): SigningKeyPair | null {
  if (seed.length !== SIGNING_SEED_BYTES) return null;
  const sodium = sodiumApi();
  return sodium ? sodium.crypto_sign_seed_keypair(seed) : nacl.sign.keyPair.fromSeed(seed);
}

export function sign(message: Uint8Array, secretKey: Uint8Array): Uint8Array {
  const sodium = sodiumApi();
  return sodium
    ? sodium.crypto_sign_detached(message, secretKey)
    : nacl.sign.detached(message, secretKey);
}

/** Little-endian 32-byte values: ℓ, the group order, and the y of every small-order point. */
const L_BYTES = leBytes(2n ** 252n + 27742317777372353535851937790883648493n);
const P = 2n ** 255n - 19n;
const SMALL_ORDER_Y = [
  0n,
  1n,
  2707385501144840649318225287225658788936804267575313519463743609750303402022n,
  55188659117513257062467267217118295137698188065244968500265048394206261417927n,
  P - 1n,
  P,
  P + 1n,
].map(leBytes);

function leBytes(x: bigint): Uint8Array {
  const out = new Uint8Array(32);
  for (let i = 0; i < 32; i++) out[i] = Number((x >> BigInt(8 * i)) & 0xffn);
  return out;
}

/** a < b, both 32-byte little-endian. */
function lessThan(a: Uint8Array, b: Uint8Array): boolean {
  for (let i = 31; i >= 0; i--) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x < y;
  }
  return false;
}

/** The encoded y (sign bit ignored) is one of a small-order point, canonical or not. */
function smallOrder(point: Uint8Array): boolean {
  return SMALL_ORDER_Y.some((y) =>
    y.every((byte, i) => byte === ((point[i] ?? 0) & (i === 31 ? 0x7f : 0xff))),
  );
}

/** Encoded y below p. */
function canonicalY(point: Uint8Array): boolean {
  const y = point.slice();
  y[31] = (y[31] ?? 0) & 0x7f;
  return lessThan(y, leBytes(P));
}

export function verifySignature(
  message: Uint8Array,
  signature: Uint8Array,
  publicKey: Uint8Array,
): boolean {
  if (signature.length !== nacl.sign.signatureLength) return false;
  if (publicKey.length !== nacl.sign.publicKeyLength) return false;
  if (!lessThan(signature.subarray(32), L_BYTES) || smallOrder(signature.subarray(0, 32))) {
    return false;
  }
  if (!canonicalY(publicKey) || smallOrder(publicKey)) return false;
  const sodium = sodiumApi();
  return sodium
    ? sodium.crypto_sign_verify_detached(signature, message, publicKey)
    : nacl.sign.detached.verify(message, signature, publicKey);
}
