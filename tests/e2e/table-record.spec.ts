// The record of a finished solo game, downloaded from the table page, verifies
// as fair with `npm run verify` (the same checks the replay page runs).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { fastSettings, keepScreenshot, startSolo, watchErrors } from './helpers-table';

test('a finished game’s record downloads and verifies as fair', async ({ page }, info) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  await fastSettings(page, 'instant');
  await startSolo(page, { variant: 'mexican-train', options: { rounds: 1, set: 6, handSize: 5 } });
  await page.getByTestId('autoplay').click();
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
