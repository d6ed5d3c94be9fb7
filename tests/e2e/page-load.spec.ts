// A page whose code or messages do not arrive asks for them again; one that still
// cannot load says so in the player's language with a Reload button (never a bare
// "Something went wrong"); after a new version is deployed under an open page, its
// next navigation loads the new version. A button tapped while the page's code is
// still on its way answers once it has come. And a first visit opens a table while
// its service worker installs and takes over (issue 33).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { served } from './helpers-table';
import { PROJECT_ROOT, startServer } from '../../scripts/server.js';

const BUILD = path.join(PROJECT_ROOT, 'build');
const IMMUTABLE = path.join(BUILD, '_app', 'immutable');

/** The lobby page's own code: its node, named in the prerendered lobby page. */
function lobbyNode(): string {
  const html = fs.readFileSync(path.join(BUILD, 'lobby.html'), 'utf8');
  const nodes = [...new Set(html.match(/nodes\/\d+\.[\w-]+\.js/g))];
  const node = nodes.find((n) => !n.startsWith('nodes/0.'));
  if (!node) throw new Error('no lobby node in lobby.html');
  return node;
}

/** The lobby's messages in `locale` (the online area's module for it). */
function onlineMessages(locale: 'en' | 'es' = 'en'): string {
  const words = JSON.parse(
    fs.readFileSync(
      path.join(PROJECT_ROOT, 'src/lib/ui/i18n/messages/online', `${locale}.json`),
      'utf8',
    ),
  ) as Record<string, string>;
  const dir = path.join(IMMUTABLE, 'chunks');
  const file = fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.js'))
    .find((f) => {
      const code = fs.readFileSync(path.join(dir, f), 'utf8');
      return code.includes(`\`${words.opening}\``) && code.includes(`\`${words.answer_offer}\``);
    });
  if (!file) throw new Error(`no online messages chunk in ${locale}`);
  return `chunks/${file}`;
}

/** The page's inline scripts, as its Content Security Policy names them. */
function scriptHashes(html: string): string[] {
  return [...html.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map(
    ([, text]) =>
      `sha256-${createHash('sha256')
        .update(text ?? '')
        .digest('base64')}`,
  );
}

/** Requests for `file` fail `times` times (a dropped connection), then go through. */
async function failing(page: Page, file: string, times: number): Promise<() => number> {
  let failed = 0;
  await page.route(`**/_app/immutable/${file}`, async (route) => {
    if (failed < times) {
      failed += 1;
      await route.abort('connectionreset');
    } else await route.continue();
  });
  return () => failed;
}

async function lobbyOpened(page: Page): Promise<void> {
  await expect(page.getByTestId('name-input')).toBeEnabled();
  await expect(page.getByTestId('error-page')).toHaveCount(0);
}

for (const [what, file] of [
  ['messages', onlineMessages],
  ['code', lobbyNode],
] as const) {
  test(`a page whose ${what} fail to arrive once asks again and opens`, async ({ page }) => {
    await page.goto(served());
    await expect(page.getByTestId('create-table')).toBeVisible();
    const failed = await failing(page, file(), 1);
    await page.getByTestId('create-table').click();
    await lobbyOpened(page);
    expect(failed()).toBe(1);

    // Opened directly too (the page starts on the lobby).
    const again = await page.context().newPage();
    const failedAgain = await failing(again, file(), 1);
    await again.goto(`${served()}lobby`);
    await lobbyOpened(again);
    expect(failedAgain()).toBe(1);
  });
}

test('a page that cannot load says so in the player’s language and reloads when asked', async ({
  page,
}) => {
  await page.addInitScript(() => localStorage.setItem('trainyard.lang', 'es'));
  await page.goto(served());
  await expect(page.getByTestId('create-table')).toBeVisible();
  await failing(page, onlineMessages('es'), Number.POSITIVE_INFINITY);
  await page.getByTestId('create-table').click();
  const error = page.getByTestId('error-page');
  await expect(error).toHaveAttribute('data-kind', 'load');
  await expect(error.getByRole('heading')).toHaveText('Esta página no pudo cargarse');
  await expect(error).not.toContainText('Algo salió mal');
  const reload = page.getByTestId('error-reload');
  await expect(reload).toHaveText('Volver a cargar');

  // The connection is back: Reload opens the page.
  await page.unrouteAll();
  await reload.click();
  await lobbyOpened(page);
  expect(new URL(page.url()).pathname).toBe('/lobby');
});

test('a button tapped before the page’s code has come answers once it has', async ({ page }) => {
  // The app's code held back a second: the prerendered page, its button with it, shows first.
  await page.route(/\/_app\/immutable\/entry\//, async (route) => {
    await new Promise((done) => setTimeout(done, 1000));
    await route.continue();
  });
  await page.goto(`${served()}rules/engine-191`, { waitUntil: 'commit' });
  await page.getByTestId('howto-open').click();
  await expect(page.getByTestId('howto')).toBeVisible();
});

