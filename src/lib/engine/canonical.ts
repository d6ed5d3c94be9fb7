// Canonical JSON: object keys sorted, no whitespace; the same value always gives
// the same text on every peer (hashed for desync detection).
import type { Json } from './types';

export function canonicalJson(value: Json): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v: Json) => canonicalJson(v)).join(',')}]`;
  const obj = value as { readonly [k: string]: Json };
  const keys = Object.keys(obj).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k] as Json)}`).join(',')}}`;
}
