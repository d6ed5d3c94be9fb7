// Canonical JSON: object keys sorted, no whitespace; the same value always gives
// the same text on every peer (hashed for desync detection).
import type { Json } from './types';

/**
 * `T` if it is made of JSON values only: plain data written as interfaces (a
 * move, a setup) lacks the index signature `Json` asks for, and is checked field
 * by field instead; a function, `undefined` or a bigint field makes it `never`.
 */
export type JsonShaped<T> = T extends null | boolean | number | string
  ? T
  : T extends readonly (infer U)[]
    ? readonly JsonShaped<U>[]
    : T extends (...args: never[]) => unknown
      ? never
      : T extends object
        ? { readonly [K in keyof T]: JsonShaped<T[K]> }
        : never;

export function canonicalJson<T>(value: T & JsonShaped<T>): string;
export function canonicalJson(value: Json): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map((v: Json) => canonicalJson(v)).join(',')}]`;
  const obj = value as { readonly [k: string]: Json };
  const keys = Object.keys(obj).sort();
  return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJson(obj[k] as Json)}`).join(',')}}`;
}
