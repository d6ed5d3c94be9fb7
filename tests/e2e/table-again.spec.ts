// Solo "Play again" at game over deals the same setup again at once, on a new
// table (the same variant, options, names and bots' levels), without the setup page;
// the finished game is then listed in the history, its record to download or replay.
// Its result can be shared where the browser has the Web Share API.
import { expect, test } from './fixtures';
import { fastSettings, keepScreenshot, served, startSolo, watchErrors } from './helpers-table';

test('solo: Play again starts the same setup at once', async ({ page }) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  await fastSettings(page);
  // A browser without the Web Share API: no Share button.
  await page.addInitScript(() => {
    delete (Navigator.prototype as { share?: unknown }).share;
  });
  await startSolo(page, { variant: 'railominos', options: { rounds: 1 }, name: 'Ada' });
  const firstRoom = new URL(page.url()).searchParams.get('room');
  const players = page.getByTestId('players').locator('li');
  const before = await players.allInnerTexts();
  expect(before).toHaveLength(3);
  await page.getByTestId('autoplay').click();
  await expect(page.getByTestId('game-over')).toBeVisible({ timeout: 120_000 });
  await expect(page.getByTestId('download-record')).toBeVisible();
  await expect(page.getByTestId('share')).toHaveCount(0);

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

test('a finished game is listed on the landing page, its record downloaded and replayed', async ({
  page,
}, info) => {
  test.setTimeout(150_000);
  const errors = watchErrors(page);
  await fastSettings(page);
  // A browser with the Web Share API: what is shared is recorded.
  await page.addInitScript(() => {
    const w = window as unknown as { shared: ShareData[] };
    w.shared = [];
    Object.defineProperty(navigator, 'share', {
      configurable: true,
      value: (data: ShareData) => {
        w.shared.push(data);
        return Promise.resolve();
      },
    });
  });
  await startSolo(page, { variant: 'railominos', options: { rounds: 1 }, name: 'Ada' });
  const room = new URL(page.url()).searchParams.get('room');
  await page.getByTestId('autoplay').click();
  await expect(page.getByTestId('game-over')).toBeVisible({ timeout: 120_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, info, 'game-over-share-390x844');
  await page.setViewportSize({ width: 1280, height: 800 });
  // The result, shared through the system's sheet.
  await page.getByTestId('share').click();
  const shared = await page.evaluate(() => (window as unknown as { shared: ShareData[] }).shared);
  expect(shared).toHaveLength(1);
  expect(shared[0]?.text).toMatch(/^.+ won Railominos on Trainyard: Ada -?\d+, /);
  expect(shared[0]?.url).toBe(served());
  await page.goto(served());

  const history = page.getByTestId('history');
  const row = history.getByTestId('history-row');
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute('data-room', room ?? '');
  await expect(row).toContainText('Railominos');
  await expect(row).toContainText(/(You|Casey|Hattie|Rusty|Mabel|Ozzie|Pearl|Silas) won/);
  await expect(row.locator('.players li')).toHaveCount(3);
  await expect(history.getByTestId('opponent')).toHaveCount(2);
  await expect(history.getByTestId('opponent').first()).toContainText('1 game, you won');
  // The game goes from Continue to the history.
  await expect(page.getByTestId(`continue-${room}`)).toHaveCount(0);
  await page.setViewportSize({ width: 1280, height: 800 });
  await history.scrollIntoViewIfNeeded();
  await keepScreenshot(page, info, 'history-1280x800');
  await page.setViewportSize({ width: 390, height: 844 });
  await history.scrollIntoViewIfNeeded();
  await keepScreenshot(page, info, 'history-390x844');

  const download = page.waitForEvent('download');
  await row.getByTestId('history-download').click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^trainyard-.*\.json$/);

  await row.getByTestId('history-replay').click();
  await expect(page.getByTestId('replay-verdict')).toHaveAttribute('data-fair', 'true', {
    timeout: 60_000,
  });
  expect(errors, errors.join('\n')).toEqual([]);
});
