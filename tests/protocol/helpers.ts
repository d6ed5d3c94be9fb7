import type { Result } from '$lib/protocol/errors';

export function unwrap<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`${result.error.code} ${result.error.detail ?? ''}`);
  return result.value;
}

/** Deterministic 32-byte test seeds. */
export function testSeed(label: string, i: number): Uint8Array {
  const out = new Uint8Array(32);
  const text = `${label}/${i}`;
  for (let j = 0; j < text.length; j++)
    out[j % 32] = (out[j % 32]! * 31 + text.charCodeAt(j)) & 0xff;
  out[31] = i;
  return out;
}

export function tiles(n: number): number[] {
  return Array.from({ length: n }, (_, i) => i);
}
