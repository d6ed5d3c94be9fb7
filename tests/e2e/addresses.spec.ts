// Every address of the site opens and reloads, with or without its trailing slash,
// online and offline once the service worker holds the site: on the project's own
// server and on a static host that redirects a folder's name to the folder
// (`/rules` → `/rules/`, as GitHub Pages does). The service worker once kept that
// redirect for `/rules` and handed it to the navigation: ERR_FAILED (issue 31).
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PROJECT_ROOT, startServer } from '../../scripts/server.js';

const BUILD = path.join(PROJECT_ROOT, 'build');

test.use({ serviceWorkers: 'allow' });

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.wasm': 'application/wasm',
  '.webmanifest': 'application/manifest+json',
};

/**
 * A plain static host: a folder's name redirects to the folder, a folder serves
 * its index.html, `/x` serves x.html, and anything else gets 404.html with 404.
 */
async function folderRedirectingHost(root: string): Promise<{ url: string; close(): void }> {
  const send = (res: http.ServerResponse, status: number, file: string) => {
    res.writeHead(status, {
      'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-cache',
    });
    res.end(fs.readFileSync(file));
  };
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://host');
    const file = path.join(root, decodeURIComponent(url.pathname));
    const stat = fs.statSync(file, { throwIfNoEntry: false });
    if (stat?.isDirectory() && !url.pathname.endsWith('/')) {
      res.writeHead(301, { location: `${url.pathname}/${url.search}` });
      res.end();
    } else if (stat?.isDirectory() && fs.existsSync(path.join(file, 'index.html'))) {
      send(res, 200, path.join(file, 'index.html'));
    } else if (stat?.isFile()) {
      send(res, 200, file);
    } else if (!url.pathname.endsWith('/') && fs.existsSync(`${file}.html`)) {
      send(res, 200, `${file}.html`);
    } else {
      send(res, 404, path.join(root, '404.html'));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/** Each page, at its own address and with a trailing slash. */
const ADDRESSES = [
  ['', ''],
  ['rules', 'rules/'],
  ['rules/railominos', 'rules/railominos/'],
  ['lobby', 'lobby/'],
  ['play?mode=solo', 'play/?mode=solo'],
  ['replay', 'replay/'],
] as const;

async function installed(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** Opens `url` and reloads it: the page's first heading both times (no browser error page). */
async function openAndReload(page: Page, url: string): Promise<string> {
  await page.goto(url);
  const heading = page.locator('h1').first();
  await expect(heading).toBeVisible();
  const text = (await heading.textContent()) ?? '';
  await page.reload();
  await expect(heading).toHaveText(text);
  await expect(page.getByTestId('error-page')).toHaveCount(0);
  return text;
}

for (const host of ['the project server', 'a static host that redirects folders'] as const) {
  test(`on ${host}, every address opens and reloads with or without its slash, online and offline`, async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    const served =
      host === 'the project server'
        ? await startServer({ port: 0, host: '127.0.0.1', peerServer: false })
        : await folderRedirectingHost(BUILD);
    try {
      await page.goto(served.url);
      await installed(page);
      for (const offline of [false, true]) {
        await context.setOffline(offline);
        for (const [bare, slashed] of ADDRESSES) {
          const heading = await openAndReload(page, served.url + bare);
          expect(await openAndReload(page, served.url + slashed), slashed).toBe(heading);
        }
      }
    } finally {
      await context.setOffline(false);
      await served.close();
    }
  });
}
