// The record of a finished solo game, downloaded from the table page, verifies
// as fair with `npm run verify` (the same checks the replay page runs).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { autoplayOn, fastSettings, keepScreenshot, startSolo, watchErrors } from './helpers-table';

test('a finished game’s record downloads and verifies as fair', async ({ page }, info) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  await fastSettings(page, 'instant');
  await startSolo(page, { variant: 'mexican-train', options: { rounds: 1, set: 6, handSize: 5 } });
  await autoplayOn(page);
  await expect(page.getByTestId('game-over')).toBeVisible({ timeout: 120_000 });
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepScreenshot(page, info, 'record-game-over-1280x800');
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, info, 'record-game-over-390x844');
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('download-record').click(),
  ]);
  const file = info.outputPath('record.json');
  await download.saveAs(file);
  const tsx = path.resolve('node_modules/.bin/tsx');
  const run = spawnSync(tsx, ['scripts/verify.ts', file], { encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
  expect(JSON.parse(run.stdout)).toMatchObject({ fair: true });
  expect(errors, errors.join('\n')).toEqual([]);
});

/** Whether the element is on screen and nothing covers or clips its centre. */
async function inSight(page: Page, testid: string): Promise<boolean> {
  return page.getByTestId(testid).evaluate((el) => {
    const r = el.getBoundingClientRect();
    const inside = r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return inside && hit !== null && el.contains(hit);
  });
}

test('13 rounds: the game-over panel shows every column and the record button at 1280×800', async ({
  page,
}, info) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await fastSettings(page, 'instant');
  await page.setViewportSize({ width: 1280, height: 800 });
  await startSolo(page, {
    variant: 'mexican-train',
    options: { rounds: 13, set: 6, handSize: 2 },
    extraBots: 2,
  });
  await autoplayOn(page);
  const over = page.getByTestId('game-over');
  const next = page.getByTestId('next-round');
  await expect(async () => {
    if (await next.isVisible()) await next.click({ timeout: 1000 }).catch(() => {});
    await expect(over).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 240_000 });
  await keepScreenshot(page, info, 'record-13-rounds-1280x800');
  // The last column (the game's totals) is not clipped by the panel.
  const panel = await over.boundingBox();
  const total = await over.getByRole('columnheader', { name: 'Total' }).boundingBox();
  expect(panel && total && total.x + total.width <= panel.x + panel.width).toBe(true);
  expect(await inSight(page, 'download-record')).toBe(true);
  expect(errors, errors.join('\n')).toEqual([]);
});

test('the record downloads from the table’s menu during the game', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await fastSettings(page, 'instant');
  await startSolo(page, { variant: 'mexican-train', options: { rounds: 1, set: 6, handSize: 5 } });
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId('record-menu').click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  const record = JSON.parse(fs.readFileSync(await download.path(), 'utf8')) as {
    format?: string;
    segments?: unknown[];
  };
  expect(record.format).toBe('trainyard-record');
  expect(record.segments?.length).toBeGreaterThan(0);
  expect(errors, errors.join('\n')).toEqual([]);
});
