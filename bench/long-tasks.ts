// What the table page's main thread does in its long tasks (over 50 ms): a
// Chromium trace and CPU profile of a solo Mexican Train game, and for each long
// task the functions it spent most time in (inclusive), mapped through the build's
// source maps when there are some (`npx vite build --sourcemap`). A tool, not a
// bench figure: `npx tsx bench/long-tasks.ts round` (3 seats on autoplay, to game
// over, as `bench ui` measures ui.longestTaskMs) or `deal 4` (Start → dealt, with
// the CPU slowed 4×, as ui.dealThrottledMs). Each task is put in its phase
// (the page's start up to the board's canvas, the deal up to the hand, the round),
// and each phase's longest task by wall time and by CPU time closes the list,
// with the machine's load average: a task's wall time beyond its CPU time is
// time it waited for a core (or for the GPU process).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import type { Page } from '@playwright/test';
import { withSite } from './site-browser';
import { mainTasks, mark, markAt, startTrace, stopTrace } from './trace';

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
  readonly columnNumber: number;
}

interface Profile {
  readonly nodes: readonly { id: number; callFrame: CallFrame; children?: number[] }[];
  readonly startTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const [mode = 'round', seatsArg = '4'] = process.argv.slice(2);
const maps = new Map<string, TraceMap | null>();

/** A frame as `function source:line`, through the build's source map if it has one. */
function named(f: CallFrame): string {
  const file = f.url.replace(/^https?:\/\/[^/]+\//, '');
  if (!file) return f.functionName || '(native)';
  if (!maps.has(file)) {
    const map = path.join('build', `${file}.map`);
    maps.set(file, fs.existsSync(map) ? new TraceMap(fs.readFileSync(map, 'utf8')) : null);
  }
  const map = maps.get(file);
  const at = map && originalPositionFor(map, { line: f.lineNumber + 1, column: f.columnNumber });
  const where = at?.source ? `${at.source.replace(/^(\.\.\/)+/, '')}:${at.line}` : file;
  return `${at?.name ?? f.functionName ?? '(anon)'} ${where}`;
}

/** Each sample's time and its stack (frame names, innermost first). */
function samples(profile: Profile): { at: number; dt: number; stack: string[] }[] {
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  let at = profile.startTime;
  return profile.samples.map((id, i) => {
    at += profile.timeDeltas[i] ?? 0;
    const stack: string[] = [];
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      stack.push(named(byId.get(n)!.callFrame));
    }
    return { at, dt: (profile.timeDeltas[i + 1] ?? 0) / 1000, stack };
  });
}

async function solo(page: Page, url: string, seats: number): Promise<void> {
  await page.addInitScript(() =>
    localStorage.setItem('trainyard.settings', JSON.stringify({ speed: 'instant', sound: false })),
  );
  await page.goto(url);
  await page.getByTestId('play-solo').click();
  await page.getByTestId('variant-select').selectOption('mexican-train');
  await page.getByTestId('option-rounds').fill('1');
  const rows = page.locator('li[data-testid^="seat-"]');
  while ((await rows.count()) < seats) await page.getByTestId('add-bot').click();
}

await withSite({ peerServer: false }, async ({ url, browser }) => {
  const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  await solo(page, url, mode === 'round' ? 3 : Number(seatsArg));
  const cdp = await page.context().newCDPSession(page);
  if (mode !== 'round') await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 250 });
  await cdp.send('Profiler.start');
  await startTrace(browser, page);
  const load = [os.loadavg()[0] ?? 0];
  // Phase marks in the trace, polled as the bench polls.
  await page.getByTestId('start-game').click();
  await page.waitForFunction(() => document.querySelector('canvas'), null, { polling: 50 });
  await mark(page, 'canvas');
  await page.getByTestId('hand').locator('button').first().waitFor({ timeout: 120_000 });
  await mark(page, 'dealt');
  if (mode === 'round') {
    await page.getByTestId('autoplay').click();
    await page.waitForFunction(() => document.querySelector('[data-testid="game-over"]'), null, {
      timeout: 240_000,
      polling: 500,
    });
  }
  const events = await stopTrace(browser);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  load.push(os.loadavg()[0] ?? 0);
  const canvasAt = markAt(events, 'canvas');
  const dealtAt = markAt(events, 'dealt');
  const phase = (ts: number) => (ts < canvasAt ? 'start' : ts < dealtAt ? 'deal' : 'round');
  const tasks = mainTasks(events);
  const long = tasks.filter((e) => (e.dur ?? 0) > 50_000);
  const all = samples(profile);
  console.log(`${mode}: ${long.length} long tasks on the page's main thread`);
  for (const t of long) {
    const end = t.ts + (t.dur ?? 0);
    const inclusive = new Map<string, number>();
    for (const s of all.filter((x) => x.at >= t.ts && x.at < end)) {
      for (const f of new Set(s.stack)) inclusive.set(f, (inclusive.get(f) ?? 0) + s.dt);
    }
    const top = [...inclusive]
      // Svelte's runtime is the plumbing of every update: the components under it are named.
      .filter(([f]) => !/^\((root|program)\)|node_modules\/svelte\//.test(f))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 14);
    const cpu = t.tdur === undefined ? '' : `, ${(t.tdur / 1000).toFixed(1)} ms on the CPU`;
    const at = `${(t.ts / 1000).toFixed(0)} (${phase(t.ts)})`;
    console.log(`\n${((t.dur ?? 0) / 1000).toFixed(1)} ms${cpu} at ${at}`);
    for (const [f, ms] of top) console.log(`  ${ms.toFixed(1)} ms ${f}`);
  }
  console.log(`\nload average (1 min) ${load.map((l) => l.toFixed(1)).join(' → ')}`);
  for (const p of ['start', 'deal', 'round'] as const) {
    const within = tasks.filter((t) => phase(t.ts) === p);
    const wall = Math.max(0, ...within.map((t) => t.dur ?? 0)) / 1000;
    const cpu = Math.max(0, ...within.map((t) => t.tdur ?? 0)) / 1000;
    const n = long.filter((t) => phase(t.ts) === p).length;
    console.log(
      `${p}: ${n} long tasks, longest ${wall.toFixed(1)} ms; most CPU in any task ${cpu.toFixed(1)} ms`,
    );
  }
  return {};
});
