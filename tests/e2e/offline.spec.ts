// The offline app in real Chromium. After one visit the service worker holds the
// whole site, so with its server closed and the network cut, a solo round plays
// to its end and the rules and replay pages load (at the root and under a
// subpath). A new version waits behind the "New version" banner until the
// player reloads. Each test serves its own copy of the build, so it can take
// the server away or change it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { PROJECT_ROOT, startServer } from '../../scripts/server.js';
import { fastSettings, startSolo, watchErrors } from './helpers-table';

const BUILD = path.join(PROJECT_ROOT, 'build');

test.use({ serviceWorkers: 'allow' });

/** A page marked before a reload it should or should not have had. */
type Marked = Window & { stale?: true };

/** Wait until the service worker has cached the site and controls the page. */
async function installed(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
}

/** The path under `base` each built file is served at: pages without `.html`. */
function servedPaths(base: string): string[] {
  const files = fs.readdirSync(BUILD, { recursive: true, encoding: 'utf8' });
  return (
    files
      .filter((f) => fs.statSync(path.join(BUILD, f)).isFile())
      .map((f) => f.split(path.sep).join('/'))
      .filter((f) => f !== 'service-worker.js' && f !== '_app/version.json')
      // The server's compressed copies of files (scripts/precompress.js) are not addresses.
      .filter((f) => !/\.(br|gz)$/.test(f))
      .map(
        (f) => base + (f === 'index.html' ? '' : f === '404.html' ? f : f.replace(/\.html$/, '')),
      )
  );
}

/** Every path the cache of the page's service worker holds (one cache: old ones are gone). */
async function cachedPaths(page: Page): Promise<{ names: string[]; paths: string[] }> {
  return page.evaluate(async () => {
    const names = await caches.keys();
    const paths: string[] = [];
    for (const name of names) {
      for (const request of await (await caches.open(name)).keys()) {
        paths.push(new URL(request.url).pathname);
      }
    }
    return { names, paths };
  });
}

for (const base of ['/', '/trainyard/']) {
  test(`offline at ${base}: after one visit a solo round, the rules and the replay page work with no network`, async ({
    page,
    context,
  }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    const server = await startServer({ port: 0, host: '127.0.0.1', base });
    try {
      await fastSettings(page, 'instant');
      await page.goto(server.url);
      await installed(page);
      const { names, paths } = await cachedPaths(page);
      expect(names).toHaveLength(1);
      expect(paths.sort()).toEqual(servedPaths(base).sort());

      await server.close();
      await context.setOffline(true);
      await page.reload();
      await startSolo(page, {
        url: server.url,
        variant: 'mexican-train',
        options: { rounds: 1, set: 6, handSize: 5 },
      });
      // Stored offline: the landing page's Continue list has it (and says when it was
      // stored, and whether the browser may delete it), and it continues from there.
      const room = new URL(page.url()).searchParams.get('room');
      await page.goto(server.url);
      const stored = page.getByTestId(`continue-${room}`);
      await expect(stored).toContainText(/stored (just now|1 min ago)/);
      const persisted = await page.evaluate(() => navigator.storage.persisted());
      await expect(page.getByTestId('storage-note')).toBeVisible({ visible: !persisted });
      await stored.click();
      await expect(page.getByTestId('hand').locator('button').first()).toBeVisible();

      await page.getByTestId('autoplay').click();
      const over = page.getByTestId('round-over').or(page.getByTestId('game-over'));
      await expect(over).toBeVisible({ timeout: 90_000 });

      // The manifest and its icons, for installing.
      const icons = await page.evaluate(async () => {
        const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]')!;
        const manifest = (await (await fetch(link.href)).json()) as {
          icons: { src: string; type: string }[];
        };
        return Promise.all(
          manifest.icons.map(async ({ src, type }) => {
            const response = await fetch(new URL(src, link.href));
            return { ok: response.ok, type, served: response.headers.get('content-type') };
          }),
        );
      });
      expect(icons.length).toBeGreaterThanOrEqual(3);
      for (const icon of icons) expect(icon).toEqual({ ...icon, ok: true, served: icon.type });

      await page.goto(`${server.url}rules/railominos`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Railominos');
      await page.goto(`${server.url}replay`);
      await expect(page.getByTestId('replay-file')).toBeEnabled();
      expect(errors, errors.join('\n')).toEqual([]);

      // An invite link (a query on a prerendered page) reaches the lobby, whose look
      // for the site's PeerServer fails offline; an unknown path gets the fallback page.
      await page.goto(`${server.url}?join=offline-test`);
      await expect(page).toHaveURL(/\/lobby\?join=offline-test$/);
      await page.goto(`${server.url}no-such-page`);
      await expect(page.getByText('404')).toBeVisible();
    } finally {
      await context.setOffline(false);
      await server.close();
    }
  });
}

test(
  'a new version waits behind the update banner until the player reloads',
  { tag: '@waits' },
  async ({ page, context }) => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'trainyard-update-'));
    fs.cpSync(BUILD, root, { recursive: true });
    const server = await startServer({ port: 0, host: '127.0.0.1', root, peerServer: false });
    try {
      await page.goto(server.url);
      await installed(page);
      await expect(page.getByTestId('update-banner')).toBeHidden();

      // Deploy a new version: the service worker's version (its cache's name) changes.
      const { version } = JSON.parse(
        fs.readFileSync(path.join(BUILD, '_app', 'version.json'), 'utf8'),
      ) as { version: string };
      const next = `${version}-next`;
      const script = path.join(root, 'service-worker.js');
      const code = fs.readFileSync(script, 'utf8');
      expect(code).toContain(`\`${version}\``);
      fs.writeFileSync(script, code.replace(`\`${version}\``, `\`${next}\``));

      // Found while the page is open: offered, not applied.
      await page.evaluate(async () => {
        await (await navigator.serviceWorker.ready).update();
      });
      await expect(page.getByTestId('update-banner')).toBeVisible();
      // A plain reload keeps the running version and still offers the new one.
      await page.reload();
      await expect(page.getByTestId('update-banner')).toBeVisible();
      expect((await cachedPaths(page)).names.sort()).toEqual([
        `trainyard / ${version}`,
        `trainyard / ${next}`,
      ]);

      // A second tab (a game running there) is offered the new version too.
      const other = await context.newPage();
      await other.goto(server.url);
      await expect(other.getByTestId('update-banner')).toBeVisible();
      for (const p of [page, other]) await p.evaluate(() => ((window as Marked).stale = true));

      // The banner's reload: the new version takes over, the page reloads, old caches go.
      await Promise.all([page.waitForEvent('load'), page.getByTestId('update-reload').click()]);
      expect(await page.evaluate(() => (window as Marked).stale)).toBeUndefined();
      await installed(page);
      await expect(page.getByTestId('update-banner')).toBeHidden();
      const waiting = await page.evaluate(
        async () => (await navigator.serviceWorker.ready).waiting !== null,
      );
      expect(waiting).toBe(false);
      await expect
        .poll(async () => (await cachedPaths(page)).names)
        .toEqual([`trainyard / ${next}`]);

      // The other tab was not reloaded under its game; its banner now just reloads.
      await expect(other.getByTestId('update-banner')).toBeVisible();
      expect(await other.evaluate(() => (window as Marked).stale)).toBe(true);
      await Promise.all([other.waitForEvent('load'), other.getByTestId('update-reload').click()]);
      await expect(other.getByTestId('update-banner')).toBeHidden();
    } finally {
      await server.close();
      fs.rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
    }
  },
);
