// After a game the host ended early because a player left (issue 23): the host
// offers a rematch without them, the guest accepts, and the new game is played
// out on both pages; at its game over the panel has its own React button (it
// covers the board's). A watcher who arrives after a game over sees the final
// standings, with no rematch to accept, and once the host lets watchers react
// can be muted from the watcher list. TRAINYARD_SHOTS=<dir> saves the screens at
// a phone's and a desktop's size.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  autoplay,
  createTable,
  expectSameGameOver,
  joinTable,
  newPlayer,
  type Player,
  setGame,
  SHORT_MT,
  startAndAutoplay,
} from './helpers-online';

async function shots(page: Page, name: string): Promise<void> {
  const dir = process.env.TRAINYARD_SHOTS;
  if (!dir) return;
  for (const [width, height] of [
    [390, 844],
    [1280, 800],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.screenshot({ path: `${dir}/${name}-${width}x${height}.png` });
  }
}

const panel = (p: Player) => p.page.getByTestId('game-over');

test(
  'a game the host ended when a player left is played again; its game over has React',
  { tag: '@waits' },
  async ({ browser }) => {
    test.setTimeout(300_000);
    const [ann, bob, cat] = (await Promise.all(
      ['Ann', 'Bob', 'Cat'].map((name) => newPlayer(browser, name)),
    )) as [Player, Player, Player];
    const link = await createTable(ann);
    await setGame(ann, 'mexican-train', SHORT_MT);
    await joinTable(bob, link);
    await joinTable(cat, link);
    await expect(ann.page.getByTestId('seat-2')).toContainText('Cat');
    await ann.page.getByTestId('start-game').click();
    for (const p of [ann, bob, cat]) await p.page.waitForURL(/table\?room=/, { timeout: 20_000 });

    // Cat's hand is dealt, then Cat's browser goes: the round cannot go on past Cat's turn.
    await expect(cat.page.getByTestId('hand').locator('button').first()).toBeVisible({
      timeout: 60_000,
    });
    await cat.page.context().close();
    for (const p of [ann, bob]) await autoplay(p);
    await ann.page.getByTestId('stall-end').click({ timeout: 90_000 });

    // The host offers the table again, without Cat; Bob accepts; Bob sits first now.
    await ann.page.getByTestId('rematch').click();
    await expect(bob.page.getByTestId('rematch-offer')).toContainText('Ann');
    await expect(bob.page.getByTestId('rematch-offer')).not.toContainText('Cat');
    await bob.page.getByTestId('rematch-accept').click();
    for (const p of [ann, bob]) {
      await expect(p.page.getByTestId('rematch-area')).toHaveCount(0, { timeout: 30_000 });
      await autoplay(p);
    }
    await expectSameGameOver([ann, bob], 120_000);
    for (const p of [ann, bob]) {
      const board = p.page.getByTestId('scoreboard');
      await expect(board.locator('tr[data-seat]')).toHaveCount(2);
      await expect(board.locator('tr[data-seat="0"] th')).toContainText('Bob');
    }

    // Game over covers the board: its panel has a React button of its own.
    await panel(bob).getByTestId('reactions-open').click();
    await expect(panel(bob).getByTestId('reaction-good')).toBeVisible();
    await shots(bob.page, 'game-over-react-open');
    await panel(bob).getByTestId('reaction-good').click();
    await expect(ann.page.getByTestId('reactions')).toContainText('Bob');
    await expect(ann.page.getByTestId('reactions')).toContainText('Good move!');
    await shots(ann.page, 'game-over-reaction-shown');

    expect([...ann.errors, ...bob.errors]).toEqual([]);
  },
);

test('a watcher who comes after game over sees the standings, and may be muted once let react', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const [ann, bob, dan] = (await Promise.all(
    ['Ann', 'Bob', 'Dan'].map((name) => newPlayer(browser, name)),
  )) as [Player, Player, Player];
  const link = await createTable(ann);
  await setGame(ann, 'mexican-train', SHORT_MT);
  await joinTable(bob, link);
  await expect(ann.page.getByTestId('seat-1')).toContainText('Bob');
  await startAndAutoplay(ann, [ann, bob]);
  await expectSameGameOver([ann, bob]);

  // Dan comes after the game: he watches, and sees the final standings, with no rematch.
  await dan.page.goto(link);
  await dan.page.waitForURL(/lobby\?join=/);
  await dan.page.getByTestId('name-input').fill(dan.name);
  await dan.page.getByTestId('join').click();
  await dan.page.waitForURL(/table\?room=/, { timeout: 30_000 });
  await expect(panel(dan)).toBeVisible({ timeout: 60_000 });
  await expect(panel(dan).getByTestId('scoreboard').locator('tr[data-seat]')).toHaveCount(2);
  await expect(panel(dan).getByTestId('watching')).toBeVisible();
  await expect(dan.page.getByTestId('rematch-area')).toHaveCount(0);
  await expect(dan.page.getByTestId('play-again')).toHaveCount(0);
  await expect(dan.page.getByTestId('state-hash')).toHaveText(
    (await ann.page.getByTestId('state-hash').textContent()) ?? '',
  );
  await shots(dan.page, 'late-watcher-game-over');

  // The host lets watchers react; Dan does; Ann mutes him from the watcher list.
  await panel(ann).getByTestId('reactions-open').click();
  await panel(ann).getByTestId('option-watchersReact').check();
  await panel(dan).getByTestId('reactions-open').click();
  await panel(dan).getByTestId('reaction-party').click();
  await expect(ann.page.getByTestId('reactions')).toContainText('Dan');
  await expect(bob.page.getByTestId('reactions')).toContainText('Dan');
  const mute = panel(ann).locator('[data-testid^="mute-watcher-"]');
  await expect(mute).toHaveCount(1);
  await shots(ann.page, 'watcher-mute');
  await mute.click();
  await expect(mute).toHaveAttribute('aria-pressed', 'true');
  await expect(ann.page.getByTestId('reactions')).not.toContainText('Dan');
  expect([...ann.errors, ...bob.errors, ...dan.errors]).toEqual([]);
});
