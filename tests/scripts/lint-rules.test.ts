// The lint's guardrails do fail where they should: an import cycle between two
// TypeScript modules, and the variant rules outside the engine (branching on a
// variant's id, casting to its types, importing engine/variants/**).
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: process.cwd(), ignore: false });

async function rulesHit(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

describe('lint rules', () => {
  it('import-x/no-cycle fails on a cycle between .ts modules', async () => {
    const results = await eslint.lintFiles(['tests/scripts/fixtures/lint/cycle-a.ts']);
    const rules = results.flatMap((r) => r.messages.map((m) => m.ruleId));
    expect(rules).toContain('import-x/no-cycle');
  }, 60_000);

  const outside = 'src/lib/ui/lint-fixture.ts';
  it.each([
    [
      'switch (variant.id)',
      "export function f(variant: { id: string }) { switch (variant.id) { case 'x': return 1; } return 0; }",
    ],
    [
      'a case on an id',
      "export function f(id: string) { switch (id) { case 'railominos': return 1; } return 0; }",
    ],
    [
      'set.kind === an id',
      "export const f = (set: { kind: string }) => set.kind === 'railominos';",
    ],
    [
      'view.variant === an id',
      "export const f = (view: { variant: string }) => view.variant === 'engine-191';",
    ],
    [
      'as unknown as Variant<…>',
      "import type { Variant } from '$lib/engine';\nexport const f = (v: object) => v as unknown as Variant;",
    ],
    [
      'a cast to a variant state',
      'type RailominosState = { a: 1 };\nexport const f = (v: object) => v as RailominosState;',
    ],
  ])('the variant rule catches %s outside the engine', async (_name, code) => {
    expect(await rulesHit(code, outside)).toContain('no-restricted-syntax');
  });

  it('the variant rule lets a registry keyed by id be', async () => {
    const code = "export const NAMES: Record<string, string> = { railominos: 'R' };";
    expect(await rulesHit(code, outside)).toEqual([]);
  });

  it.each([outside, 'src/lib/bots/lint-fixture.ts', 'src/routes/lint-fixture.ts'])(
    'code outside the engine cannot import engine/variants/** (%s)',
    async (filePath) => {
      const code =
        "import { railominos } from '$lib/engine/variants/railominos';\nexport const r = railominos;";
      expect(await rulesHit(code, filePath)).toContain('no-restricted-imports');
    },
  );
});
