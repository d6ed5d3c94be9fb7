// The table page's main thread during a solo game: the longest task
// (PerformanceObserver 'longtask') while four bots and the person's seat on
// autoplay are dealt and play a Mexican Train round, headless Chromium
// (software GL), at instant pace.
import { withSite } from './site-browser';

interface UiWindow {
  /** Start time and duration of each long task. */
  __longTasks: [number, number][];
}

export async function run(): Promise<Record<string, unknown>> {
  return withSite({ peerServer: false }, async ({ url, browser }) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => {
      localStorage.setItem(
        'trainyard.settings',
        JSON.stringify({ speed: 'instant', sound: false }),
      );
      const tasks: [number, number][] = [];
      (window as unknown as UiWindow).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) tasks.push([e.startTime, e.duration]);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(url);
    await page.getByTestId('play-solo').click();
    await page.getByTestId('variant-select').selectOption('mexican-train');
    await page.getByTestId('option-rounds').fill('1');
    for (let i = 0; i < 2; i++) await page.getByTestId('add-bot').click();
    const started = Date.now();
    // Long tasks are reported late: each is put in its phase by its start time.
    const now = () => page.evaluate(() => performance.now());
    const atStart = await now();
    await page.getByTestId('start-game').click();
    await page.waitForURL(/table\?room=/);
    // The page's own start (navigation, hydration, the board's renderer) is not the game:
    // the deal is counted from the board's canvas on.
    await page.waitForFunction(() => document.querySelector('canvas'), null, { polling: 50 });
    const atTable = await now();
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
      longestTaskDuringRoundMs: ms(Math.max(0, ...round)),
      // From the start button to the board's canvas: navigation to the table page,
      // its modules and first render, Pixi's renderer.
      longestTaskDuringPageStartMs: ms(Math.max(0, ...start)),
      longestTaskIncludingPageLoadMs: ms(Math.max(0, ...tasks.map(([, d]) => d))),
      targetMs: 50,
    };
  });
}
