// The eight libsodium calls the accelerator makes, on its raw WebAssembly build
// (libsodium-sumo) instead of through libsodium-wrappers, whose hundreds of other
// wrapped functions the table's worker loaded for nothing (15 KB gzipped). Each
// call copies its inputs into the module's heap and its output out, frees what it
// took, and throws where the wrappers threw (same messages).
import createSodium from 'libsodium-sumo';

export interface SodiumApi {
  crypto_scalarmult_ristretto255(scalar: Uint8Array, element: Uint8Array): Uint8Array;
  crypto_scalarmult_ristretto255_base(scalar: Uint8Array): Uint8Array;
  crypto_core_ristretto255_add(p: Uint8Array, q: Uint8Array): Uint8Array;
  crypto_core_ristretto255_is_valid_point(repr: Uint8Array): boolean;
  crypto_core_ristretto255_from_hash(hash: Uint8Array): Uint8Array;
  crypto_sign_seed_keypair(seed: Uint8Array): { publicKey: Uint8Array; secretKey: Uint8Array };
  crypto_sign_detached(message: Uint8Array, secretKey: Uint8Array): Uint8Array;
  crypto_sign_verify_detached(
    signature: Uint8Array,
    message: Uint8Array,
    publicKey: Uint8Array,
  ): boolean;
}

const POINT = 32;
const SCALAR = 32;
const HASH = 64;
const SIGNATURE = 64;
const SIGN_SECRET_KEY = 64;
const SIGN_PUBLIC_KEY = 32;
const SIGN_SEED = 32;

function randomWord(): number {
  const word = new Uint32Array(1);
  globalThis.crypto.getRandomValues(word);
  return word[0] ?? 0;
}

/** Instantiates the WebAssembly module; rejects where it cannot load. */
export async function loadSodium(): Promise<SodiumApi> {
  const raw = await createSodium({ getRandomValue: randomWord });
  if (raw._sodium_init() < 0) throw new Error('libsodium was not correctly initialized.');

  /** Runs `body` on heap copies of `inputs` (each checked for its length) and an output of `outLength` bytes. */
  function call<T>(
    inputs: readonly (readonly [Uint8Array, number | null, string])[],
    outLength: number,
    body: (out: number, addresses: readonly number[], lengths: readonly number[]) => T,
  ): T {
    for (const [bytes, length, name] of inputs) {
      if (length !== null && bytes.length !== length) throw new Error(`invalid ${name} length`);
    }
    const taken: number[] = [];
    try {
      const addresses = inputs.map(([bytes]) => {
        const address = raw._malloc(Math.max(bytes.length, 1));
        taken.push(address);
        raw.HEAPU8.set(bytes, address);
        return address;
      });
      const out = raw._malloc(Math.max(outLength, 1));
      taken.push(out);
      return body(
        out,
        addresses,
        inputs.map(([bytes]) => bytes.length),
      );
    } finally {
      for (const address of taken) raw._free(address);
    }
  }
  const read = (out: number, length: number) => raw.HEAPU8.slice(out, out + length);
  const at = (list: readonly number[], i: number) => list[i] ?? 0;

  return {
    crypto_scalarmult_ristretto255: (scalar, element) =>
      call(
        [
          [scalar, SCALAR, 'scalar'],
          [element, POINT, 'element'],
        ],
        POINT,
        (out, [n = 0, p = 0]) => {
          if (raw._crypto_scalarmult_ristretto255(out, n, p) !== 0) {
            throw new Error('result is identity element');
          }
          return read(out, POINT);
        },
      ),
    crypto_scalarmult_ristretto255_base: (scalar) =>
      call([[scalar, SCALAR, 'scalar']], POINT, (out, [n = 0]) => {
        if (raw._crypto_scalarmult_ristretto255_base(out, n) !== 0) throw new Error('scalar is 0');
        return read(out, POINT);
      }),
    crypto_core_ristretto255_add: (p, q) =>
      call(
        [
          [p, POINT, 'p'],
          [q, POINT, 'q'],
        ],
        POINT,
        (out, [a = 0, b = 0]) => {
          if (raw._crypto_core_ristretto255_add(out, a, b) !== 0) {
            throw new Error('input is an invalid element');
          }
          return read(out, POINT);
        },
      ),
    crypto_core_ristretto255_is_valid_point: (repr) =>
      call(
        [[repr, POINT, 'repr']],
        0,
        (_out, [a = 0]) => raw._crypto_core_ristretto255_is_valid_point(a) === 1,
      ),
    crypto_core_ristretto255_from_hash: (hash) =>
      call([[hash, HASH, 'hash']], POINT, (out, [r = 0]) => {
        if (raw._crypto_core_ristretto255_from_hash(out, r) !== 0) throw new Error('invalid hash');
        return read(out, POINT);
      }),
    crypto_sign_seed_keypair: (seed) =>
      call([[seed, SIGN_SEED, 'seed']], SIGN_PUBLIC_KEY + SIGN_SECRET_KEY, (out, [s = 0]) => {
        if (raw._crypto_sign_seed_keypair(out, out + SIGN_PUBLIC_KEY, s) !== 0) {
          throw new Error('invalid usage');
        }
        return {
          publicKey: read(out, SIGN_PUBLIC_KEY),
          secretKey: read(out + SIGN_PUBLIC_KEY, SIGN_SECRET_KEY),
        };
      }),
    crypto_sign_detached: (message, secretKey) =>
      call(
        [
          [message, null, 'message'],
          [secretKey, SIGN_SECRET_KEY, 'privateKey'],
        ],
        SIGNATURE,
        (out, addresses, lengths) => {
          const m = at(addresses, 0);
          const sk = at(addresses, 1);
          if (raw._crypto_sign_detached(out, 0, m, at(lengths, 0), 0, sk) !== 0) {
            throw new Error('invalid usage');
          }
          return read(out, SIGNATURE);
        },
      ),
    crypto_sign_verify_detached: (signature, message, publicKey) =>
      call(
        [
          [signature, SIGNATURE, 'signature'],
          [message, null, 'message'],
          [publicKey, SIGN_PUBLIC_KEY, 'publicKey'],
        ],
        0,
        (_out, addresses, lengths) =>
          raw._crypto_sign_verify_detached(
            at(addresses, 0),
            at(addresses, 1),
            at(lengths, 1),
            0,
            at(addresses, 2),
          ) === 0,
      ),
  };
}
