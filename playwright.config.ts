import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './scripts/chromium.js';

const chromium = findChromium();
if (chromium.error) throw new Error(chromium.error);

/** Specs whose time is mostly real time waited out. */
const WAITING = /(online-sleep|turn-clock)\.spec\.ts$/;
/** The LAN spec: all its tests change the network. */
const LAN = /lan\.spec\.ts$/;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.TRAINYARD_PW_OUTPUT ?? '.test-output/playwright',
  globalSetup: './tests/e2e/global-setup.ts',
  timeout: 60_000,
  expect: { timeout: 20_000 },
  // Tests share no state (each makes its own contexts, rooms and servers' peer ids),
  // so they run in parallel: two that keep a core busy (one per core of a 2-core
  // machine) and, beside them, one of the specs that mostly wait (see `waiting`).
  workers: 3,
  fullyParallel: true,
  retries: process.env.CI ? 1 : 0,
  forbidOnly: !!process.env.CI,
  reporter: [
    ['list'],
    ['json', { outputFile: process.env.TRAINYARD_PW_JSON ?? '.test-output/playwright.json' }],
  ],
  projects: [
    { name: 'parallel', testIgnore: [LAN, WAITING], workers: 2 },
    // A page frozen for two minutes, a turn clock's beats: real time that leaves
    // the cores idle (turn-clock: 13 CPU-s in 42 s), so these run on a worker of
    // their own beside the rest.
    { name: 'waiting', testMatch: WAITING, grepInvert: /@network/, workers: 1 },
    // Tests tagged @network (the LAN, a link down for 30 seconds) add interfaces to
    // the suite's network namespace or take them down, and Chromium aborts the
    // loads of every running page when its network changes: they run alone, one
    // at a time, after the others (and are skipped when one of those failed).
    {
      name: 'alone',
      testMatch: [LAN, WAITING],
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
