// The same browser opening its table's link goes back to its own seat (issue 31):
// Back from the table page, or the invite link opened in a new tab after the old
// one closed, resumes the table stored on this browser instead of joining it anew
// as a watcher; the game then finishes the same on both pages.
import { expect, test } from './fixtures';
import {
  autoplay,
  createTable,
  expectSameGameOver,
  joinTable,
  movesShown,
  newPlayer,
  setGame,
  SHORT_MT,
  startAndAutoplay,
} from './helpers-online';
import { keepScreenshot, served } from './helpers-table';

/** Bob's page is at his seat again: the table page, his hand dealt, no Join offered. */
async function backAtSeat(page: import('@playwright/test').Page): Promise<void> {
  await page.waitForURL(/table\?room=/, { timeout: 20_000 });
  await expect(page.getByTestId('join')).toHaveCount(0);
  await expect(page.getByTestId('autoplay')).toBeVisible({ timeout: 30_000 });
}

test('Back mid-game returns the guest to their seat; the game finishes on both pages', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ann = await newPlayer(browser, 'Ann');
  const bob = await newPlayer(browser, 'Bob');
  const link = await createTable(ann);
  await setGame(ann, 'mexican-train', SHORT_MT);
  await joinTable(bob, link);
  await startAndAutoplay(ann, [ann, bob]);
  await movesShown(bob, 3);
  const table = bob.page.url();
  await bob.page.goBack();
  await backAtSeat(bob.page);
  expect(bob.page.url()).toBe(table);
  await autoplay(bob);
  await expectSameGameOver([ann, bob], 120_000);
  expect([...ann.errors, ...bob.errors]).toEqual([]);
});

test('the tab closed mid-game, the invite link opened in a new tab: back at the seat, the game finishes', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ann = await newPlayer(browser, 'Ann');
  const bob = await newPlayer(browser, 'Bob');
  const link = await createTable(ann);
  await setGame(ann, 'mexican-train', SHORT_MT);
  await joinTable(bob, link);
  await startAndAutoplay(ann, [ann, bob]);
  await movesShown(bob, 3);
  const context = bob.page.context();
  await bob.page.close();
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`Bob pageerror: ${e.message}`));
  await page.goto(link);
  await backAtSeat(page);
  const again = { page, name: 'Bob', errors };
  await autoplay(again);
  await expectSameGameOver([ann, again], 120_000);
  // The game is over: its link still opens this browser's table, which says so.
  await page.goto(link);
  await page.waitForURL(/table\?room=/, { timeout: 20_000 });
  await expect(page.getByTestId('game-over')).toBeVisible({ timeout: 30_000 });
  expect([...ann.errors, ...errors]).toEqual([]);
});

for (const size of [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
]) {
  test(`at ${size.width}×${size.height}, a damaged link says so at the top, focused; a table nobody answers may be over`, async ({
    browser,
  }, info) => {
    const context = await browser.newContext({ viewport: size, locale: 'es-MX' });
    const page = await context.newPage();
    await page.goto(`${served()}lobby?join=not-a-table`);
    const problem = page.getByTestId('join-problem');
    await expect(problem).toContainText('dañado');
    await expect(problem).toBeFocused();
    await expect(problem).toBeInViewport({ ratio: 1 });
    await keepScreenshot(page, info, `seat-damaged-link-${size.width}`);

    await page.goto(`${served()}lobby?join=abcd1234.efgh5678`);
    await page.getByTestId('name-input').fill('Ana');
    await page.getByTestId('join').click();
    await expect(problem).toContainText('puede que la partida haya terminado', { timeout: 30_000 });
    await expect(problem).toBeInViewport({ ratio: 1 });
    await keepScreenshot(page, info, `seat-table-gone-${size.width}`);
    await context.close();
  });
}
