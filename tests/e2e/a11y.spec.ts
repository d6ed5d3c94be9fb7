// Deque's axe-core (WCAG 2.1 A and AA) on every page of the site in English,
// Spanish and French, on a phone and a laptop, and on a table mid-round: no
// serious or critical violation (issue 31). Each page is loaded once, at the
// phone's size, and scanned at both sizes (a load cost as much as a scan).
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fastSettings, served, startSolo } from './helpers-table';

const SIZES = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;
const LOCALES = ['en', 'es', 'fr'] as const;

/** Each address, and what shows once it is live. */
const PAGES = [
  { path: '', live: 'play-solo' },
  { path: 'play?mode=solo', live: 'start-game' },
  { path: 'lobby', live: 'name-input' },
  { path: 'rules', live: 'howto-open' },
  { path: 'rules/mexican-train', live: 'rules-play' },
  { path: 'rules/railominos', live: 'rules-play' },
  { path: 'no-such-page', live: 'error-page' },
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

/** Scans the page at each size in turn (resized in place: one load serves both). */
async function violationsAtEverySize(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const size of SIZES) {
    await page.setViewportSize(size);
    found.push(...(await violations(page)).map((v) => `${size.width}x${size.height} ${v}`));
  }
  return found;
}

for (const locale of LOCALES) {
  test(`every page in ${locale} at 390x844 and 1280x800: no serious or critical violation`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const found: string[] = [];
    for (const { path, live } of PAGES) {
      await page.setViewportSize(SIZES[0]);
      const join = path.includes('?') ? '&' : '?';
      await page.goto(`${served()}${path}${join}lang=${locale}`);
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.getByTestId(live)).toBeVisible();
      if (live === 'name-input') await expect(page.getByTestId(live)).toBeEnabled();
      found.push(...(await violationsAtEverySize(page)).map((v) => `/${path}: ${v}`));
    }
    expect(found, found.join('\n')).toEqual([]);
  });
}

test('a table mid-round at 390x844 and 1280x800: no serious or critical violation', async ({
  page,
}) => {
  await page.setViewportSize(SIZES[0]);
  await fastSettings(page);
  await startSolo(page, { variant: 'mexican-train', options: { rounds: 1, set: 9 } });
  await expect(page.getByTestId('hand').locator('button').first()).toBeVisible();
  const found = await violationsAtEverySize(page);
  expect(found, found.join('\n')).toEqual([]);
});
