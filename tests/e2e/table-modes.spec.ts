// The table beyond autoplay: a keyboard-only round, pass-and-play behind the
// curtain, and a reload in the middle of a solo game.
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fastSettings, mouseStep, served, startSolo, watchErrors } from './helpers-table';

/** Presses Tab until `target` has focus (at most `limit` times). */
async function tabTo(page: Page, target: Locator, limit = 80): Promise<void> {
  for (let i = 0; i < limit; i++) {
    const focused = await target.evaluate((el) => el === document.activeElement, undefined, {
      timeout: 2000,
    });
    if (focused) return;
    await page.keyboard.press('Tab');
  }
  throw new Error('Tab never reached the control');
}

/** One step of play by keyboard: a playable tile and its target, or draw, or pass. */
async function keyboardStep(page: Page): Promise<void> {
  const hand = page.getByTestId('hand');
  const declare = page.getByRole('group', { name: 'Call-down' }).getByRole('button').first();
  const usable = hand.locator('button.usable').first();
  const draw = page.getByTestId('draw');
  const pass = page.getByTestId('pass');
  if (await declare.isVisible()) {
    await tabTo(page, declare);
    await page.keyboard.press('Enter');
  } else if (await usable.isVisible()) {
    const first = hand.locator('button').first();
    await tabTo(page, first);
    // Arrows walk the hand to the playable tile.
    for (let i = 0; i < 40; i++) {
      if (
        await usable.evaluate((el) => el === document.activeElement, undefined, { timeout: 2000 })
      )
        break;
      await page.keyboard.press('ArrowRight');
    }
    await page.keyboard.press('Enter');
    const target = page.locator('.targets button.target').first();
    if (
      await target.waitFor({ timeout: 600 }).then(
        () => true,
        () => false,
      )
    ) {
      await tabTo(page, target);
      await page.keyboard.press('Enter');
    }
  } else if (await draw.isEnabled()) {
    await tabTo(page, draw);
    await page.keyboard.press('Enter');
  } else if (await pass.isEnabled()) {
    await tabTo(page, pass);
    await page.keyboard.press('Enter');
  }
}

test('a keyboard-only player plays a whole Mexican Train round', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await fastSettings(page);
  await startSolo(page, {
    variant: 'mexican-train',
    options: { rounds: 1, set: 6, handSize: 5 },
    extraBots: -1,
  });
  const over = page.getByTestId('game-over');
  const live = page.locator('[aria-live="polite"]');
  for (let turn = 0; turn < 80 && !(await over.isVisible()); turn++) {
    const mine = page.locator('.status.mine');
    await Promise.race([
      mine.waitFor({ timeout: 10_000 }).catch(() => undefined),
      over.waitFor({ timeout: 10_000 }).catch(() => undefined),
    ]);
    if (await over.isVisible()) break;
    await keyboardStep(page);
    await page.waitForTimeout(150);
  }
  await expect(over).toBeVisible();
  await expect(live).toContainText(/Round 1 is over|Game over/);
  // The deal is random: some rounds leave the person nothing to play, and every
  // turn is a draw (by keyboard too).
  await expect(page.getByTestId('move-log')).toContainText(/You (played|drew)/);
  expect(errors, errors.join('\n')).toEqual([]);
});

