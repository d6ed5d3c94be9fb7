import { sveltekit } from '@sveltejs/kit/vite';
import { defineConfig } from 'vitest/config';

// Our library layers run nothing on import but their own declarations (the worker's
// entry aside), so a module none of whose exports a page uses need not be loaded.
// Without this, Rolldown loads whatever a used module or a barrel (`$lib/session`)
// imports: the table page fetched the whole session, protocol and bots that run in
// its worker. tweetnacl is a CommonJS module whose wrapper counts as an effect.
const SIDE_EFFECT_FREE =
  /\/src\/lib\/(engine|protocol|bots|session|net|render)\/(?![^?]*table-worker)[^?]*\.ts$|\/node_modules\/tweetnacl\//;

export default defineConfig({
  plugins: [sveltekit()],
  build: {
    rolldownOptions: {
      treeshake: {
        moduleSideEffects: (id: string) => (SIDE_EFFECT_FREE.test(id) ? false : undefined),
      },
    },
  },
  test: {
    include: ['tests/**/*.test.ts'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    environment: 'node',
    testTimeout: 120_000,
  },
});
