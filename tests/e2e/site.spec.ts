// The static build: the landing page, the pipe page and deep links, at the
// site root and under a subpath of a plain static host (no PeerServer).
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { VARIANT_IDS, variantOf } from '../../src/lib/engine';

function served(name: string): string {
  const url = process.env[name];
  if (!url) throw new Error(`${name} is not set: global setup did not run`);
  return url;
}

/** Records page errors and every response outside 2xx/3xx. */
function watch(page: Page): { errors: string[]; requests: string[] } {
  const seen = { errors: [] as string[], requests: [] as string[] };
  page.on('pageerror', (error) => seen.errors.push(error.message));
  page.on('response', (response) => {
    seen.requests.push(new URL(response.url()).pathname);
    if (response.status() >= 400 && !response.url().endsWith('/peerjs')) {
      seen.errors.push(`${response.status()} ${response.url()}`);
    }
  });
  return seen;
}

async function expectLanding(page: Page): Promise<void> {
  await expect(page).toHaveTitle(/Trainyard/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Trainyard');
  await expect(page.getByRole('listitem')).toHaveText(VARIANT_IDS.map((id) => variantOf(id).title));
}

test('the landing page names the five variants', async ({ page }) => {
  const seen = watch(page);
  await page.goto(served('E2E_ROOT_URL'));
  await expectLanding(page);
  expect(seen.errors).toEqual([]);
});

test('the build works from a subpath of a plain static host', async ({ page }) => {
  const base = served('E2E_STATIC_SUBPATH_URL');
  const prefix = new URL(base).pathname;
  expect(prefix).toBe('/trainyard/');
  const seen = watch(page);

  await page.goto(base);
  await expectLanding(page);
  expect(seen.requests.some((path) => path.startsWith(`${prefix}_app/immutable/`))).toBe(true);

  // The pipe page hydrates (onMount runs) and, finding no PeerServer, picks the public one.
  await page.goto(`${base}dev/pipe`);
  await expect(page.getByTestId('status')).toHaveText('idle');
  await expect(page.getByTestId('signalling')).toHaveText('public PeerJS server');

  // Client-side navigation back home stays under the subpath.
  await page.getByRole('link', { name: 'Back to Trainyard' }).click();
  await expect(page).toHaveURL(base);
  await expectLanding(page);

  expect(seen.requests.filter((path) => !path.startsWith(prefix))).toEqual([]);
  expect(seen.errors).toEqual([]);
});

test('a deep link gets the app through the SPA fallback', async ({ page }) => {
  const seen = watch(page);
  const response = await page.goto(`${served('E2E_ROOT_URL')}no/such/table?room=abc`);
  expect(response?.status()).toBe(200);
  await expect(page.getByText('404')).toBeVisible();
  expect(seen.errors).toEqual([]);
  // An invite on an unknown page still reaches the lobby, which names what is wrong with it.
  await page.goto(`${served('E2E_ROOT_URL')}no/such/table?join=abc`);
  await expect(page).toHaveURL(/lobby\?join=abc/);
  await expect(page.getByText('This link is damaged or not for Trainyard')).toBeVisible();
});

test('no page is wider than a phone', async ({ browser }) => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } });
  for (const path of ['', 'play?mode=solo', 'play?mode=pass', 'lobby', 'rules', 'replay']) {
    await page.goto(`${served('E2E_ROOT_URL')}${path}`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width, `${path || 'landing'} is ${width} px wide`).toBeLessThanOrEqual(390);
  }
  await page.close();
});
