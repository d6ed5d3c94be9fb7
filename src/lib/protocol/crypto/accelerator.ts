// The optional accelerator: libsodium's WebAssembly build (the built site fetches it
// from its own origin as a .wasm file, see vite.config.ts; under Node it is inlined).
// Once loaded, the group's secret multiplications and the Ed25519 signatures run on
// it; every result is the same as on the pure-JS path (noble, tweetnacl), only
// faster. Loading it is the session's business.
import type { SodiumApi } from './sodium';

export type { SodiumApi };

let loaded: SodiumApi | null = null;

/** The loaded library, or null on the pure-JS path. */
export function sodiumApi(): SodiumApi | null {
  return loaded;
}

/**
 * Loads (or, with `false`, sets aside) the accelerator; resolves to whether it is
 * in use. A platform without WebAssembly keeps the pure-JS path.
 */
export async function accelerate(enabled = true): Promise<boolean> {
  if (!enabled) {
    loaded = null;
    return false;
  }
  try {
    const { loadSodium } = await import('./sodium');
    loaded = await loadSodium();
  } catch {
    loaded = null;
  }
  return loaded !== null;
}