test('pass and play: the curtain hides each hand between turns', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await fastSettings(page);
  await page.goto(served());
  await page.getByTestId('pass-and-play').click();
  await page.getByTestId('variant-select').selectOption('railominos');
  await page.getByTestId('name-input').fill('Ada');
  await page.getByTestId('name-input-1').fill('Bea');
  await page.getByTestId('option-rounds').fill('1');
  await page.getByTestId('start-game').click();
  await page.waitForURL(/table\?room=/);

  const curtain = page.getByTestId('curtain');
  const hand = page.getByTestId('hand');
  const seen = new Set<string>();
  const over = page.getByTestId('game-over');
  for (let turn = 0; turn < 6; turn++) {
    // A short round may end on a turn: the game-over panel comes instead of the curtain.
    await expect(curtain.or(over)).toBeVisible({ timeout: 30_000 });
    if (await over.isVisible()) break;
    // Behind the curtain no tile of any hand is in the page.
    await expect(page.locator('[data-tile]')).toHaveCount(0);
    const name = (await curtain.locator('.name').innerText()).trim();
    seen.add(name);
    await curtain.getByRole('button').click();
    await expect(curtain).toBeHidden();
    await expect(page.locator('.players li.me .name')).toContainText(name);
    await expect(hand.locator('button').first()).toBeVisible();
    const usable = hand.locator('button.usable').first();
    if (await usable.isVisible()) {
      await usable.click();
      const target = page.locator('.targets button.target').first();
      if (
        await target.waitFor({ timeout: 600 }).then(
          () => true,
          () => false,
        )
      )
        await target.click();
    } else {
      await page.getByTestId('pass').click();
    }
  }
  expect([...seen].sort()).toEqual(['Ada', 'Bea']);
  expect(errors, errors.join('\n')).toEqual([]);
});

test('a reload in the middle of a solo game continues it', async ({ page }) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await fastSettings(page, 'fast');
  await startSolo(page, { variant: 'mexican-train', options: { rounds: 2, set: 9, handSize: 7 } });
  const room = new URL(page.url()).searchParams.get('room');
  // Two turns of ours by mouse, then stop where it is our turn again.
  const mine = page.locator('.status.mine');
  for (let turn = 0; turn < 2; turn++) {
    await expect(mine).toBeVisible({ timeout: 30_000 });
    await mouseStep(page);
    await page.waitForTimeout(300);
  }
  await expect(mine).toBeVisible({ timeout: 30_000 });
  await page.waitForTimeout(600);
  const hash = await page.getByTestId('state-hash').innerText();
  const tiles = await page
    .getByTestId('hand')
    .locator('button')
    .evaluateAll((b) => b.map((x) => x.getAttribute('data-tile')));

  await page.reload();
  await expect(page.getByTestId('state-hash')).toHaveText(hash, { timeout: 30_000 });
  await expect(page.getByTestId('hand').locator('button')).toHaveCount(tiles.length);
  await expect(page.locator('.status.mine')).toBeVisible();

  // The landing page offers it under Continue.
  await page.goto(served());
  await expect(page.getByTestId(`continue-${room}`)).toBeVisible();
  await page.getByTestId(`continue-${room}`).click();
  await expect(page.getByTestId('state-hash')).toHaveText(hash, { timeout: 30_000 });
  expect(errors, errors.join('\n')).toEqual([]);
});

test('a table opened in a second tab of the same browser runs in one tab only', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await fastSettings(page, 'fast');
  await startSolo(page, { variant: 'mexican-train', options: { rounds: 1, set: 6, handSize: 5 } });
  const second = await page.context().newPage();
  await second.goto(page.url());
  await expect(second.getByTestId('table-elsewhere')).toBeVisible({ timeout: 30_000 });
  await expect(second.getByTestId('hand')).toHaveCount(0);
  await expect(page.getByTestId('hand').locator('button').first()).toBeVisible();
  // Once the first tab is gone, the second one takes the table over.
  await page.close();
  await second.reload();
  await expect(second.getByTestId('hand').locator('button').first()).toBeVisible({
    timeout: 30_000,
  });
  expect(errors, errors.join('\n')).toEqual([]);
});

test('over the game-over panel, the header still answers (settings, the log on a phone)', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 390, height: 844 });
  await fastSettings(page);
  await startSolo(page, { variant: 'mexican-train', options: { rounds: 1, set: 6, handSize: 5 } });
  await page.getByTestId('autoplay').click();
  await expect(page.getByTestId('game-over')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('button', { name: 'Log' }).click();
  await expect(page.getByTestId('move-log')).toBeInViewport();
  await page.getByRole('button', { name: 'Log' }).click();
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(errors, errors.join('\n')).toEqual([]);
});
