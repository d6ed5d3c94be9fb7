// The net bench's browser part: four real Chromium contexts on one table over
// WebRTC, signalled by the site's own PeerServer (`npm start`'s server), in
// the network namespace bench/net.ts runs this in. Prints one JSON object.
//   joinMs:  opening an invite link → seated in the lobby (each joiner, two tables)
//   moveMs:  a person's click that makes a move → that move in the move log of
//            all four pages (one seat played by hand, three on autoplay)
//   dealMs:  the host's click on Start → "Round 1 is dealt" on all four pages
//            (4 players, double-12, 5 tiles each: agreement, shuffles, locks, keys; the
//            pages' load is inside); dealNextMs: "Round 1 is over" first
//            seen → "Round 2 is dealt" everywhere (the audit of round 1 is inside)
// Clocks: every page and this script read one machine's Date.now().
import type { Browser, Page } from '@playwright/test';
import { withSite } from './site-browser';
import { mouseStep } from '../tests/e2e/helpers-table';
import { processCpu } from '../scripts/process-cpu.js';

interface Line {
  readonly at: number;
  readonly text: string;
}
interface BenchWindow {
  __lines: Line[];
  __clicks: number[];
}

const NAMES = ['Ann', 'Bob', 'Cat', 'Dan'] as const;
/** The whole run may take this long; past it, what was measured is printed as it stands. */
const WATCHDOG_MS = 480_000;
/** What was measured so far, for the watchdog. */
const partial: Record<string, unknown> = {};
const MOVE_SAMPLES = 12;

/**
 * CPU time (ms) all Chromium processes of this machine have used so far, from
 * /proc (user + system, 100 ticks a second); null where there is no /proc. Over
 * the deal it tells whether the four pages were waiting or the cores were full.
 */
function chromiumCpuMs(): number | null {
  const all = processCpu();
  if (all.length === 0) return null;
  const chromium = all.filter((p) => p.name.includes('chrom'));
  return Math.round(chromium.reduce((sum, p) => sum + p.cpuS, 0) * 1000);
}

/** Every page records when each move-log line appears and when the person clicks. */
function instrument(): void {
  const w = window as unknown as BenchWindow;
  w.__lines = [];
  w.__clicks = [];
  document.addEventListener('click', () => w.__clicks.push(Date.now()), true);
  new MutationObserver((records) => {
    for (const r of records) {
      for (const node of r.addedNodes) {
        if (node instanceof HTMLLIElement && node.parentElement?.dataset.testid === 'move-log') {
          w.__lines.push({ at: Date.now(), text: node.textContent?.trim() ?? '' });
        }
      }
    }
  }).observe(document, { childList: true, subtree: true });
}

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.addInitScript(() =>
    localStorage.setItem('trainyard.settings', JSON.stringify({ speed: 'instant', sound: false })),
  );
  await page.addInitScript(instrument);
  return page;
}

const lines = (page: Page): Promise<Line[]> =>
  page.evaluate(() => (window as unknown as BenchWindow).__lines);

const median = (xs: readonly number[]): number => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0
    ? NaN
    : (s[Math.floor((s.length - 1) / 2)]! + s[Math.ceil((s.length - 1) / 2)]!) / 2;
};

/** Host creates a table with these options; the others join by link; the host starts. */
async function formTable(
  pages: readonly Page[],
  url: string,
  options: Readonly<Record<string, number>>,
): Promise<{ joins: number[]; started: number }> {
  const [host, ...guests] = pages as [Page, ...Page[]];
  await host.goto(`${url}lobby`);
  await host.getByTestId('name-input').fill('Ann');
  await host.getByTestId('create-online').click();
  const link = await host.getByTestId('invite-link').inputValue({ timeout: 20_000 });
  await host.getByTestId('variant-select').selectOption('mexican-train');
  for (const [key, value] of Object.entries(options)) {
    await host.getByTestId(`option-${key}`).fill(String(value));
  }
  const joins: number[] = [];
  for (const [i, guest] of guests.entries()) {
    const name = NAMES[i + 1]!;
    const started = Date.now();
    await guest.goto(link);
    await guest.getByTestId('name-input').fill(name);
    await guest.getByTestId('join').click();
    await guest.getByTestId('seats').getByText(name).waitFor({ timeout: 20_000 });
    joins.push(Date.now() - started);
  }
  await host
    .getByTestId('seats')
    .locator('li')
    .nth(pages.length - 1)
    .waitFor();
  const started = Date.now();
  await host.getByTestId('start-game').click();
  for (const p of pages) await p.waitForURL(/table\?room=/, { timeout: 30_000 });
  return { joins, started };
}

async function autoplay(page: Page): Promise<void> {
  const button = page.getByTestId('autoplay');
  await button.waitFor({ timeout: 60_000 });
  while ((await button.getAttribute('aria-pressed')) !== 'true') {
    await button.click();
    await page.waitForTimeout(200);
  }
}

