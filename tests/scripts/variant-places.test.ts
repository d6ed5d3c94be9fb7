// One variant, one place (issue 32): a variant added after the first is named,
// outside its own files (its engine folder, heuristics, layout, words, rules page
// and tour), only by the four registries that list every variant. A sixth
// variant copied from one of these touches those four and nothing else shared.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const REGISTRIES = [
  'src/lib/bots/heuristics/index.ts',
  'src/lib/engine/registry.ts',
  'src/lib/render/layout.ts',
  'src/lib/ui/variants/index.ts',
];

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.(ts|svelte)$/.test(entry.name) ? [path] : [];
  });
}

const camel = (id: string): string => id.replace(/-([a-z0-9])/g, (_, c: string) => c.toUpperCase());

describe('a variant named in shared files', () => {
  for (const id of ['railominos', 'derailing-the-train']) {
    it(`${id}: only by the four registries`, () => {
      const name = new RegExp(`${id}|${camel(id)}`, 'i');
      const own = (path: string): boolean =>
        path.includes(`/${id}/`) || path.endsWith(`/${id}.ts`) || path.endsWith(`-${id}.ts`);
      const shared = sources('src')
        .filter((path) => !own(path) && name.test(readFileSync(path, 'utf8')))
        .sort();
      expect(shared).toEqual(REGISTRIES);
    });
  }
});
