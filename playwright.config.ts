import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.js';

const chromium = findChromium();
if (chromium.error) throw new Error(chromium.error);

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.TRAINYARD_PW_OUTPUT ?? '.test-output/playwright',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 20_000 },
  // Tests share no state (each makes its own contexts, rooms and servers' peer ids),
  // so they run in parallel: two that keep a core busy (one per core of a 2-core
  // machine) and, beside them, one of the tests that mostly wait (see `waiting`).
  workers: 3,
  fullyParallel: true,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.TRAINYARD_PW_JSON ?? '.test-output/playwright.json' }],
  ],
  projects: [
    { name: 'parallel', grepInvert: /@waits|@network/, workers: 2 },
    // Tests tagged @waits spend their time mostly waiting real time out (a page frozen
    // for two minutes, a turn clock's beats, a host gone for the away limit, animations
    // at their speed: under half a core each, measured), so they run on a worker of
    // their own beside the rest.
    { name: 'waiting', grep: /@waits/, workers: 1 },
    // Tests tagged @network (the LAN, a link down for 30 seconds) add interfaces to
    // the suite's network namespace or take them down, and Chromium aborts the
    // loads of every running page when its network changes: they run alone, one
    // at a time, after the others (and are skipped when one of those failed).
    {
      name: 'alone',
      grep: /@network/,
      workers: 1,
      dependencies: ['parallel', 'waiting'],
    },
  ],
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: {
      ...(chromium.executablePath ? { executablePath: chromium.executablePath } : {}),
      args: CHROMIUM_ARGS,
    },
    // Recording a trace costs a fifth of the suite's CPU (its screencast and
    // snapshots, measured): only a failed test's retry records one.
    trace: 'on-first-retry',
    // The service worker would download the whole site into every fresh context;
    // only the offline suite needs it (it allows it itself).
    serviceWorkers: 'block',
  },
});