/** Plays one seat by hand; each move's time until all pages logged it. */
async function moveTimes(pages: readonly Page[], mover: Page): Promise<number[]> {
  const samples: number[] = [];
  const over = mover.getByTestId('game-over');
  while (samples.length < MOVE_SAMPLES && !(await over.isVisible())) {
    const before = await Promise.all(pages.map((p) => lines(p).then((l) => l.length)));
    if (!(await mouseStep(mover, 400))) {
      await mover.waitForTimeout(50);
      continue;
    }
    const clicked = await mover.evaluate(() => (window as unknown as BenchWindow).__clicks.at(-1)!);
    const deadline = Date.now() + 10_000;
    let shown: number[] | null = null;
    while (Date.now() < deadline) {
      const seen = await Promise.all(
        pages.map(async (p, i) => (await lines(p)).slice(before[i]).find((l) => l.at >= clicked)),
      );
      if (seen.every(Boolean)) {
        shown = seen.map((l) => l!.at);
        break;
      }
      await mover.waitForTimeout(10);
    }
    if (shown) samples.push(Math.max(...shown) - clicked);
  }
  return samples;
}

/** When the log line starting with `text` appeared on each page (waits for all). */
async function seen(pages: readonly Page[], text: string): Promise<number[]> {
  for (const p of pages) {
    await p.waitForFunction(
      (t) => (window as unknown as BenchWindow).__lines.some((l) => l.text.startsWith(t)),
      text,
      { timeout: 240_000, polling: 100 },
    );
  }
  const all = await Promise.all(pages.map(lines));
  return all.map((ls) => ls.find((l) => l.text.startsWith(text))!.at);
}

export async function measure(): Promise<Record<string, unknown>> {
  return withSite({ peerServer: true }, async ({ url, browser }) => {
    const moves = await Promise.all(NAMES.map(() => newPage(browser)));
    const { joins: joinA } = await formTable(moves, url, { set: 9, handSize: 8, rounds: 1 });
    console.error(`net bench: seated in ${joinA.join(', ')} ms; playing one seat by hand…`);
    const [, mover, ...others] = moves as [Page, Page, ...Page[]];
    for (const p of [moves[0]!, ...others]) await autoplay(p);
    await mover.getByTestId('hand').locator('button').first().waitFor({ timeout: 60_000 });
    const moveMs = await moveTimes(moves, mover);
    Object.assign(partial, { joinMs: joinA, moveMedianMs: median(moveMs), moveMs });
    await Promise.all(moves.map((p) => p.context().close()));

    const deals = await Promise.all(NAMES.map(() => newPage(browser)));
    console.error(`net bench: moves shown in ${moveMs.join(', ')} ms; a two-round table…`);
    const { joins: joinB, started } = await formTable(deals, url, {
      rounds: 2,
      handSize: 5,
    });
    const cpuAtStart = chromiumCpuMs();
    const dealMs = Math.max(...(await seen(deals, 'Round 1 is dealt'))) - started;
    const cpuAtDeal = chromiumCpuMs();
    const wallMs = Date.now() - started;
    console.error(`net bench: dealt in ${dealMs} ms; playing round 1 on autoplay…`);
    Object.assign(partial, { joinMs: [...joinA, ...joinB], dealMs });
    for (const p of deals) await autoplay(p);
    const over = Math.min(...(await seen(deals, 'Round 1 is over')));
    const dealNextMs = Math.max(...(await seen(deals, 'Round 2 is dealt'))) - over;
    const joins = [...joinA, ...joinB];
    return {
      table: '4 Chromium contexts, WebRTC, same-origin PeerServer, instant pace',
      joinMedianMs: median(joins),
      joinMs: joins,
      moveMedianMs: median(moveMs),
      moveMs,
      dealMs,
      dealNextMs,
      deal: 'Mexican Train, 4 players, double-12, 5 tiles each (from Start; round 2 after round 1 is over)',
      // CPU all four pages used from Start to the dealt hands, and how many cores that kept busy.
      dealCpuMs: cpuAtStart === null || cpuAtDeal === null ? null : cpuAtDeal - cpuAtStart,
      dealCoresBusy:
        cpuAtStart === null || cpuAtDeal === null
          ? null
          : +((cpuAtDeal - cpuAtStart) / wallMs).toFixed(2),
      cores: (await deals[0]!.evaluate(() => navigator.hardwareConcurrency)) as number,
      targets: { joinMedianMs: 1000, moveMedianMs: 50, dealMs: 1500 },
    };
  });
}

// Run directly (bench/net.ts spawns this in a network namespace).
if (process.argv[1]?.endsWith('net-browser.ts')) {
  setTimeout(() => {
    const result = { status: 'timeout', afterMs: WATCHDOG_MS, ...partial };
    process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(1));
  }, WATCHDOG_MS).unref();
  // Exit once printed: a browser that will not close must not hold the bench.
  measure().then(
    (result) => process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(0)),
    (error: unknown) => {
      const result = { status: 'error', message: String(error), ...partial };
      process.stdout.write(`${JSON.stringify(result)}\n`, () => process.exit(1));
    },
  );
}
