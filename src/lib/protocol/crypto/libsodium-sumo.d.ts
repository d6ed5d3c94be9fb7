// The raw libsodium-sumo module (it ships no types): what sodium.ts calls of it.
// Addresses and lengths are numbers into HEAPU8; 64-bit lengths pass as (low, high).
declare module 'libsodium-sumo' {
  export interface RawSodium {
    readonly HEAPU8: Uint8Array;
    _malloc(size: number): number;
    _free(address: number): void;
    _sodium_init(): number;
    _crypto_scalarmult_ristretto255(out: number, n: number, p: number): number;
    _crypto_scalarmult_ristretto255_base(out: number, n: number): number;
    _crypto_core_ristretto255_add(out: number, p: number, q: number): number;
    _crypto_core_ristretto255_is_valid_point(p: number): number;
    _crypto_core_ristretto255_from_hash(out: number, r: number): number;
    _crypto_sign_seed_keypair(pk: number, sk: number, seed: number): number;
    _crypto_sign_detached(
      sig: number,
      sigLength: number,
      m: number,
      mLengthLow: number,
      mLengthHigh: number,
      sk: number,
    ): number;
    _crypto_sign_verify_detached(
      sig: number,
      m: number,
      mLengthLow: number,
      mLengthHigh: number,
      pk: number,
    ): number;
  }
  export default function createSodium(options: { getRandomValue(): number }): Promise<RawSodium>;
}
