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

const pointHex = new WeakMap<object, string>();

/**
 * Everything a table state holds, as text: the deal state (keys, owners, faces,
 * seeds, commitments, hops, points), claims, the view, the flags; not the
 * variant's functions. Points are immutable, so their encoding is cached.
 */
export function stateSnapshot(state: unknown): string {
  const walk = (v: unknown): unknown => {
    if (typeof v === 'bigint') return `${v}n`;
    if (typeof v === 'function' || v === undefined) return null;
    if (v instanceof Uint8Array) return Buffer.from(v).toString('hex');
    if (v instanceof Map) return { map: [...v.entries()].map(walk) };
    if (Array.isArray(v)) return v.map(walk);
    if (typeof v !== 'object' || v === null) return v;
    if ('toBytes' in v && typeof v.toBytes === 'function') {
      const known = pointHex.get(v);
      if (known) return known;
      const hex = Buffer.from((v.toBytes as () => Uint8Array)()).toString('hex');
      pointHex.set(v, hex);
      return hex;
    }
    const fields = Object.entries(v).filter(([key]) => key !== 'variant');
    return Object.fromEntries(fields.map(([key, x]) => [key, walk(x)]));
  };
  return JSON.stringify(walk(state));
}
