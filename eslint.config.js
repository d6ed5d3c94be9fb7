import js from '@eslint/js';
import ts from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import svelteConfig from './svelte.config.js';
import { readFileSync } from 'node:fs';

// Which of our layers each layer may import (docs/architecture.md): dependencies point
// inward only. Routes are thin pages and may wire anything.
const LAYERS = {
  engine: [],
  protocol: ['engine'],
  bots: ['engine'],
  net: [],
  session: ['engine', 'protocol', 'net', 'bots'],
  render: ['engine', 'session'],
  record: ['engine', 'protocol', 'session'],
  ui: ['engine', 'session', 'render', 'record'],
};
// A variant's own modules are the engine's: elsewhere its index is reached
// through the engine's registry (`railominosRules`…), never by path.
const VARIANT_MODULES = {
  regex: '(^|/)engine/variants(/|$)',
  message:
    'Reach a variant through the engine (its registry), not engine/variants/** (docs/adding-a-variant.md).',
};
const layerRules = Object.entries(LAYERS).map(([layer, allowed]) => {
  const banned = Object.keys(LAYERS).filter((l) => l !== layer && !allowed.includes(l));
  return {
    files: [`src/lib/${layer}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: `^(\\$lib/|(\\.\\./)+)(${banned.join('|')})(/|$)`,
              message: `${layer} may import only ${allowed.join(', ') || 'nothing of ours'} (docs/architecture.md).`,
            },
            ...(layer === 'engine' ? [] : [VARIANT_MODULES]),
          ],
        },
      ],
    },
  };
});

// A variant speaks for itself (docs/adding-a-variant.md): outside the engine
// nothing compares or switches on a variant's id, or casts to one variant's
// types. The ids are read off the engine's registry, so a new one is covered.
const REGISTRY = readFileSync(new URL('./src/lib/engine/registry.ts', import.meta.url), 'utf8');
const VARIANT_BLOCK = /export const VARIANTS = \{([^}]*)\}/.exec(REGISTRY)?.[1] ?? '';
const VARIANT_IDS = [...VARIANT_BLOCK.matchAll(/^\s*'?([a-z0-9-]+)'?[:,]/gm)].map((m) => m[1]);
const ID = `/^(${VARIANT_IDS.join('|')})$/`;
const EQUALITY = 'BinaryExpression[operator=/^[!=]==?$/]';
const variantBranches = [
  `${EQUALITY}[left.value=${ID}]`,
  `${EQUALITY}[right.value=${ID}]`,
  `SwitchCase[test.value=${ID}]`,
  "SwitchStatement[discriminant.property.name='variant']",
  "SwitchStatement[discriminant.property.name='id'][discriminant.object.name=/[vV]ariant$/]",
].map((selector) => ({
  selector,
  message:
    'Ask the variant (engine `Variant`) or a registry keyed by VariantId; do not branch on its id (docs/adding-a-variant.md).',
}));
// Any state type but the generic ones (BaseState, TableState…).
const VARIANT_TYPE = '/^(Variant|Heuristics|StateOf|AnyState|(?!Base|Table)\\w+State)$/';
const variantCasts = [
  `TSAsExpression > TSTypeReference[typeName.name=${VARIANT_TYPE}]`,
  `TSAsExpression > TSUnionType > TSTypeReference[typeName.name=${VARIANT_TYPE}]`,
  "TSAsExpression > TSIndexedAccessType[objectType.typeName.name='StateById']",
].map((selector) => ({
  selector,
  message:
    'Narrow by a registry keyed by VariantId (engine `anyState`), do not cast (docs/adding-a-variant.md).',
}));

export default ts.config(
  {
    ignores: [
      'build/',
      'build-tamper/',
      '.svelte-kit/',
      'node_modules/',
      'test-results/',
      '.test-output/',
      'src/lib/ui/i18n/generated/',
      // Code that must fail the lint (tests/scripts/lint-rules.test.ts).
      'tests/scripts/fixtures/',
    ],
  },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    // import-x reads our TypeScript modules itself (no-cycle follows them).
    settings: {
      'import-x/extensions': ['.js', '.ts'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
      'import-x/resolver': { node: { extensions: ['.js', '.ts'] } },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Randomness is passed in (C-4).' },
      ],
    },
  },
  ...layerRules,
  {
    files: ['src/routes/**', 'src/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [VARIANT_MODULES] }] },
  },
  {
    files: ['src/**'],
    // The engine alone knows its variants.
    ignores: ['src/lib/engine/**'],
    rules: { 'no-restricted-syntax': ['error', ...variantBranches, ...variantCasts] },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { parser: ts.parser, extraFileExtensions: ['.svelte'], svelteConfig },
    },
  },
);
