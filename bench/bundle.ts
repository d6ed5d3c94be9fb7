// Bundle size: gzip size of the JS and WebAssembly each page really loads, recorded
// in headless Chromium against the built site: the landing page from a cold load,
// and the table page from a cold load of a solo game in progress (its board, Pixi's
// renderer, the table worker and whatever the worker fetches). Reading the chunks'
// imports instead overcounts: Vite lists a dynamic import's dependencies next to
// it, and Pixi names renderers and environments it never picks. Builds first if needed.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { BrowserContext, Page } from '@playwright/test';
import { PROJECT_ROOT } from '../scripts/server.js';
import { withSite } from './site-browser';

interface Sizes {
  files: number;
  bytes: number;
  gzipBytes: number;
}

const BUILD = path.join(PROJECT_ROOT, 'build');
const gzipSize = (data: Buffer): number => gzipSync(data, { level: 9 }).length;
const kb = (bytes: number) => +(bytes / 1024).toFixed(1);

function sizes(files: readonly string[]): Sizes {
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const data = fs.readFileSync(file);
    bytes += data.length;
    gzipBytes += gzipSize(data);
  }
  return { files: files.length, bytes, gzipBytes };
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

const largest = (files: readonly string[], n: number) =>
  files
    .map((f) => ({ file: path.relative(BUILD, f), gzipKB: kb(gzipSize(fs.readFileSync(f))) }))
    .sort((a, b) => b.gzipKB - a.gzipKB)
    .slice(0, n);

/** Build files (JS, WebAssembly) requested by anything in the context while `work` runs. */
async function loads(
  context: BrowserContext,
  base: string,
  work: () => Promise<void>,
): Promise<string[]> {
  const seen = new Set<string>();
  const record = (url: string) => {
    const { pathname } = new URL(url);
    if (!url.startsWith(base) || !/\.(m?js|wasm)$/.test(pathname)) return;
    const file = path.join(
      BUILD,
      decodeURIComponent(pathname.slice(new URL(base).pathname.length)),
    );
    if (fs.existsSync(file)) seen.add(file);
  };
  const onRequest = (request: { url(): string }) => record(request.url());
  context.on('request', onRequest);
  try {
    await work();
  } finally {
    context.off('request', onRequest);
  }
  return [...seen];
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(1000);
}

export async function run(): Promise<Record<string, unknown>> {
  return withSite({ peerServer: false }, async ({ url, browser }) => {
    // A service worker would fetch every file to precache it: measure the pages alone.
    const context = await browser.newContext({
      viewport: { width: 1280, height: 800 },
      serviceWorkers: 'block',
    });
    const landingPage = await context.newPage();
    const landing = await loads(context, url, async () => {
      await landingPage.goto(url);
      await settle(landingPage);
    });

    // A solo game to come back to; then the table page loaded cold in a new tab.
    await landingPage.getByTestId('play-solo').click();
    await landingPage.getByTestId('variant-select').selectOption('mexican-train');
    await landingPage.getByTestId('option-rounds').fill('1');
    await landingPage.getByTestId('start-game').click();
    await landingPage.waitForURL(/table\?room=/);
    await landingPage.getByTestId('hand').locator('button').first().waitFor({ timeout: 60_000 });
    const tableUrl = landingPage.url();
    await landingPage.close();
    const tablePage = await context.newPage();
    // Routing turns Chromium's cache off, so every file the page needs is requested.
    await tablePage.route('**/*', (route) => route.continue());
    const table = await loads(context, url, async () => {
      await tablePage.goto(tableUrl);
      await tablePage.getByTestId('hand').locator('button').first().waitFor({ timeout: 60_000 });
      await settle(tablePage);
    });

    const all = walk(BUILD);
    const js = all.filter((file) => /\.(m?js|wasm)$/.test(file));
    const landingSizes = sizes(landing);
    const tableSizes = sizes(table);
    return {
      gzipLevel: 9,
      measured: 'files each page requested in headless Chromium (service workers blocked)',
      landingGzipKB: kb(landingSizes.gzipBytes),
      landingTargetKB: 120,
      tableGzipKB: kb(tableSizes.gzipBytes),
      tableTargetKB: 450,
      landingPage: { ...landingSizes, largest: largest(landing, 3) },
      tablePage: {
        ...tableSizes,
        worker: table.filter((f) => f.includes('/workers/')).map((f) => path.relative(BUILD, f)),
        wasm: table.filter((f) => f.endsWith('.wasm')).map((f) => path.relative(BUILD, f)),
        largest: largest(table, 5),
      },
      allJs: sizes(js),
      wholeBuild: sizes(all),
      largestJs: largest(js, 3),
    };
  });
}
