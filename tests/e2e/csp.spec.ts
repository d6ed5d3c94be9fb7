// The Content Security Policy in real Chromium: every page carries it, a solo
// table plays a round with no violation, connections go only where the policy
// allows, and a name made of markup is shown as text everywhere names appear.
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createTable, newPlayer, setGame, startAndAutoplay } from './helpers-online';
import { fastSettings, mouseStep, served, setOption, startSolo } from './helpers-table';

const XSS = '<img src=x onerror=alert(1)>';
const SHORT_MT = { rounds: 1, set: 6, handSize: 4 };

/** Violations (from the page's own event and Chromium's console reports) and page errors. */
async function watchCsp(page: Page): Promise<string[]> {
  const seen: string[] = [];
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.effectiveDirective} ${e.blockedURI} ${e.sourceFile}`);
    });
  });
  page.on('console', (m) => {
    if (/Content Security Policy|CSP violation/i.test(m.text())) seen.push(m.text());
  });
  page.on('pageerror', (e) => seen.push(`pageerror: ${e.message}`));
  page.on('dialog', (d) => {
    seen.push(`dialog: ${d.message()}`);
    void d.dismiss();
  });
  return seen;
}

/** The page's two policies: the site's (SvelteKit's meta) and the boot script's connect-src. */
async function policies(page: Page): Promise<{ site: string; connect: string }> {
  const site = page.locator(
    'meta[http-equiv="content-security-policy"]:not([data-connect-policy])',
  );
  await expect(site).toHaveCount(1);
  const connect = page.locator('meta[data-connect-policy]');
  await expect(connect).toHaveCount(1);
  return {
    site: (await site.getAttribute('content')) ?? '',
    connect: (await connect.getAttribute('content')) ?? '',
  };
}

/** Whether the policy refuses a fetch to `url` (a refusal fires a violation for it). */
async function fetchRefused(page: Page, url: string): Promise<boolean> {
  return page.evaluate(async (target) => {
    let refused = false;
    const seen = (e: SecurityPolicyViolationEvent) => {
      if (e.effectiveDirective === 'connect-src' && e.blockedURI.startsWith(target)) refused = true;
    };
    document.addEventListener('securitypolicyviolation', seen);
    await fetch(target, { mode: 'no-cors' }).catch(() => undefined);
    await new Promise((r) => setTimeout(r, 100));
    document.removeEventListener('securitypolicyviolation', seen);
    return refused;
  }, url);
}

/** A name field without its length limit, as a peer with its own client would send. */
async function fillName(input: Locator, name: string): Promise<void> {
  await input.evaluate((el) => el.removeAttribute('maxlength'));
  await input.fill(name);
}

/** The name is in these places as text, and no element was made from it. */
async function expectShownAsText(page: Page, places: readonly Locator[]): Promise<void> {
  for (const place of places) await expect(place).toContainText(XSS);
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
}

test('every page carries the policy; a solo round plays with no violation', async ({ page }) => {
  test.setTimeout(90_000);
  const problems = await watchCsp(page);
  await fastSettings(page);
  const pages = [
    served(),
    `${served()}play?mode=solo`,
    `${served()}lobby`,
    `${served()}rules/mexican-train`,
    `${served()}replay`,
    `${served()}table`,
    served('E2E_STATIC_SUBPATH_URL'),
    `${served('E2E_STATIC_SUBPATH_URL')}replay`,
  ];
  for (const url of pages) {
    await page.goto(url);
    const { site, connect } = await policies(page);
    expect(site, url).toMatch(/script-src 'self' 'wasm-unsafe-eval'( 'sha256-[\w+/=]+')+;/);
    expect(site, url).not.toMatch(/'unsafe-inline'|'unsafe-eval'/);
    expect(site, url).toContain("object-src 'none'");
    expect(connect, url).toBe("connect-src 'self' https://0.peerjs.com wss://0.peerjs.com");
  }

  await startSolo(page, { variant: 'mexican-train', options: SHORT_MT, extraBots: -1 });
  // The Pixi board draws (without pixi.js/unsafe-eval it fails to start here).
  await expect(page.locator('canvas')).toHaveCount(1);
  await page.getByTestId('autoplay').click();
  await expect(page.getByTestId('game-over')).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('audit')).toHaveAttribute('data-violations', '0');
  expect(problems, problems.join('\n')).toEqual([]);
});

test('connections go only to this site and the chosen signalling server', async ({ page }) => {
  const problems = await watchCsp(page);
  const other = served('E2E_STATIC_SUBPATH_URL');
  const { host, port } = new URL(other);
  await page.goto(`${served()}lobby`);
  expect(await fetchRefused(page, other)).toBe(true);
  expect(await fetchRefused(page, served())).toBe(false);
  const socket = await page.evaluate(
    (url) =>
      new Promise<string>((resolve) => {
        document.addEventListener('securitypolicyviolation', (e) => resolve(e.blockedURI), {
          once: true,
        });
        new WebSocket(url).onerror = () => setTimeout(() => resolve('error only'), 500);
      }),
    `ws://${host}/peerjs`,
  );
  expect(socket).toContain(`ws://${host}`);

  // Another PeerServer, chosen in settings: reachable once the page reloads.
  await page.getByTestId('net-settings-open').click();
  await page.getByTestId('signal-custom').check();
  await page.getByTestId('signal-host').fill(new URL(other).hostname);
  await page.getByTestId('signal-port').fill(port);
  await page.getByTestId('signal-secure').uncheck();
  await page.getByTestId('net-save').click();
  await expect(page.getByTestId('net-reload-needed')).toBeVisible();
  await page.getByTestId('net-reload').click();
  await expect(page.locator('meta[data-connect-policy]')).toHaveAttribute(
    'content',
    `connect-src 'self' http://${host} ws://${host}`,
  );
  await page.getByTestId('net-settings-open').click();
  await expect(page.getByTestId('net-reload-needed')).toHaveCount(0);
  expect(await fetchRefused(page, other)).toBe(false);
  expect(await fetchRefused(page, 'https://0.peerjs.com/')).toBe(true);
  // Only the refusals asked for above were reported.
  expect(problems.filter((p) => !/connect-src|Refused to connect/.test(p))).toEqual([]);
});

