// docs/adding-a-variant.md against the code: every registry its table names
// exists in that file and is keyed by VariantId, and every registry keyed by
// VariantId in src is in the table, so the steps it lists are all the steps.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { VARIANTS, VARIANT_IDS } from '../../src/lib/engine';

const DOC = readFileSync('docs/adding-a-variant.md', 'utf8');

/** The table's rows: file and registry name. */
const ROWS = [...DOC.matchAll(/^\| `(src\/[^`]+)`\s*\| `(\w+)`/gm)].map((m) => ({
  file: m[1] as string,
  name: m[2] as string,
}));

/** `const NAME: …VariantId… = {`: a registry written out, one entry per variant. */
const KEYED =
  /const (\w+)\s*:\s*(?:Readonly<)?(?:Partial<)?(?:Record<VariantId\b|\{\s*readonly \[K in VariantId\])[^;]*?=\s*\{/g;

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'generated' ? [] : sources(path);
    return /\.(ts|svelte)$/.test(name) ? [path] : [];
  });
}

describe('docs/adding-a-variant.md', () => {
  it('names the engine registry, from which VariantId is read', () => {
    expect(ROWS[0]).toEqual({ file: 'src/lib/engine/registry.ts', name: 'VARIANTS' });
    const registry = readFileSync('src/lib/engine/registry.ts', 'utf8');
    expect(registry).toMatch(/export type VariantId = keyof typeof VARIANTS;/);
    expect(Object.keys(VARIANTS)).toEqual(VARIANT_IDS);
  });

  it.each(ROWS.slice(1))('$file: $name is a registry keyed by VariantId', ({ file, name }) => {
    const text = readFileSync(file, 'utf8');
    const keyed = [...text.matchAll(KEYED)].map((m) => m[1]);
    expect(keyed).toContain(name);
  });

  it('lists every registry keyed by VariantId in src', () => {
    const found = sources('src').flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(KEYED)].map((m) => `${file}: ${m[1]}`),
    );
    const listed = ROWS.slice(1).map((r) => `${r.file}: ${r.name}`);
    expect(found.sort()).toEqual(listed.sort());
  });
});
