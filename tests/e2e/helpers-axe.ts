// Deque's axe-core (WCAG 2.1 A and AA) on the page as it is: the serious and
// critical violations, at a phone's and a laptop's size (issue 31).
//
// axe runs in the page itself (`axe.run`), put there once per document and used
// at both sizes. @axe-core/playwright put it in afresh for every scan and
// finished each scan in a new blank page with axe put in again: four fifths of
// the CPU of i18n.spec's page tours (25 against 5 CPU-s a language without axe;
// measured). Our pages have no frames, so nothing of its frame handling is lost.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

/** A scan's outcome: how many rules passed, and each violation's rule, impact and nodes. */
interface Scan {
  readonly passes: number;
  readonly violations: readonly { id: string; impact: string; nodes: readonly string[] }[];
}

/** The serious and critical violations on the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const scan = await page.evaluate(async (tags): Promise<Scan> => {
    const { axe } = window as unknown as { axe: typeof import('axe-core') };
    // What passed is only counted: its nodes are not gathered.
    const run = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return {
      passes: run.passes.length,
      violations: run.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? '',
        nodes: v.nodes.map((n) => n.target.join(' ')),
      })),
    };
  }, TAGS);
  expect(scan.passes, 'axe checked the page').toBeGreaterThan(0);
  return scan.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n}`));
}

/**
 * Scans the page at each size in turn (resized in place: one load serves both, and
 * a load costs as much as a scan), and leaves it at the phone's size.
 */
export async function violationsAtEverySize(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    found.push(...(await violations(page)).map((v) => `${size.width}x${size.height} ${v}`));
  }
  await page.setViewportSize(SIZES[0]);
  return found;
}