test(
  'pass and play: a name made of markup is shown as text',
  { tag: '@waits' },
  async ({ page }) => {
    test.setTimeout(150_000);
    const problems = await watchCsp(page);
    await fastSettings(page);
    await page.goto(served());
    await page.getByTestId('pass-and-play').click();
    await page.getByTestId('variant-select').selectOption('mexican-train');
    await fillName(page.getByTestId('name-input'), XSS);
    await page.getByTestId('name-input-1').fill('Bea');
    for (const [key, value] of Object.entries(SHORT_MT)) {
      await setOption(page, key, value);
    }
    await page.getByTestId('start-game').click();
    await page.waitForURL(/table\?room=/);

    const curtain = page.getByTestId('curtain');
    const log = page.getByTestId('move-log');
    // Turns by mouse to the end of the round (the log names seats there; in a turn
    // it says "You").
    const over = page.getByTestId('game-over');
    let curtainShowedIt = false;
    // A round of many draws and passes can take more than 40 turns (the deal is random).
    for (let turn = 0; turn < 80 && !(await over.isVisible()); turn++) {
      await expect(curtain.or(over)).toBeVisible({ timeout: 30_000 });
      if (await over.isVisible()) break;
      const name = curtain.locator('.name');
      if ((await name.innerText()).trim() === XSS) {
        await expectShownAsText(page, [name]);
        curtainShowedIt = true;
      }
      await curtain.getByRole('button').click();
      await expect(curtain).toBeHidden();
      for (let step = 0; step < 6 && !(await curtain.or(over).isVisible()); step++) {
        await mouseStep(page);
        await page.waitForTimeout(150);
      }
    }
    expect(curtainShowedIt).toBe(true);
    await expect(over).toBeVisible();
    await expectShownAsText(page, [page.locator('.players'), page.getByTestId('scoreboard'), log]);
    expect(problems, problems.join('\n')).toEqual([]);
  },
);

test('online: a peer named with markup is shown as text in the lobby and at the table', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const ann = await newPlayer(browser, 'Ann');
  const eve = await newPlayer(browser, XSS);
  const problems = [...(await Promise.all([watchCsp(ann.page), watchCsp(eve.page)]))];
  const link = await createTable(ann);
  await setGame(ann, 'mexican-train', SHORT_MT);
  await eve.page.goto(link);
  await eve.page.waitForURL(/lobby\?join=/);
  await fillName(eve.page.getByTestId('name-input'), XSS);
  await eve.page.getByTestId('join').click();
  await expectShownAsText(ann.page, [ann.page.getByTestId('seats')]);
  await expectShownAsText(eve.page, [eve.page.getByTestId('seats')]);

  await startAndAutoplay(ann, [ann, eve]);
  for (const p of [ann, eve]) {
    await expect(p.page.getByTestId('game-over')).toBeVisible({ timeout: 90_000 });
    await expectShownAsText(p.page, [
      p.page.locator('.players'),
      p.page.getByTestId('scoreboard'),
      p.page.getByTestId('move-log'),
    ]);
  }
  expect(problems.flat(), problems.flat().join('\n')).toEqual([]);
  expect([...ann.errors, ...eve.errors]).toEqual([]);
});
