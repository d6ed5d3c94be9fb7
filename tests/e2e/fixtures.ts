// The `test` every spec uses: Playwright closes the contexts it makes for a test,
// not those a test makes itself from `browser` (each player of an online test).
// Left open, their pages, workers and links ran on through every later test of
// the suite, which shares one browser: the suite grew slower as it went, and
// late pages stalled loading.
//
// With TRAINYARD_PW_CPU=<file> (Linux), each test also appends a line of JSON to
// the file: its wall time and the CPU its worker and that worker's Chromium spent
// on it, which tells a test that keeps a core busy from one that waits.
import fs from 'node:fs';
import { test as base } from '@playwright/test';
import { treeCpuS } from '../../scripts/process-cpu.js';

export { expect } from '@playwright/test';

const CPU_LOG = process.env.TRAINYARD_PW_CPU;

export const test = base.extend<{ closeContexts: void }>({
  closeContexts: [
    async ({ browser }, use, info) => {
      const cpu = CPU_LOG ? treeCpuS(process.pid) : 0;
      const started = Date.now();
      await use();
      await Promise.all(browser.contexts().map((c) => c.close().catch(() => undefined)));
      if (!CPU_LOG) return;
      const line = {
        file: info.file.split('/').pop(),
        title: info.title,
        project: info.project.name,
        wallS: (Date.now() - started) / 1000,
        cpuS: Math.round((treeCpuS(process.pid) - cpu) * 100) / 100,
      };
      fs.appendFileSync(CPU_LOG, `${JSON.stringify(line)}\n`);
    },
    { auto: true },
  ],
});
