// Online tables survive what browsers do: a reload mid-round resumes the table
// from IndexedDB and rejoins the room; the host's page closing hands
// sequencing to the next seat, whose player replays the round with a bot in
// the missing seat.
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
  type Player,
} from './helpers-online';

test('a player reloads mid-round; the round finishes on every page', async ({ browser }) => {
  test.setTimeout(180_000);
  const ann = await newPlayer(browser, 'Ann');
  const bob = await newPlayer(browser, 'Bob');
  const link = await createTable(ann);
  await setGame(ann, 'mexican-train', SHORT_MT);
  await ann.page.getByTestId('add-bot').click();
  await joinTable(bob, link);
  await startAndAutoplay(ann, [ann, bob]);
  await movesShown(bob, 3);
  const url = bob.page.url();
  await bob.page.reload();
  expect(bob.page.url()).toBe(url);
  await autoplay(bob);
  await expectSameGameOver([ann, bob], 120_000);
  expect([...ann.errors, ...bob.errors]).toEqual([]);
});

test(
  'the host’s page closes mid-round; the next seat replays it with a bot and the game ends',
  { tag: '@waits' },
  async ({ browser }) => {
    test.setTimeout(200_000);
    const [ann, bob, cat] = (await Promise.all(
      ['Ann', 'Bob', 'Cat'].map((n) => newPlayer(browser, n)),
    )) as [Player, Player, Player];
    const link = await createTable(ann);
    await setGame(ann, 'mexican-train', SHORT_MT);
    await joinTable(bob, link);
    await joinTable(cat, link);
    await startAndAutoplay(ann, [ann, bob, cat]);
    await movesShown(bob, 2);
    await ann.page.context().close();
    // Her seat shows as away on the other pages.
    for (const p of [bob, cat]) {
      await expect(
        p.page.getByTestId('players').locator('li[data-seat="0"]').getByTestId('seat-away'),
      ).toBeVisible({ timeout: 30_000 });
    }

    // Bob, next in seat order, now hosts: the stall names Ann, and he hands her seat to a bot.
    const replay = bob.page.getByTestId('stall-bot');
    await expect(bob.page.getByTestId('stall-alarm')).toContainText('Ann', { timeout: 90_000 });
    await expect(cat.page.getByTestId('stall-alarm')).toBeVisible();
    await expect(cat.page.getByTestId('stall-bot')).toHaveCount(0);
    await replay.click();
    await expectSameGameOver([bob, cat], 120_000);
    expect([...bob.errors, ...cat.errors]).toEqual([]);
  },
);
