// Lighthouse 12.2.3 with its mobile defaults (a mid-range phone: CPU slowed 4×,
// a slow 4G link, simulated) on the landing page, the solo setup, an invite's
// lobby and a rules page of the built site: the performance score and Largest
// Contentful Paint, median of 3 runs each (targets: score ≥ 90, LCP ≤ 2.5 s).
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { buildIfNeeded } from '../scripts/build-if-needed.js';
import { CHROMIUM_ARGS, findChromium } from '../scripts/chromium.js';
import { startServer } from '../scripts/server.js';

const RUNS = 3;
const PAGES = {
  landing: '',
  soloSetup: 'play?mode=solo',
  inviteLobby: 'lobby?join=benchroom.benchhost',
  rules: 'rules/mexican-train',
} as const;

const median = (values: readonly number[]): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};

export async function run(): Promise<Record<string, unknown>> {
  const found = findChromium({ full: true });
  if (found.error || !found.executablePath) {
    return { status: 'skipped', reason: found.error ?? 'no Chromium' };
  }
  buildIfNeeded({ quietStdout: true });
  const server = await startServer({ port: 0, host: '127.0.0.1', peerServer: true });
  const chrome = await chromeLauncher.launch({
    chromePath: found.executablePath,
    chromeFlags: [...CHROMIUM_ARGS, '--headless=new'],
  });
  const pages: Record<string, unknown> = {};
  let allMet = true;
  try {
    for (const [name, path] of Object.entries(PAGES)) {
      const scores: number[] = [];
      const lcps: number[] = [];
      const bytes: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const result = await lighthouse(`${server.url}${path}`, {
          port: chrome.port,
          onlyCategories: ['performance'],
          logLevel: 'error',
          output: 'json',
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no report for /${path}`);
        scores.push(Math.round((lhr.categories.performance?.score ?? 0) * 100));
        lcps.push(lhr.audits['largest-contentful-paint']?.numericValue ?? NaN);
        bytes.push(lhr.audits['total-byte-weight']?.numericValue ?? NaN);
      }
      const score = median(scores);
      const lcpMs = Math.round(median(lcps));
      if (score < 90 || lcpMs > 2500) allMet = false;
      pages[name] = {
        performance: score,
        lcpMs,
        transferKiB: Math.round(median(bytes) / 1024),
        runs: { performance: scores, lcpMs: lcps.map(Math.round) },
      };
    }
  } finally {
    chrome.kill();
    await server.close();
  }
  return { targets: { performance: 90, lcpMs: 2500 }, met: allMet, pages };
}
