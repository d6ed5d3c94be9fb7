// The table page's main thread during a solo game: the longest task
// (PerformanceObserver 'longtask') while four bots and the person's seat on
// autoplay are dealt and play a Mexican Train round, headless Chromium
// (software GL), at instant pace. Then the deal as a mid-range phone would see
// it: Start to "dealt" (the person's hand shown) for a solo table of 4 and of 8
// seats, with the CPU slowed 4× by the DevTools protocol, as Lighthouse does.
import os from 'node:os';
import type { Browser, Page } from '@playwright/test';
import { withSite } from './site-browser';
import { mainTasks, mark, markAt, startTrace, stopTrace } from './trace';

/** Lighthouse's mid-range phone: the CPU slowed 4×. */
const THROTTLE = 4;

interface UiWindow {
  /** Start time and duration of each long task. */
  __longTasks: [number, number][];
}

/** The instant pace, no sound, and every long task of the page kept in `__longTasks`. */
async function watchLongTasks(page: Page): Promise<void> {
  await page.addInitScript(() => {
    localStorage.setItem('trainyard.settings', JSON.stringify({ speed: 'instant', sound: false }));
    const tasks: [number, number][] = [];
    (window as unknown as UiWindow).__longTasks = tasks;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
    }).observe({ type: 'longtask', buffered: true });
  });
}

/** Start → the person's hand shown, for a solo Mexican Train table of `seats` seats, throttled. */
async function throttledDeal(browser: Browser, url: string, seats: number) {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  try {
    await watchLongTasks(page);
    await page.goto(url);
    await page.getByTestId('play-solo').click();
    await page.getByTestId('variant-select').selectOption('mexican-train');
    await page.getByTestId('option-rounds').fill('1');
    const rows = page.locator('li[data-testid^="seat-"]');
    while ((await rows.count()) < seats) await page.getByTestId('add-bot').click();
    while ((await rows.count()) > seats) {
      await page.getByRole('button', { name: `Remove seat ${await rows.count()}` }).click();
    }
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLE });
    const atStart = await page.evaluate(() => performance.now());
    const started = Date.now();
    await page.getByTestId('start-game').click();
    await page.getByTestId('hand').locator('button').first().waitFor({ timeout: 120_000 });
    const dealtMs = Date.now() - started;
    const atDeal = await page.evaluate(() => performance.now());
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    const tasks = await page.evaluate(() => (window as unknown as UiWindow).__longTasks);
    const during = tasks.filter(([t]) => t >= atStart && t < atDeal).map(([, d]) => d);
    return { dealtMs, longestTaskMs: +Math.max(0, ...during).toFixed(1) };
  } finally {
    await page.close();
  }
}

export async function run(): Promise<Record<string, unknown>> {
  return withSite({ peerServer: false }, async ({ url, browser }) => {
    const deal4 = await throttledDeal(browser, url, 4);
    const deal8 = await throttledDeal(browser, url, 8);
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await watchLongTasks(page);
    await page.goto(url);
    await page.getByTestId('play-solo').click();
    await page.getByTestId('variant-select').selectOption('mexican-train');
    await page.getByTestId('option-rounds').fill('1');
    for (let i = 0; i < 2; i++) await page.getByTestId('add-bot').click();
    const started = Date.now();
    // Long tasks are reported late: each is put in its phase by its start time.
    const now = () => page.evaluate(() => performance.now());
    const atStart = await now();
    const loadBefore = os.loadavg()[0] ?? 0;
    // Traced as well: each task's CPU time, which waiting for a busy core does not inflate.
    await startTrace(browser, page);
    await page.getByTestId('start-game').click();
    await page.waitForURL(/table\?room=/);
    // The page's own start (navigation, hydration, the board's renderer) is not the game:
    // the deal is counted from the board's canvas on.
    await page.waitForFunction(() => document.querySelector('canvas'), null, { polling: 50 });
    const atTable = await now();
    await mark(page, 'canvas');
    await page.getByTestId('hand').locator('button').first().waitFor({ timeout: 60_000 });
    const dealtMs = Date.now() - started;
    const atDeal = await now();
    await page.getByTestId('autoplay').click();
    // A plain query twice a second: a locator's wait runs Playwright's selector engine
    // in the page on every change, and those tasks would count against the page.
    await page.waitForFunction(() => document.querySelector('[data-testid="game-over"]'), null, {
      timeout: 240_000,
      polling: 500,
    });
    await page.waitForTimeout(200);
    const events = await stopTrace(browser);
    const canvasAt = markAt(events, 'canvas');
    const cpuMs = (ts: (t: number) => boolean) =>
      Math.max(
        0,
        ...mainTasks(events)
          .filter((t) => ts(t.ts))
          .map((t) => (t.tdur ?? 0) / 1000),
      );
    const tasks = await page.evaluate(() => (window as unknown as UiWindow).__longTasks);
    const within = (from: number, to = Infinity) =>
      tasks.filter(([t]) => t >= from && t < to).map(([, d]) => d);
    const game = within(atTable);
    const round = within(atDeal);
    const start = within(atStart, atTable);
    const ms = (x: number) => +x.toFixed(1);
    return {
      game: 'mexican-train solo, 4 bots + the person on autoplay, 1 round, instant pace',
      renderer: 'headless Chromium, software GL (--disable-gpu)',
      dealMs: dealtMs,
      // The deal and the round, from the board's canvas to game over.
      longestTaskMs: ms(Math.max(0, ...game)),
      longTasks: game.length,
      /**
       * The most CPU time one task of the page's main thread took in that time (a
       * trace's thread time): what of longestTaskMs is the page's own work, where
       * the rest is waiting for a core on a busy machine.
       */
      longestTaskCpuMs: ms(cpuMs((t) => t >= canvasAt)),
      longestTaskCpuDuringPageStartMs: ms(cpuMs((t) => t < canvasAt)),
      /** The machine's 1-minute load average before and after the solo round. */
      loadAverage: [ms(loadBefore), ms(os.loadavg()[0] ?? 0)],
      longestTaskDuringRoundMs: ms(Math.max(0, ...round)),
      // From the start button to the board's canvas: navigation to the table page,
      // its modules and first render, Pixi's renderer.
      longestTaskDuringPageStartMs: ms(Math.max(0, ...start)),
      longestTaskIncludingPageLoadMs: ms(Math.max(0, ...tasks.map(([, d]) => d))),
      targetMs: 50,
      /**
       * Start → "dealt" (the hand shown) with the CPU slowed 4× (DevTools protocol), solo
       * Mexican Train of 4 and of 8 seats: one browser builds every hop (it checks none
       * of its own proofs), hops one after another, each split between its table
       * worker and its proof workers (min(cores − 1, 4) of them, at least 1).
       */
      dealThrottledMs: deal4.dealtMs,
      deal8ThrottledMs: deal8.dealtMs,
      dealThrottledTargetMs: 2000,
      deal8ThrottledTargetMs: 4000,
      cpuThrottling: THROTTLE,
      /** navigator.hardwareConcurrency in that Chromium: how many proof workers it has. */
      cores: await page.evaluate(() => navigator.hardwareConcurrency),
      /** The page's longest task during each throttled deal (the page draws; the worker deals). */
      longestTaskThrottledDealMs: deal4.longestTaskMs,
      longestTaskThrottledDeal8Ms: deal8.longestTaskMs,
    };
  });
}