/**
 * A new version of `root`: the lobby's code under a new name, and every file that
 * names a renamed one changed (and renamed, if its name is a hash), as a build does.
 */
function deployNewVersion(root: string): void {
  const immutable = path.join(root, '_app', 'immutable');
  const renamed = new Map<string, string>([[path.basename(lobbyNode()), '']]);
  const texts = () =>
    fs
      .readdirSync(root, { recursive: true, encoding: 'utf8' })
      .map((f) => path.join(root, f))
      .filter((f) => /\.(js|html|json)$/.test(f) && fs.statSync(f).isFile());
  for (let changed = true; changed;) {
    changed = false;
    for (const [from, to] of renamed) {
      if (to !== '') continue;
      const next = from.replace(/\.js$/, 'v2.js');
      renamed.set(from, next);
      const file = texts().find((f) => path.basename(f) === from);
      if (file) fs.renameSync(file, path.join(path.dirname(file), next));
      changed = true;
    }
    for (const file of texts()) {
      const code = fs.readFileSync(file, 'utf8');
      let edited = code;
      for (const [from, to] of renamed) edited = edited.split(from).join(to);
      if (edited === code) continue;
      if (file.endsWith('.html')) {
        // The page's policy allows its inline scripts by hash: follow the edit.
        const after = scriptHashes(edited);
        edited = scriptHashes(code).reduce(
          (page, hash, i) => page.replace(hash, after[i] ?? hash),
          edited,
        );
      }
      fs.writeFileSync(file, edited);
      const name = path.basename(file);
      if (file.startsWith(immutable) && !renamed.has(name) && ![...renamed.values()].includes(name))
        renamed.set(name, '');
    }
  }
  fs.writeFileSync(
    path.join(root, '_app', 'version.json'),
    JSON.stringify({ version: `${Date.now()}-next` }),
  );
}

test('after a new version is deployed under an open page, its next navigation loads it', async ({
  page,
}) => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trainyard-deploy-'));
  fs.cpSync(BUILD, root, { recursive: true });
  const server = await startServer({ port: 0, host: '127.0.0.1', root });
  try {
    await page.goto(server.url);
    await expect(page.getByTestId('create-table')).toBeVisible();
    await page.evaluate(() => ((window as { old?: true }).old = true));
    deployNewVersion(root);
    expect(fs.existsSync(path.join(root, '_app', 'immutable', lobbyNode()))).toBe(false);

    await page.getByTestId('create-table').click();
    await lobbyOpened(page);
    // Loaded afresh from the server: the new version.
    expect(await page.evaluate(() => (window as { old?: true }).old)).toBeUndefined();
  } finally {
    await server.close();
    fs.rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
  }
});

test('a table that cannot open says why and offers to try again', async ({ page }) => {
  // The signalling server takes the connection and then says nothing, until it is back.
  let back = false;
  await page.routeWebSocket(/\/peerjs\/peerjs/, (ws) => {
    if (back) ws.connectToServer();
  });
  await page.goto(`${served()}lobby`);
  await page.getByTestId('name-input').fill('Ann');
  await page.getByTestId('create-online').click();
  await expect(page.getByTestId('join-problem')).toContainText(
    'Nothing answered within 10 seconds',
  );
  back = true;
  await page.getByTestId('open-retry').click();
  await expect(page.getByTestId('invite-link')).toBeVisible();
  await expect(page.getByTestId('open-retry')).toHaveCount(0);
});

test.describe('a first visit', () => {
  test.use({ serviceWorkers: 'allow' });

  test('opens a table while its service worker installs and takes over, every time', async ({
    browser,
  }) => {
    test.setTimeout(240_000);
    for (let run = 0; run < 12; run += 1) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.goto(served());
      // A moment later each run, so the takeover falls at every step of opening.
      await page.waitForTimeout(run * 150);
      await page.getByTestId('create-table').click();
      await page.getByTestId('name-input').fill(`Run ${run}`);
      await page.getByTestId('create-online').click();
      await expect(page.getByTestId('invite-link'), `run ${run}`).toBeVisible();
      await expect(page.getByTestId('error-page')).toHaveCount(0);
      expect(errors, `run ${run}`).toEqual([]);
      await context.close();
    }
  });
});
