// Time for a table in the browser, moved on by the test. The session (its turn
// clock, its stall check, its heartbeat) runs in the table's Web Worker, and
// Playwright's clock (page.clock / context.clock, 1.65) fakes time only in pages
// and frames, not in dedicated workers: the worker's Date.now goes on with the
// real time. So the page gets Playwright's clock, installed at the real time
// before load, and the worker's script is served with a shim in front that adds
// an offset to its Date.now; the test moves both by the same amount. The
// worker's timers stay real: its one-second beat then sees the new time.
import type { Page } from '@playwright/test';

const TABLE_WORKER = /\/workers\/table-worker-[^/]*\.js$/;

/** Runs before the worker's own code, so the session takes this Date.now as its clock. */
const SHIM = `(() => {
  const realNow = Date.now;
  let offset = 0;
  Date.now = () => realNow() + offset;
  self.__passTime = (ms) => { offset += ms; return Date.now(); };
})();
`;

/** Before the page loads: Playwright's clock on the page, the shim in the table's worker. */
export async function installClocks(page: Page): Promise<void> {
  await page.clock.install({ time: Date.now() });
  await page.context().route(TABLE_WORKER, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: SHIM + (await response.text()) });
  });
}

/**
 * `ms` pass at once on the page (its due timers fire once) and in the table's
 * worker; then a few real seconds, so that the worker's beats see the new time.
 */
export async function passTime(page: Page, ms: number): Promise<void> {
  // The table's proof workers run the same script (not fetched again, so without
  // the shim); they keep no time, and only the table worker must be moved.
  const workers = page.workers().filter((w) => TABLE_WORKER.test(w.url()));
  await page.clock.fastForward(ms);
  let moved = 0;
  for (const w of workers) {
    const shimmed = await w.evaluate((n) => {
      const scope = self as unknown as { __passTime?: (n: number) => number };
      return scope.__passTime ? (scope.__passTime(n), true) : false;
    }, ms);
    if (shimmed) moved += 1;
  }
  if (moved === 0) throw new Error('no table worker with the clock shim on this page');
  await page.waitForTimeout(2_500);
}
