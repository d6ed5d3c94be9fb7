// Issue 31: house rules that are on or off are switches with a line of plain
// words, in the solo setup and the online lobby; the table names the ones on
// and a game played by hand shows the line under the controls for End turn (H-2)
// and for a Draw that stays lit (H-3), and each button does what it says.
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { createTable, expectNoErrorsButProbe, newPlayer, setGame } from './helpers-online';
import {
  fastSettings,
  keepScreenshot,
  mouseStep,
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
  // Beside the panel that names them, the header has no need to.
  await expect(page.getByTestId('house-rules-chip')).toBeHidden();

  await shots(page, info, 'house-table');
  // On a phone the panel is shut: the header says how many are on, and opens it.
  await page.setViewportSize({ width: 390, height: 844 });
  const chip = page.getByTestId('house-rules-chip');
  await expect(chip).toHaveText('2 house rules');
  await chip.click();
  await expect(on).toBeVisible();
  await expect(on).toContainText('Opening run on the first turn');
  await keepScreenshot(page, info, 'house-chip-opened-390x844');
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

test('played by hand: End turn (H-2) and a Draw that stays lit (H-3) say why, and do it', async ({
  page,
}, info) => {
  test.setTimeout(480_000);
  const errors = watchErrors(page);
  await fastSettings(page);
  await page.setViewportSize({ width: 390, height: 844 });
  const help = page.getByTestId('controls-help');
  const endTurn = page.getByTestId('end-turn');
  const draw = page.getByTestId('draw');
  const log = page.getByTestId('move-log');
  let ended = false;
  let drew = false;
  // Whether a deal offers both depends on the tiles: a new game until it has (five
  // deals were once not enough for a draw that stays lit; most runs need one or two).
  for (let game = 0; game < 12 && !(ended && drew); game++) {
    await startSolo(page, {
      variant: 'mexican-train',
      options: { openingRun: 1, drawUntilPlay: 1, rounds: 1, set: 6, handSize: 5 },
    });
    for (let i = 0; i < 400 && !(ended && drew); i++) {
      if (await page.getByTestId('game-over').isVisible()) break;
      // Pressed whenever it is lit: in a later game an opening run may have no other way on.
      if ((await endTurn.isVisible()) && (await endTurn.isEnabled())) {
        await expect(help).toContainText('Opening run (H-2)');
        if (!ended && !drew) await keepScreenshot(page, info, 'h2-end-turn-390x844');
        const lines = await log.locator('li').count();
        await endTurn.click();
        await expect(endTurn).toBeHidden();
        await expect(log.locator('li')).not.toHaveCount(lines);
        ended = true;
      } else if (!drew && (await draw.isEnabled()) && (await help.isVisible())) {
        await expect(help).toContainText('Draw until a tile can be played (H-3)');
        await keepScreenshot(page, info, 'h3-draw-lit-390x844');
        const lines = await log.locator('li').count();
        await draw.click();
        await expect(log.locator('li')).not.toHaveCount(lines);
        drew = true;
      } else if (!(await mouseStep(page))) await page.waitForTimeout(150);
    }
  }
  expect(ended, 'End turn came up and ended the opening run').toBe(true);
  expect(drew, 'a Draw lit by H-3 came up and drew').toBe(true);
  expect(errors, errors.join('\n')).toEqual([]);
});
