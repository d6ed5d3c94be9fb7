// Watching and arriving late over real WebRTC: a third browser opens the invite
// link of a tournament game under way and watches (its table says so, every
// table lists it); the host seats it from the table, and at the next round's
// deal (TT-9) it has a seat on every page, and all three play to one end.
import { type Page, type TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { keepScreenshot } from './helpers-table';
import {
  autoplay,
  createTable,
  expectSameGameOver,
  joinTable,
  newPlayer,
  type Player,
  setGame,
} from './helpers-online';

/** Two rounds (the 1-1 engine, then the 0-0) of four tiles a hand: short. */
const SHORT_TOURNAMENT = { startDouble: 1, set: 6, handSize: 4 };

/** Opens the invite link once the game has started: the lobby hands it on to the table. */
async function arriveLate(p: Player, link: string): Promise<void> {
  await p.page.goto(link);
  await p.page.waitForURL(/lobby\?join=/);
  await p.page.getByTestId('name-input').fill(p.name);
  await p.page.getByTestId('join').click();
  await p.page.waitForURL(/table\?room=/, { timeout: 30_000 });
}

/** Each person here says ready whenever a round is over, until the game is. */
async function readyUntilOver(players: readonly Player[], timeout = 150_000): Promise<void> {
  await expect(async () => {
    for (const p of players) {
      const next = p.page.getByTestId('next-round');
      if (await next.isVisible()) await next.click({ timeout: 1000 }).catch(() => {});
    }
    for (const p of players)
      await expect(p.page.getByTestId('game-over')).toBeVisible({ timeout: 500 });
  }).toPass({ timeout });
}

/** The page at a phone's size and a desktop's, kept with the report. */
async function shoot(page: Page, info: TestInfo, name: string): Promise<void> {
  for (const [w, h] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await keepScreenshot(page, info, `${name}-${w}x${h}`);
  }
}

test('TT-9: a late browser watches, the host seats it, and it plays from the next deal on every page', async ({
  browser,
}, info) => {
  test.setTimeout(300_000);
  const [ann, bob, cat] = (await Promise.all(
    ['Ann', 'Bob', 'Cat'].map((name) => newPlayer(browser, name)),
  )) as [Player, Player, Player];
  const link = await createTable(ann);
  await joinTable(bob, link);
  await setGame(ann, 'mexican-train-tournament', SHORT_TOURNAMENT);
  await expect(bob.page.getByTestId('variant-select')).toHaveValue('mexican-train-tournament');
  // Nobody moves yet, so the first round is still on when Cat comes.
  await ann.page.getByTestId('start-game').click();
  for (const p of [ann, bob]) await p.page.waitForURL(/table\?room=/, { timeout: 20_000 });

  await arriveLate(cat, link);
  await expect(cat.page.getByTestId('watching')).toBeVisible({ timeout: 30_000 });
  await expect(cat.page.getByTestId('hand').locator('button')).toHaveCount(0);
  // Every table lists who watches; only the host's offers a seat.
  for (const p of [ann, bob, cat]) {
    await expect(p.page.getByTestId('watcher').filter({ hasText: 'Cat' }).first()).toBeVisible();
  }
  await expect(ann.page.getByTestId('watching')).toHaveCount(0);
  await expect(bob.page.getByTestId('seat-newcomer')).toHaveCount(0);
  await expect(cat.page.getByTestId('seat-newcomer')).toHaveCount(0);
  const seat = ann.page
    .getByTestId('watcher')
    .filter({ hasText: 'Cat' })
    .getByTestId('seat-newcomer');
  await expect(seat).toBeVisible();
  await shoot(cat.page, info, 'watcher-table');
  await shoot(ann.page, info, 'host-watchers');

  await seat.click();
  await expect(
    ann.page.getByTestId('watcher').filter({ hasText: 'Cat' }).getByTestId('newcomer-pending'),
  ).toBeVisible();
  await shoot(ann.page, info, 'host-newcomer-pending');

  // The first round is played out; at the next deal Cat has the third seat on every page.
  for (const p of [ann, bob]) await autoplay(p);
  await expect(cat.page.getByTestId('watching')).toHaveCount(0, { timeout: 120_000 });
  for (const p of [ann, bob, cat]) {
    const seats = p.page.getByTestId('players').locator('li');
    await expect(seats).toHaveCount(3, { timeout: 30_000 });
    await expect(seats.nth(2)).toContainText('Cat');
    await expect(p.page.getByTestId('watcher')).toHaveCount(0);
  }
  // The new seating waits, as any round does, for its people: Cat says ready too.
  await expect(ann.page.getByTestId('round-over')).toContainText('Waiting for Cat');
  // The round's panel covers the board: it has React of its own.
  await ann.page.getByTestId('round-over').getByTestId('reactions-open').click();
  await shoot(ann.page, info, 'round-over-react');
  await cat.page.getByTestId('next-round').click();
  await autoplay(cat);
  await readyUntilOver([ann, bob, cat]);
  await expectSameGameOver([ann, bob, cat]);
  expect([...ann.errors, ...bob.errors, ...cat.errors]).toEqual([]);
});
