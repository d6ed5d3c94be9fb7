// A table this browser cannot save says so (issue 21 hole 8): with the site's
// storage quota at nothing (Chromium's DevTools protocol), every save fails as a
// full disk would, and the table plays on with "This game is not being saved".
import { expect, test } from './fixtures';
import { fastSettings, keepScreenshot, served, startSolo, watchErrors } from './helpers-table';

test('storage full: the table says it is not being saved, and plays on', async ({ page }, info) => {
  const errors = watchErrors(page);
  await fastSettings(page, 'fast');
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Storage.overrideQuotaForOrigin', {
    origin: new URL(served()).origin,
    quotaSize: 1,
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  await startSolo(page, { variant: 'mexican-train', options: { rounds: 1, set: 9, handSize: 7 } });
  const note = page.getByTestId('not-saving');
  await expect(note).toBeVisible({ timeout: 20_000 });
  await expect(note).toContainText('This game is not being saved: the browser’s storage is full.');
  await expect(note).toContainText('QuotaExceededError');
  await keepScreenshot(page, info, 'not-saving-1280x800');
  // It plays on (and a phone shows the note too); OK puts the note away.
  await page.getByTestId('autoplay').click();
  await expect(page.getByTestId('move-log').locator('li').nth(3)).toBeVisible({ timeout: 30_000 });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.waitForTimeout(300);
  await keepScreenshot(page, info, 'not-saving-390x844');
  await page.getByTestId('not-saving-ok').click();
  await expect(note).toBeHidden();
  expect(errors, errors.join('\n')).toEqual([]);
});
