// The table page's main thread during a solo game: the longest task
// (PerformanceObserver 'longtask') while four bots and the person's seat on
// autoplay are dealt and play a Mexican Train round, headless Chromium
// (software GL), at instant pace.
import { withSite } from './site-browser';

interface UiWindow {
  __longTasks: number[];
}

export async function run(): Promise<Record<string, unknown>> {
  return withSite({ peerServer: false }, async ({ url, browser }) => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.addInitScript(() => {
      localStorage.setItem(
        'trainyard.settings',
        JSON.stringify({ speed: 'instant', sound: false }),
      );
      const tasks: number[] = [];
      (window as unknown as UiWindow).__longTasks = tasks;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) tasks.push(e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    await page.goto(url);
    await page.getByTestId('play-solo').click();
    await page.getByTestId('variant-select').selectOption('mexican-train');
    await page.getByTestId('option-rounds').fill('1');
    for (let i = 0; i < 2; i++) await page.getByTestId('add-bot').click();
    const started = Date.now();
    const atStart = await page.evaluate(() => (window as unknown as UiWindow).__longTasks.length);
    await page.getByTestId('start-game').click();
    await page.waitForURL(/table\?room=/);
    await page.getByTestId('hand').locator('button').first().waitFor({ timeout: 60_000 });
    const dealtMs = Date.now() - started;
    // The page's own start (navigation, hydration, the board's first draw) is not the game.
    const atDeal = await page.evaluate(() => (window as unknown as UiWindow).__longTasks.length);
    await page.getByTestId('autoplay').click();
    // A plain query twice a second: a locator's wait runs Playwright's selector engine
    // in the page on every change, and those tasks would count against the page.
    await page.waitForFunction(() => document.querySelector('[data-testid="game-over"]'), null, {
      timeout: 240_000,
      polling: 500,
    });
    const tasks = await page.evaluate(() => (window as unknown as UiWindow).__longTasks);
    const during = tasks.slice(atDeal);
    const start = tasks.slice(atStart, atDeal);
    const round = (x: number) => +x.toFixed(1);
    return {
      game: 'mexican-train solo, 4 bots + the person on autoplay, 1 round, instant pace',
      renderer: 'headless Chromium, software GL (--disable-gpu)',
      dealMs: dealtMs,
      longestTaskMs: round(Math.max(0, ...during)),
      longTasks: during.length,
      // From the start button to the dealt hand: navigation to the table, the board's
      // start and first draw, the deal's progress.
      longestTaskDuringStartMs: round(Math.max(0, ...start)),
      longestTaskIncludingPageLoadMs: round(Math.max(0, ...tasks)),
      targetMs: 50,
    };
  });
}
