// Matching a scenario's output against its `expect` block: objects match on
// the keys the expectation names, hands match in any order (docs/scenarios.md).
import type { Json } from '../../src/lib/engine';

export interface Expectation {
  readonly ok?: boolean;
  readonly exit?: number;
  readonly error?: Json;
  readonly state?: Json;
  readonly legalIncludes?: readonly Json[];
  readonly legalExcludes?: readonly Json[];
  readonly legalCount?: number;
}

/** Differences between `actual` and the partial `expected`, as readable paths. */
export function mismatches(
  expected: Json | undefined,
  actual: Json | undefined,
  path = '',
): string[] {
  if (expected === undefined) return [];
  if (expected === null || typeof expected !== 'object') {
    return expected === actual ? [] : [`${path}: expected ${show(expected)}, got ${show(actual)}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual) || actual.length !== expected.length) {
      return [`${path}: expected ${show(expected)}, got ${show(actual)}`];
    }
    return expected.flatMap((e: Json, i) => mismatches(e, actual[i] as Json, `${path}[${i}]`));
  }
  if (actual === null || typeof actual !== 'object' || Array.isArray(actual)) {
    return [`${path}: expected an object, got ${show(actual)}`];
  }
  const act = actual as { readonly [k: string]: Json };
  return Object.entries(expected).flatMap(([k, e]) => {
    const a = act[k];
    if (k === 'hands' && Array.isArray(e) && Array.isArray(a)) {
      return mismatches(e.map(sorted), a.map(sorted), `${path}.hands`);
    }
    return mismatches(e, a, `${path}.${k}`);
  });
}

function sorted(hand: Json): Json {
  return Array.isArray(hand) ? [...hand].map(String).sort() : hand;
}

function show(v: Json | undefined): string {
  return JSON.stringify(v);
}

export function sameMove(a: Json, b: Json): boolean {
  return mismatches(a, b).length === 0 && mismatches(b, a).length === 0;
}

export function checkExpectation(exp: Expectation, output: Json, exit: number): string[] {
  const out = output as { readonly [k: string]: Json };
  const problems: string[] = [];
  if (exp.exit !== undefined && exp.exit !== exit)
    problems.push(`exit: expected ${exp.exit}, got ${exit}`);
  if (exp.ok !== undefined && exp.ok !== out.ok) {
    problems.push(`ok: expected ${exp.ok}, got ${show(out.ok)} (${show(out.error)})`);
  }
  problems.push(...mismatches(exp.error, out.error, 'error'));
  problems.push(...mismatches(exp.state, out.state, 'state'));
  const legal = Array.isArray(out.legal) ? (out.legal as readonly Json[]) : [];
  for (const m of exp.legalIncludes ?? []) {
    if (!legal.some((l) => sameMove(m, l)))
      problems.push(`legal: missing ${show(m)} in ${show(legal)}`);
  }
  for (const m of exp.legalExcludes ?? []) {
    if (legal.some((l) => sameMove(m, l))) problems.push(`legal: should not include ${show(m)}`);
  }
  if (exp.legalCount !== undefined && legal.length !== exp.legalCount) {
    problems.push(`legal: expected ${exp.legalCount} moves, got ${legal.length}: ${show(legal)}`);
  }
  return problems;
}
