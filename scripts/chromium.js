// Which Chromium the browser tests use, and how it is started.
import fs from 'node:fs';
import { createRequire } from 'node:module';

export const SYSTEM_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's headless shell: the same Blink and V8 without the browser's UI layers,
 * what Playwright itself runs headless. The browser suite took 36% less CPU with
 * it than with the full browser's headless mode (115 against 179 CPU-s for the
 * same specs, measured), so the tests prefer it.
 */
export const SYSTEM_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * Flags that make WebRTC work headless inside a private network namespace:
 * host candidates with real addresses (no mDNS hiding), no QUIC, no
 * background traffic.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebRtcHideLocalIpsWithMdns',
];

export const NO_CHROMIUM_MESSAGE =
  `No Chromium for the browser tests. Install one of:\n` +
  `  apt-get install chromium-headless-shell   (Debian's, used from ${SYSTEM_HEADLESS_SHELL})\n` +
  `  apt-get install chromium            (Debian's, used from ${SYSTEM_CHROMIUM})\n` +
  `  npx playwright install chromium     (Playwright's own)`;

/**
 * `{ executablePath }` for Debian's headless shell or Chromium, `{}` for
 * Playwright's own, or `{ error }` when none is installed. `full`: the whole
 * browser only, never the headless shell (the benchmarks, measured with it).
 * @param {{ full?: boolean }} [options]
 * @returns {{ executablePath?: string, error?: string }}
 */
export function findChromium({ full = false } = {}) {
  const override = process.env.TRAINYARD_CHROMIUM;
  if (override) {
    return fs.existsSync(override)
      ? { executablePath: override }
      : { error: `TRAINYARD_CHROMIUM=${override} does not exist` };
  }
  if (!full && fs.existsSync(SYSTEM_HEADLESS_SHELL))
    return { executablePath: SYSTEM_HEADLESS_SHELL };
  if (fs.existsSync(SYSTEM_CHROMIUM)) return { executablePath: SYSTEM_CHROMIUM };
  try {
    const require = createRequire(import.meta.url);
    /** @type {import('playwright-core')} */
    const playwright = require('playwright-core');
    if (fs.existsSync(playwright.chromium.executablePath())) return {};
  } catch {
    // not installed: fall through
  }
  return { error: NO_CHROMIUM_MESSAGE };
}
