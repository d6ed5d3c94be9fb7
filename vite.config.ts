import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { execFileSync } from 'node:child_process';
import { sveltekit } from '@sveltejs/kit/vite';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

// Vitest's file order (tests/slow-first.ts), loaded only when Vitest runs.
const slowFirst = process.env.VITEST
  ? (await import('./tests/slow-first.js')).SlowFirst
  : undefined;

// Test files that replace a module or a global (vi.mock, vi.spyOn, vi.stubGlobal…,
// or the fake IndexedDB, whose databases would otherwise outlive the file) run each
// in a fresh module graph; the others share their worker's loaded modules, file
// after file (`isolate: false`): re-importing the engine, protocol and session for
// every file was a third of the unit suite's CPU (578 → 399 CPU-s, measured).
// What a file changes of shared state is set back by tests/setup.ts.
const TESTS = fileURLToPath(new URL('tests', import.meta.url));
const ISOLATED = process.env.VITEST
  ? fs
      .readdirSync(TESTS, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.test.ts'))
      .filter((f) =>
        /\bvi\.(mock|doMock|spyOn|stubGlobal|stubEnv|resetModules)\(|fake-indexeddb\/auto/.test(
          fs.readFileSync(`${TESTS}/${f}`, 'utf8'),
        ),
      )
      .map((f) => `tests/${f}`)
  : [];

// Our library layers run nothing on import but their own declarations (the workers'
// entries aside), so a module none of whose exports a page uses need not be loaded.
// Without this, Rolldown loads whatever a used module or a barrel (`$lib/session`)
// imports: the table page fetched the whole session, protocol and bots that run in
// its worker. tweetnacl is a CommonJS module whose wrapper counts as an effect.
// So a bare `import './x'` of such a module of ours is dropped: a package imported
// for its effect (e.g. `pixi.js/unsafe-eval`) is imported where it is needed.
const SIDE_EFFECT_FREE =
  /\/src\/lib\/(engine|protocol|bots|session|net|render)\/(?![^?]*table-worker)[^?]*\.ts$|\/node_modules\/tweetnacl\//;

// libsodium's build carries its WebAssembly as base64 in the JS (380 KB, 165 KB
// gzipped). In the built site it becomes a file of its own, fetched when the
// accelerator loads: the binary gzips to 124 KB. If the fetch fails, the
// accelerator does not load and the pure-JS path runs, as on a platform without
// WebAssembly. The dev server and the tests keep the inlined copy.
const INLINED_WASM = /\(\w=>\{for\(var .{0,600}?\}\)\("(AGFzbQ[A-Za-z0-9+/]*=*)"\)/s;

// Of the ~680 functions the module exports, the accelerator calls those that
// protocol/crypto/sodium.ts names (`raw._crypto_…`); the others' exports are
// dropped from its glue code (27 KB of the table's worker, 5 KB gzipped). The
// functions stay in the binary.
const SODIUM_CALLED = new Set(
  [
    ...fs
      .readFileSync(
        fileURLToPath(new URL('src/lib/protocol/crypto/sodium.ts', import.meta.url)),
        'utf8',
      )
      .matchAll(/\braw\._(crypto_[a-z0-9_]+)\(/g),
  ].map((m) => m[1]),
);
const SODIUM_EXPORT = /\b[\w$]+\._(crypto_[a-z0-9_]+)=[\w$]+\.[\w$]+,/g;

function sodiumWasmFile(): Plugin {
  return {
    name: 'trainyard:sodium-wasm-file',
    apply: 'build',
    transform: {
      filter: { id: /libsodium-sumo\.mjs$/ },
      handler(code) {
        if (this.environment.config.consumer === 'server') return null;
        const found = INLINED_WASM.exec(code);
        if (!found?.[1]) this.error('libsodium-sumo: its inlined WebAssembly was not found');
        const ref = this.emitFile({
          type: 'asset',
          name: 'libsodium-sumo.wasm',
          source: Buffer.from(found[1], 'base64'),
        });
        const fetched = `new Uint8Array(await (await fetch(import.meta.ROLLUP_FILE_URL_${ref})).arrayBuffer())`;
        const kept = new Set<string>();
        const trimmed = code
          .replace(found[0], () => fetched)
          .replace(SODIUM_EXPORT, (m, name) => {
            if (!SODIUM_CALLED.has(name)) return '';
            kept.add(name);
            return m;
          });
        if (kept.size !== SODIUM_CALLED.size)
          this.error('libsodium-sumo: an export it calls was not found');
        return { code: trimmed, map: null };
      },
    },
  };
}

// The messages (src/lib/ui/i18n) compiled, when changed, before anything imports them
// (in a process of its own: the compiler leaves a request open for a while).
function messages(): Plugin {
  return {
    name: 'trainyard:messages',
    buildStart: () =>
      void execFileSync(process.execPath, ['scripts/i18n.js'], { stdio: 'inherit' }),
  };
}

export default defineConfig({
  plugins: [messages(), sveltekit(), sodiumWasmFile()],
  worker: { plugins: () => [sodiumWasmFile()] },
  build: {
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => (SIDE_EFFECT_FREE.test(id) ? false : undefined),
      },
    },
  },
  test: {
    environment: 'node',
    setupFiles: ['tests/setup.ts'],
    testTimeout: 120_000,
    // Every core: left to itself Vitest ran one file at a time on these 2-core machines.
    maxWorkers: '100%',
    ...(slowFirst ? { sequence: { sequencer: slowFirst } } : {}),
    projects: [
      {
        extends: true,
        test: {
          name: 'shared',
          include: ['tests/**/*.test.ts'],
          exclude: ['tests/e2e/**', ...ISOLATED],
          isolate: false,
        },
      },
      { extends: true, test: { name: 'isolated', include: ISOLATED } },
    ],
  },
});
