// The `test` every spec uses: Playwright closes the contexts it makes for a test,
// not those a test makes itself from `browser` (each player of an online test).
// Left open, their pages, workers and links ran on through every later test of
// the suite, which shares one browser: the suite grew slower as it went, and
// late pages stalled loading.
import { test as base } from '@playwright/test';

export { expect } from '@playwright/test';

export const test = base.extend<{ closeContexts: void }>({
  closeContexts: [
    async ({ browser }, use) => {
      await use();
      await Promise.all(browser.contexts().map((c) => c.close().catch(() => undefined)));
    },
    { auto: true },
  ],
});
