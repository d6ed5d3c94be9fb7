import adapter from '@sveltejs/adapter-static';
import { vitePreprocess } from '@sveltejs/vite-plugin-svelte';

const out = process.env.TRAINYARD_BUILD_DIR ?? 'build';

/** @type {import('@sveltejs/kit').Config} */
const config = {
  preprocess: vitePreprocess(),
  kit: {
    // SPA fallback so any deep link (e.g. an invite) loads the app on any static host.
    // TRAINYARD_BUILD_DIR: the browser tests' second, deliberately dishonest build.
    adapter: adapter({ pages: out, assets: out, fallback: '404.html', strict: true }),
    paths: { relative: true },
    prerender: { entries: ['*'] },
    // Registered by the page (src/lib/ui/app-update.svelte.ts), which also offers its updates.
    serviceWorker: { register: false },
  },
};

export default config;
