// Deque's axe-core (WCAG 2.1 A and AA) on every page of the site in English,
// Spanish and French, on a phone and a laptop, and on a table mid-round: no
// serious or critical violation (issue 31).
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

for (const size of SIZES) {
  const name = `${size.width}x${size.height}`;

  test(`every page in en, es and fr at ${name}: no serious or critical violation`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize(size);
    const found: string[] = [];
    for (const locale of LOCALES) {
      for (const { path, live } of PAGES) {
        const join = path.includes('?') ? '&' : '?';
        await page.goto(`${served()}${path}${join}lang=${locale}`);
        await expect(page.locator('html')).toHaveAttribute('lang', locale);
        await expect(page.getByTestId(live)).toBeVisible();
        if (live === 'name-input') await expect(page.getByTestId(live)).toBeEnabled();
        found.push(...(await violations(page)).map((v) => `/${path} ${locale}: ${v}`));
      }
    }
    expect(found, found.join('\n')).toEqual([]);
  });

  test(`a table mid-round at ${name}: no serious or critical violation`, async ({ page }) => {
    await page.setViewportSize(size);
    await fastSettings(page);
    await startSolo(page, { variant: 'mexican-train', options: { rounds: 1, set: 9 } });
    await expect(page.getByTestId('hand').locator('button').first()).toBeVisible();
    const found = await violations(page);
    expect(found, found.join('\n')).toEqual([]);
  });
}
