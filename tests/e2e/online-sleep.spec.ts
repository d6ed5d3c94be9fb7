// A phone's screen locks, or its network drops (issue 31): the page frozen and
// hidden for two minutes (the DevTools protocol's page lifecycle, as a browser
// freezes a hidden tab), or the network link down for 30 seconds inside the
// suite's network namespace (`ip link set … down`, then up), and then back: the
// seat comes back on its own and the game plays on to the same end on both pages
// (the host's stall choices, offered meanwhile, are left alone).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { expect, test } from './fixtures';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.js';
import {
  autoplay,
  createTable,
  expectSameGameOver,
  joinTable,
  newPlayer,
  setGame,
  SHORT_MT,
  type Player,
} from './helpers-online';
import { browserOnCable, ip } from './helpers-cable';
import { fastSettings } from './helpers-table';
import { startServer } from '../../scripts/server.js';

/**
 * Bob's browser, attached over CDP without Playwright's focus emulation: a page
 * Playwright opens itself counts as captured, stays visible and is never frozen.
 */
async function phoneBrowser(): Promise<{
  browser: Browser;
  player: Player;
  done: () => Promise<void>;
}> {
  const found = findChromium();
  if (found.error || !found.executablePath) throw new Error(found.error ?? 'no Chromium path');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainyard-phone-'));
  const child: ChildProcess = spawn(
    found.executablePath,
    [...CHROMIUM_ARGS, '--headless', `--user-data-dir=${dir}`, '--remote-debugging-port=0'],
    // A group of its own: its helper processes (which write the profile too) end with it.
    { stdio: ['ignore', 'ignore', 'pipe'], detached: true },
  );
  const port = await new Promise<string>((resolve, reject) => {
    let err = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      err += chunk.toString();
      const m = /DevTools listening on ws:\/\/[^:]+:(\d+)/.exec(err);
      if (m?.[1]) resolve(m[1]);
    });
    child.on('exit', (code) => reject(new Error(`Chromium exited (${code}): ${err}`)));
  });
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`, { noDefaults: true });
  const context = browser.contexts()[0]!;
  const page = context.pages()[0] ?? (await context.newPage());
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`Bob pageerror: ${e.message}`));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`Bob console: ${m.text()}`);
  });
  await fastSettings(page, 'instant');
  // Chromium and its helpers still write the profile while they exit: the folder
  // goes once the whole group has; a file written later leaves it to the OS's tmp.
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const done = async () => {
    if (child.exitCode === null && child.signalCode === null && child.pid !== undefined) {
      process.kill(-child.pid, 'SIGTERM');
      await exited;
    }
    if (child.pid !== undefined) {
      try {
        process.kill(-child.pid, 'SIGKILL');
      } catch {
        // The group has gone already.
      }
    }
    try {
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 10, retryDelay: 200 });
    } catch (error) {
      console.warn(`left ${dir}: ${String(error)}`);
    }
  };
  return { browser, player: { page, name: 'Bob', errors }, done };
}

/** Ann hosts, Bob joins; Ann plays on autoplay and Bob by hand, so the game waits for him. */
async function gameWaitingForBob(ann: Player, bob: Player, site?: string): Promise<void> {
  const link = await createTable(ann, site);
  await setGame(ann, 'mexican-train', SHORT_MT);
  await joinTable(bob, link);
  await ann.page.getByTestId('start-game').click();
  await bob.page.waitForURL(/table\?room=/, { timeout: 20_000 });
  await autoplay(ann);
  await expect(bob.page.getByTestId('hand').locator('button').first()).toBeVisible({
    timeout: 30_000,
  });
}

/** Bob's seat away on Ann's page, nothing played meanwhile, for `ms` (from `since`). */
async function awayFor(ann: Player, since: number, ms: number): Promise<void> {
  const seat = ann.page.getByTestId('players').locator('li', { hasText: 'Bob' });
  await expect(seat.getByTestId('seat-away')).toBeVisible({ timeout: 30_000 });
  const moves = await ann.page.getByTestId('move-log').locator('li').count();
  await ann.page.waitForTimeout(Math.max(0, ms - (Date.now() - since)));
  expect(await ann.page.getByTestId('move-log').locator('li').count()).toBe(moves);
}

/** Back: both pages see each other, Bob's hand is live, and he finishes on autoplay. */
async function playsOn(ann: Player, bob: Player): Promise<void> {
  const seat = ann.page.getByTestId('players').locator('li', { hasText: 'Bob' });
  await expect(seat.getByTestId('seat-away')).toBeHidden({ timeout: 60_000 });
  await expect(bob.page.getByTestId('reconnecting')).toBeHidden({ timeout: 60_000 });
  await expect(bob.page.getByTestId('join')).toHaveCount(0);
  await autoplay(bob);
  await expectSameGameOver([ann, bob], 120_000);
}

test(
  'a page frozen and hidden for two minutes comes back to its seat and plays on',
  { tag: '@waits' },
  async ({ browser }) => {
    test.setTimeout(360_000);
    const ann = await newPlayer(browser, 'Ann');
    const phone = await phoneBrowser();
    try {
      const bob = phone.player;
      await gameWaitingForBob(ann, bob);
      const cdp = await bob.page.context().newCDPSession(bob.page);
      await cdp.send('Page.setWebLifecycleState', { state: 'frozen' });
      const frozenAt = Date.now();
      await awayFor(ann, frozenAt, 120_000);
      await cdp.send('Page.setWebLifecycleState', { state: 'active' });
      expect(await bob.page.evaluate(() => document.visibilityState)).toBe('hidden');
      // The screen unlocked: the page shows again (as a page Playwright opens always does).
      await cdp.send('Emulation.setFocusEmulationEnabled', { enabled: true });
      expect(await bob.page.evaluate(() => document.visibilityState)).toBe('visible');
      await playsOn(ann, bob);
      // Chromium itself closes a frozen page's WebSocket (the signalling's), and says so; the page dials again.
      const frozen = /WebSocket connection to .* failed: Page entered Back-Forward Cache\.$/;
      expect([...ann.errors, ...bob.errors].filter((e) => !frozen.test(e))).toEqual([]);
    } finally {
      await phone.browser.close();
      await phone.done();
    }
  },
);

const HOST_IP = '10.78.0.1';
const PHONE_IP = '10.78.0.2';

// @network: it changes the suite's network interfaces, so it runs alone (playwright.config.ts).
test(
  'the network down for 30 seconds: the seat comes back and plays on',
  { tag: '@network' },
  async ({ browser }) => {
    test.skip(
      process.env.TRAINYARD_IN_NETNS !== '1',
      'needs root in the suite’s own network namespace (npm test as root on Linux)',
    );
    test.setTimeout(300_000);
    const cable = await browserOnCable('sleep', HOST_IP, PHONE_IP);
    // The site and its PeerServer on every address, as `npm start` serves them.
    const server = await startServer({ port: 0, host: '0.0.0.0' });
    try {
      const site = `http://${HOST_IP}:${server.port}/`;
      const ann = await newPlayer(browser, 'Ann');
      const bob = await newPlayer(cable.far, 'Bob');
      await gameWaitingForBob(ann, bob, site);
      ip('link', 'set', cable.near, 'down');
      const downAt = Date.now();
      try {
        await awayFor(ann, downAt, 30_000);
      } finally {
        ip('link', 'set', cable.near, 'up');
      }
      await playsOn(ann, bob);
      expect([...ann.errors, ...bob.errors]).toEqual([]);
    } finally {
      await server.close();
      await cable.close();
    }
  },
);
