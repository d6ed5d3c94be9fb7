// Turn alerts in real Chromium: a solo table whose page is hidden (emulated:
// visibilityState and hasFocus overridden, visibilitychange dispatched) shows
// "● Your turn — Trainyard" and a badged icon when its turn comes, vibrates and
// notifies as set, and puts its title and icon back when the page is shown again.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { fastSettings, keepScreenshot, mouseStep, startSolo, watchErrors } from './helpers-table';

const TURN_TITLE = '● Your turn — Trainyard';

/** Emulates the tab going to the background (or coming back): what the page can see of it. */
async function setHidden(page: Page, hidden: boolean): Promise<void> {
  await page.evaluate((h) => {
    Object.defineProperty(document, 'visibilityState', {
      configurable: true,
      get: () => (h ? 'hidden' : 'visible'),
    });
    Object.defineProperty(document, 'hidden', { configurable: true, get: () => h });
    document.hasFocus = () => !h;
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event(h ? 'blur' : 'focus'));
  }, hidden);
}

/** Records vibrations and notifications instead of making them. */
async function recordAlerts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { alerts: string[] };
    w.alerts = [];
    Object.defineProperty(navigator, 'vibrate', {
      configurable: true,
      value: (pattern: Iterable<number>) => {
        w.alerts.push(`vibrate ${[...pattern].join(',')}`);
        return true;
      },
    });
    class FakeNotification {
      static permission: NotificationPermission = 'default';
      static requestPermission(): Promise<NotificationPermission> {
        w.alerts.push('permission asked');
        FakeNotification.permission = 'granted';
        return Promise.resolve('granted');
      }
      onclick: (() => void) | null = null;
      constructor(title: string, options?: NotificationOptions) {
        w.alerts.push(`notify ${title}: ${options?.body ?? ''}`);
      }
      close(): void {}
    }
    Object.defineProperty(window, 'Notification', { configurable: true, value: FakeNotification });
  });
}

/** Something of ours to play, or a pass to make. */
async function myTurn(page: Page): Promise<boolean> {
  const usable = await page.getByTestId('hand').locator('button.usable').count();
  return usable > 0 || (await page.getByTestId('pass').isEnabled());
}

const alerts = (page: Page) =>
  page.evaluate(() => (window as unknown as { alerts: string[] }).alerts);
const icon = (page: Page) =>
  page.locator('link[rel="icon"]').getAttribute('href') as Promise<string>;

test('a hidden page’s title and icon say when its turn comes, and come back when it is shown', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await recordAlerts(page);
  await fastSettings(page, 'fast');
  await startSolo(page, { variant: 'railominos', options: { rounds: 1 }, extraBots: -1 });
  const plainTitle = await page.title();
  expect(plainTitle).not.toBe(TURN_TITLE);
  expect(await icon(page)).toMatch(/favicon\.svg$/);

  // Notifications on: the permission is asked for only now.
  expect(await alerts(page)).toEqual([]);
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByTestId('setting-vibrate')).toBeChecked();
  await expect(page.getByTestId('setting-notify')).not.toBeChecked();
  await page.getByTestId('setting-notify').check();
  await expect(page.getByTestId('setting-notify')).toBeChecked();
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, info, 'settings-alerts-390x844');
  await page.getByRole('button', { name: 'Done' }).click();
  expect(await alerts(page)).toEqual(['permission asked']);

  // Our turn, in view: nothing happens to the title.
  await expect.poll(() => myTurn(page), { timeout: 30_000 }).toBe(true);
  expect(await page.title()).toBe(plainTitle);

  // The tab goes to the background; our move, then the bot's, then our turn again.
  await setHidden(page, true);
  expect(await mouseStep(page)).toBe(true);
  await expect.poll(() => page.title(), { timeout: 30_000 }).toBe(TURN_TITLE);
  expect(await icon(page)).toMatch(/favicon-turn\.svg$/);
  expect(await alerts(page)).toEqual([
    'permission asked',
    'vibrate 180,90,180',
    'notify Your turn: Trainyard: the table waits for you.',
  ]);

  // Back to the page: the title and icon as they were.
  await setHidden(page, false);
  await expect.poll(() => page.title()).toBe(plainTitle);
  expect(await icon(page)).toMatch(/favicon\.svg$/);
  expect(errors, errors.join('\n')).toEqual([]);
});
