// Issue 31: Engine 191 solo by hand: Draw (E-9, even with a play in hand) and
// Remove track (E-4) are taken, not refused; the drawn tile goes face up to the
// score yard and the boneyard shrinks.
import fs from 'node:fs';
import { expect, test } from './fixtures';
import { fastSettings, keepScreenshot, startSolo, watchErrors } from './helpers-table';
import type { Page } from '@playwright/test';

const count = async (page: Page) =>
  Number((await page.getByTestId('boneyard').innerText()).replace(/\D+/g, ''));

/** Screenshots at both sizes, kept with the test's and (when asked) in a notes folder. */
async function shots(page: Page, info: Parameters<typeof keepScreenshot>[1], name: string) {
  for (const [w, h] of [
    [1280, 800],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(300);
    await keepScreenshot(page, info, `${name}-${w}x${h}`);
    const dir = process.env.SHOTS_DIR;
    if (dir) {
      fs.mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: `${dir}/${name}-${w}x${h}.png` });
    }
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('engine-191 solo: Draw by hand on a normal turn goes to the score yard', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await fastSettings(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await startSolo(page, { variant: 'engine-191', options: {}, extraBots: -1 });
  const draw = page.getByTestId('draw');
  const usable = page.getByTestId('hand').locator('button.usable').first();
  // E-2's secret choice (again after a redeal), and plays while a station binds (E-5).
  await expect
    .poll(
      async () => {
        if (await draw.isEnabled()) return true;
        if (await usable.isVisible()) {
          await usable.click();
          const target = page.locator('.targets button.target').first();
          if (await target.isVisible()) await target.click();
        }
        return false;
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(true);
  await shots(page, info, 'night-e191-before-draw');
  const boneyard = await count(page);
  const yard = await page.getByTestId('yard').locator('button').count();
  await draw.click();
  await expect.poll(() => count(page)).toBe(boneyard - 1);
  await expect(page.getByTestId('yard').locator('button')).toHaveCount(yard + 1);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await shots(page, info, 'night-e191-after-draw');
  expect(errors, errors.join('\n')).toEqual([]);
});
