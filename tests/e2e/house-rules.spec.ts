// Issue 31: house rules that are on or off are switches with a line of plain
// words, in the solo setup and the online lobby; the table names the ones on
// (the line under the controls for End turn, H-2, and Draw, H-3, is not driven here yet).
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createTable, expectNoErrorsButProbe, newPlayer, setGame } from './helpers-online';
import {
  fastSettings,
  keepScreenshot,
  served,
  setOption,
  startSolo,
  watchErrors,
} from './helpers-table';

/** Screenshots at both sizes, kept with the test's and (when asked) in a notes folder. */
async function shots(page: Page, info: Parameters<typeof keepScreenshot>[1], name: string) {
  for (const [w, h] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(300);
    await keepScreenshot(page, info, `${name}-${w}x${h}`);
    const dir = process.env.SHOTS_DIR;
    if (dir) {
      fs.mkdirSync(dir, { recursive: true });
      await page.screenshot({ path: `${dir}/${name}-${w}x${h}.png`, fullPage: true });
    }
  }
}

test('solo setup: on/off rules are switches with words; the table names the ones on', async ({
  page,
}, info) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  await fastSettings(page);
  await page.goto(served());
  await page.getByTestId('play-solo').click();
  await page.getByTestId('variant-select').selectOption('mexican-train');
  for (const key of ['openingRun', 'drawUntilPlay', 'mexicanFirst']) {
    const input = page.getByTestId(`option-${key}`);
    await expect(input).toHaveAttribute('role', 'switch');
    await expect(input).not.toBeChecked();
  }
  // H-1 is a number of points, not on/off: it stays a number field.
  await expect(page.getByTestId('option-blankScore')).toHaveAttribute('type', 'number');
  await expect(page.getByText('then press End turn')).toBeVisible();
  await setOption(page, 'openingRun', 1);
  await setOption(page, 'drawUntilPlay', 1);
  await shots(page, info, 'house-setup');

  await page.setViewportSize({ width: 1280, height: 800 });
  await startSolo(page, {
    variant: 'mexican-train',
    options: { openingRun: 1, drawUntilPlay: 1, set: 6, handSize: 7 },
  });
  const on = page.getByTestId('house-rules');
  await expect(on).toContainText('Opening run on the first turn');
  await expect(on).toContainText('Draw until a tile can be played');
  await expect(on).not.toContainText('Mexican Train before your own');

  await shots(page, info, 'house-table');
  expect(errors, errors.join('\n')).toEqual([]);
});

test('lobby: the host flips a house rule switch, with its words', async ({ browser }, info) => {
  const host = await newPlayer(browser, 'Ann');
  await createTable(host);
  await setGame(host, 'mexican-train', { mexicanFirst: 1 });
  const page = host.page;
  await expect(page.getByTestId('option-mexicanFirst')).toHaveAttribute('role', 'switch');
  await expect(page.getByTestId('option-mexicanFirst')).toBeChecked();
  await expect(page.getByText('before your own train')).toBeVisible();
  await setOption(page, 'mexicanFirst', 0);
  await setOption(page, 'mexicanFirst', 1);
  await shots(page, info, 'house-lobby');
  expectNoErrorsButProbe([host]);
});
