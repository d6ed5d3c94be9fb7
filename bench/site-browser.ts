// What every browser bench starts with: the built site on a free port (with or
// without its PeerServer) and headless Chromium, both closed afterwards.
import { chromium, type Browser } from '@playwright/test';
import { buildIfNeeded } from '../scripts/build-if-needed.js';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.js';
import { startServer } from '../scripts/server.js';

export interface Site {
  readonly url: string;
  readonly browser: Browser;
}

/** `use` with the site and a browser; `{status: 'skipped'}` when there is no Chromium. */
export async function withSite(
  options: { readonly peerServer: boolean },
  use: (site: Site) => Promise<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const found = findChromium({ full: true });
  if (found.error) return { status: 'skipped', reason: found.error };
  buildIfNeeded({ quietStdout: true });
  const server = await startServer({ port: 0, host: '127.0.0.1', peerServer: options.peerServer });
  const browser = await chromium.launch({
    ...(found.executablePath ? { executablePath: found.executablePath } : {}),
    args: CHROMIUM_ARGS,
  });
  try {
    return await use({ url: server.url, browser });
  } finally {
    await browser.close();
    await server.close();
  }
}
