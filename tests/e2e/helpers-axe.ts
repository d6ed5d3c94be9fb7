// Deque's axe-core (WCAG 2.1 A and AA) on the page as it is: the serious and
// critical violations, at a phone's and a laptop's size (issue 31).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect } from './fixtures';

export const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** The serious and critical violations on the page as it is now, one line each. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  expect(result.passes.length, 'axe checked the page').toBeGreaterThan(0);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id} (${v.impact}): ${n.target.join(' ')}`));
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
