// Solo "Play again" at game over deals the same setup again at once, on a new
// table (the same variant, options, names and bots' levels), without the setup page.
import { expect, test } from '@playwright/test';
import { fastSettings, startSolo, watchErrors } from './helpers-table';

test('solo: Play again starts the same setup at once', async ({ page }) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  await fastSettings(page);
  await startSolo(page, { variant: 'railominos', options: { rounds: 1 }, name: 'Ada' });
  const firstRoom = new URL(page.url()).searchParams.get('room');
  const players = page.getByTestId('players').locator('li');
  const before = await players.allInnerTexts();
  expect(before).toHaveLength(3);
  await page.getByTestId('autoplay').click();
  await expect(page.getByTestId('game-over')).toBeVisible({ timeout: 120_000 });

  await page.getByTestId('play-again').click();
  await page.waitForURL((url) => {
    const room = url.searchParams.get('room');
    return room !== null && room !== firstRoom;
  });
  await expect(page.getByTestId('game-over')).toBeHidden();
  await expect(page.getByTestId('hand').locator('button').first()).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByTestId('autoplay')).toHaveAttribute('aria-pressed', 'false');
  // The same people and bots, each with its name and level.
  const names = (texts: string[]) => texts.map((t) => t.split('\n')[0]);
  const levels = (texts: string[]) => texts.map((t) => /(easy|medium|hard) bot/.exec(t)?.[1]);
  await expect.poll(async () => names(await players.allInnerTexts())).toEqual(names(before));
  expect(levels(await players.allInnerTexts())).toEqual(levels(before));
  expect(errors, errors.join('\n')).toEqual([]);
});
