// Canonical JSON, as RFC 8785 (JCS) for the values we use: object keys sorted by
// UTF-16 code units, no whitespace, ECMAScript number and string serialisation.
// A received text is canonical iff re-encoding its parse gives the same text.

import type { JsonShaped } from '../../engine';

export type JsonValue =
  null | boolean | number | string | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/** Any plain data (an interface of JSON fields too: see `JsonShaped`). */
export function canonicalJson<T>(value: T & JsonShaped<T>): string;
export function canonicalJson(value: JsonValue): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value);
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  const record = value as { readonly [key: string]: JsonValue };
  const fields = Object.keys(record)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson(record[k] ?? null)}`);
  return `{${fields.join(',')}}`;
}

export function isJsonRecord(value: unknown): value is { readonly [key: string]: JsonValue } {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
