import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.js';

const chromium = findChromium();
if (chromium.error) throw new Error(chromium.error);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: '.test-output/playwright',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 20_000 },
  // Tests share no state (each makes its own contexts, rooms and servers' peer ids),
  // so they run in parallel, one per core of a 2-core machine.
  workers: 2,
  fullyParallel: true,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.TRAINYARD_PW_JSON ?? '.test-output/playwright.json' }],
  ],
  projects: [
    { name: 'parallel', testIgnore: /lan\.spec\.ts$/ },
    // The LAN test adds an interface to the suite's network namespace, and Chromium
    // aborts the loads of a running page when its network changes: it runs alone,
    // after the others (and is skipped when one of them failed).
    { name: 'alone', testMatch: /lan\.spec\.ts$/, dependencies: ['parallel'] },
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      ...(chromium.executablePath ? { executablePath: chromium.executablePath } : {}),
      args: CHROMIUM_ARGS,
    },
    trace: 'retain-on-failure',
    // The service worker would download the whole site into every fresh context;
    // only the offline suite needs it (it allows it itself).
    serviceWorkers: 'block',
  },
});
