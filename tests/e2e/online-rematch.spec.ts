// A rematch online (issue 23): two browsers finish a one-round game, the host
// changes a house rule and presses Rematch, the guest is shown the change and
// accepts, and a second game with the same people (seats one to the left) is
// dealt and played to game over on both pages with one state hash. TRAINYARD_SHOTS=<dir> also saves the offer as each one sees it.
// After the rematch moved hosting to the guest, a third browser opening the first
// invite link (it names the first host's browser) is brought to the new host and
// watches the second game (one test: it needs the same whole first game).
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  autoplay,
  createTable,
  expectSameGameOver,
  joinTable,
  newPlayer,
  setGame,
  SHORT_MT,
  startAndAutoplay,
} from './helpers-online';
import { keepScreenshot, served } from './helpers-table';

const SIZES = [
  [390, 844],
  [1280, 800],
] as const;

async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.TRAINYARD_SHOTS;
  if (!dir) return;
  for (const [width, height] of SIZES) {
    await page.setViewportSize({ width, height });
    await page.getByTestId('rematch-area').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/${name}-${width}x${height}.png` });
  }
}

test('a rematch: the host offers, the guest accepts, a second game is played out; the first invite link brings a newcomer to watch it', async ({
  browser,
}, info) => {
  test.setTimeout(300_000);
  const ann = await newPlayer(browser, 'Ann');
  const bob = await newPlayer(browser, 'Bob');
  const link = await createTable(ann);
  await setGame(ann, 'mexican-train', SHORT_MT);
  await joinTable(bob, link);
  await expect(ann.page.getByTestId('seat-1')).toContainText('Bob');
  await expect(bob.page.getByTestId('option-set')).toHaveValue('6');
  await startAndAutoplay(ann, [ann, bob]);
  const first = await expectSameGameOver([ann, bob]);
  const room = new URL(ann.page.url()).searchParams.get('room');

  // Only the host offers; the guest is told so, and has nothing to accept yet.
  await expect(bob.page.getByTestId('rematch')).toHaveCount(0);
  await expect(bob.page.getByTestId('rematch-accept')).toHaveCount(0);
  await shots(ann.page, 'rematch-button');
  // The host changes a house rule first (fewer tiles a hand); the guest is shown it.
  await ann.page.getByTestId('rematch-rules').click();
  await ann.page.getByTestId('option-handSize').fill('4');
  await shots(ann.page, 'rematch-rules');
  await ann.page.getByTestId('rematch').click();
  await expect(ann.page.getByTestId('rematch-offer')).toContainText('Bob');
  await expect(bob.page.getByTestId('rematch-offer')).toContainText('Ann');
  await expect(bob.page.getByTestId('rematch-new-rules')).toContainText('4');
  await shots(ann.page, 'rematch-host');
  await shots(bob.page, 'rematch-guest');
  await bob.page.getByTestId('rematch-accept').click();

  // The new game: dealt on both pages at the same table, the first game over gone.
  for (const p of [ann, bob]) {
    await expect(p.page.getByTestId('game-over')).toBeHidden({ timeout: 30_000 });
    expect(new URL(p.page.url()).searchParams.get('room')).toBe(room);
  }
  // Bob sits first now and hosts; the link Cat opens names Ann's browser.
  const cat = await newPlayer(browser, 'Cat');
  await cat.page.goto(link);
  await cat.page.waitForURL(/lobby\?join=/);
  await cat.page.getByTestId('name-input').fill(cat.name);
  await cat.page.getByTestId('join').click();
  await cat.page.waitForURL(/table\?room=/, { timeout: 30_000 });
  await expect(cat.page.getByTestId('watching')).toBeVisible({ timeout: 30_000 });
  await expect(bob.page.getByTestId('watcher').filter({ hasText: 'Cat' })).toBeVisible();
  // It follows the game: the rematch's deal comes to an end on its page too.
  await expect(cat.page.getByTestId('dealing-progress')).toBeHidden({ timeout: 60_000 });
  for (const [width, height] of SIZES) {
    await cat.page.setViewportSize({ width, height });
    await keepScreenshot(cat.page, info, `rematch-newcomer-watching-${width}x${height}`);
  }
  for (const p of [ann, bob]) await autoplay(p);
  const second = await expectSameGameOver([ann, bob], 120_000);
  expect(second.hash).not.toBe(first.hash);
  // The same people, seats moved one to the left: Bob sits first.
  for (const p of [ann, bob]) {
    const board = p.page.getByTestId('scoreboard');
    await expect(board.locator('tr[data-seat="0"] th')).toContainText('Bob');
    await expect(board.locator('tr[data-seat="1"] th')).toContainText('Ann');
  }
  // Bob sits first, so he hosts the new game: the next rematch is his to offer.
  await expect(bob.page.getByTestId('rematch')).toBeVisible();
  await expect(ann.page.getByTestId('rematch')).toHaveCount(0);
  // Both games of the table are in Ann's history; the first one's record replays as fair.
  await ann.page.goto(served());
  const rows = ann.page.getByTestId('history').getByTestId('history-row');
  await expect(rows).toHaveCount(2);
  for (const row of await rows.all()) await expect(row).toHaveAttribute('data-room', room ?? '');
  await expect(ann.page.getByTestId(`continue-${room}`)).toHaveCount(0);
  await rows.nth(1).getByTestId('history-replay').click();
  await expect(ann.page.getByTestId('replay-verdict')).toHaveAttribute('data-fair', 'true', {
    timeout: 60_000,
  });
  expect([...ann.errors, ...bob.errors, ...cat.errors]).toEqual([]);
});
