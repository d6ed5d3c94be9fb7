import js from '@eslint/js';
import ts from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import svelteConfig from './svelte.config.js';

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
          ],
        },
      ],
    },
  };
});

// A variant speaks for itself (docs/architecture.md): outside the engine nothing
// compares a variant's id or casts a state to one variant's own type.
const VARIANT_STATE = '/^(Mt|Dt|Engine191|Railominos)State$/';
const EQUALITY = 'BinaryExpression[operator=/^[!=]==?$/]';
const variantBranches = [
  ...['left', 'right'].flatMap((side) => {
    const other = side === 'left' ? 'right' : 'left';
    return [
      `${EQUALITY}[${other}.type='Literal'][${side}.property.name='variant']`,
      `${EQUALITY}[${other}.type='Literal'][${side}.expression.property.name='variant']`,
    ];
  }),
  "SwitchStatement[discriminant.property.name='variant']",
  "SwitchStatement[discriminant.expression.property.name='variant']",
].map((selector) => ({
  selector,
  message: 'Ask the variant (engine `Variant`), do not branch on its id (docs/architecture.md).',
}));
const variantCasts = [
  `TSAsExpression > TSTypeReference[typeName.name=${VARIANT_STATE}]`,
  `TSAsExpression > TSUnionType > TSTypeReference[typeName.name=${VARIANT_STATE}]`,
].map((selector) => ({
  selector,
  message: 'Narrow an AnyState by its variant in the engine, do not cast (docs/architecture.md).',
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
    ],
  },
  js.configs.recommended,
  ...ts.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver': { node: { extensions: ['.js', '.ts'] } } },
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
