import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

const out = process.env.TRAINYARD_BUILD_DIR ?? 'build';

// The inline script of src/app.html (it sets the connect-src policy from the
// stored net settings), hashed from the file itself so the policy never lags
// behind an edit of the script.
const template = readFileSync(new URL('./src/app.html', import.meta.url), 'utf8');
/** @param {string} text */
const sha256 = (text) =>
  /** @type {`sha256-${string}`} */ (
    `sha256-${createHash('sha256').update(text).digest('base64')}`
  );
const bootScripts = [...template.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map(([, text]) =>
  sha256(text ?? ''),
);

// The style attribute of SvelteKit's route announcer (the aria-live region its
// generated root component adds once the app starts), verbatim.
const ANNOUNCER_STYLE =
  'position: absolute; left: 0; top: 0; clip: rect(0 0 0 0); clip-path: inset(50%); overflow: hidden; white-space: nowrap; width: 1px; height: 1px';

/** @type {import('@sveltejs/kit').Config} */
const config = {
  preprocess: vitePreprocess(),
  kit: {
    // SPA fallback so any deep link (e.g. an invite) loads the app on any static host.
    // TRAINYARD_BUILD_DIR: the browser tests' second, deliberately dishonest build.
    adapter: adapter({ pages: out, assets: out, fallback: '404.html', strict: true }),
    paths: { relative: true },
    prerender: { entries: ['*'] },
    // A new version is looked for every 5 minutes (src/routes/+layout.svelte).
    version: { pollInterval: 300_000 },
    // Registered by the page (src/lib/ui/app-update.svelte.ts), which also offers its updates.
    serviceWorker: { register: false },
    // Prerendered pages carry this as a <meta http-equiv>; SvelteKit adds the
    // hashes of its own inline scripts. connect-src is only a fence here (no
    // data:, blob: or other schemes): the policy app.html's boot script adds
    // narrows it to this site and the chosen signalling server.
    csp: {
      mode: 'hash',
      directives: {
        'default-src': ['self'],
        // 'wasm-unsafe-eval': libsodium's WebAssembly build (the accelerator)
        // compiles on the page too (replay, deck check), not only in the worker.
        // (A worker's policy comes from its own response headers, not from
        // this meta: a static host sends none to the table worker.)
        'script-src': ['self', 'wasm-unsafe-eval', ...bootScripts],
        'worker-src': ['self'],
        // Svelte 5 and Pixi set styles through the CSSOM (allowed); the only
        // style attribute in markup is SvelteKit's announcer, allowed by hash.
        'style-src': ['self'],
        'style-src-attr': ['unsafe-hashes', sha256(ANNOUNCER_STYLE)],
        // Images, fonts, the manifest: default-src. The QR code is inline SVG
        // and Pixi draws its own textures, so no data: or blob: images.
        'connect-src': ['self', 'https:', 'wss:', 'http:', 'ws:'],
        'object-src': ['none'],
        'base-uri': ['self'],
        'form-action': ['self'],
      },
    },
  },
};

export default config;
