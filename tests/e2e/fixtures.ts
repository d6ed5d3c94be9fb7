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

export { expect } from '@playwright/test';

const CPU_LOG = process.env.TRAINYARD_PW_CPU;

/** CPU seconds of the process `root` and its descendants, reaped children included (/proc). */
function treeCpu(root: number): number {
  const children = new Map<string, string[]>();
  const own = new Map<string, number>();
  for (const pid of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone since the listing
    }
    // After the command's closing parenthesis: state, ppid, …, utime (12th), stime, cutime, cstime.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = fields.slice(11, 15).reduce((sum, f) => sum + Number(f), 0);
    own.set(pid, ticks / 100);
    const parent = fields[1] ?? '';
    children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const sum = (pid: string): number =>
    (own.get(pid) ?? 0) + (children.get(pid) ?? []).reduce((s, c) => s + sum(c), 0);
  return sum(String(root));
}

export const test = base.extend<{ closeContexts: void }>({
  closeContexts: [
    async ({ browser }, use, info) => {
      const cpu = CPU_LOG ? treeCpu(process.pid) : 0;
      const started = Date.now();
      await use();
      await Promise.all(browser.contexts().map((c) => c.close().catch(() => undefined)));
      if (!CPU_LOG) return;
      const line = {
        file: info.file.split('/').pop(),
        title: info.title,
        project: info.project.name,
        wallS: (Date.now() - started) / 1000,
        cpuS: Math.round((treeCpu(process.pid) - cpu) * 100) / 100,
      };
      fs.appendFileSync(CPU_LOG, `${JSON.stringify(line)}\n`);
    },
    { auto: true },
  ],
});
