// Every variant played solo to the end in real Chromium: the person's seat on
// autoplay against bots, short house rules, the scoreboard at game over, no
// page errors; a screenshot of each table mid-round at phone and desktop size.
import { expect, test } from './fixtures';
import { fastSettings, keepScreenshot, startSolo, watchErrors } from './helpers-table';

const GAMES = [
  { variant: 'mexican-train', options: { rounds: 1, set: 9, handSize: 7 } },
  { variant: 'mexican-train-tournament', options: { startDouble: 0, set: 9, handSize: 7 } },
  { variant: 'derailing-the-train', options: { set: 3, handSize: 3 } },
  { variant: 'engine-191', options: { tokensToWin: 1 } },
  { variant: 'railominos', options: { rounds: 1 } },
] as const;

for (const game of GAMES) {
  test(`${game.variant}: a solo game on autoplay runs to game over`, async ({ page }, info) => {
    test.setTimeout(150_000);
    const errors = watchErrors(page);
    await fastSettings(page, 'fast');
    await page.setViewportSize({ width: 1280, height: 800 });
    await startSolo(page, { variant: game.variant, options: game.options });
    await expect(page.getByTestId('state-hash')).not.toHaveText('');

    // Autoplay at a watchable pace; mid-round, a screenshot at desktop and phone size.
    await page.getByTestId('autoplay').click();
    await expect(page.getByTestId('autoplay')).toHaveAttribute('aria-pressed', 'true');
    const lines = page.getByTestId('move-log').locator('li');
    await expect.poll(() => lines.count(), { timeout: 30_000 }).toBeGreaterThanOrEqual(7);
    await keepScreenshot(page, info, `${game.variant}-1280x800`);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForTimeout(500);
    await keepScreenshot(page, info, `${game.variant}-390x844`);
    await page.setViewportSize({ width: 1280, height: 800 });

    // Then the rest of the game at once (the pace is a setting, kept on this browser).
    await page.getByRole('button', { name: 'Settings' }).click();
    await page.getByTestId('setting-speed').selectOption('instant');
    await page.getByRole('button', { name: 'Done' }).click();
    const over = page.getByTestId('game-over');
    await expect(over).toBeVisible({ timeout: 120_000 });
    const rows = page.getByTestId('scoreboard').locator('tr[data-seat]');
    await expect(rows).toHaveCount(3);
    for (const row of await rows.all()) {
      expect(await row.getAttribute('data-total')).toMatch(/^-?\d+$/);
    }
    await expect(page.getByTestId('audit')).toHaveAttribute('data-violations', '0');
    await expect(page.getByTestId('move-log')).toContainText('Game over');
    await keepScreenshot(page, info, `${game.variant}-game-over`);
    expect(errors, errors.join('\n')).toEqual([]);
  });
}
