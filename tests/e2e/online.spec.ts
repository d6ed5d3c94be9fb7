// Online play between real Chromium contexts over WebRTC, signalled by the
// site's own PeerServer: a table created in the lobby, joined by its invite
// link, played on autoplay to game over; every page agrees on the end. (The
// two-browser game is the first game of online-rematch.spec.ts.)
import { expect, test } from './fixtures';
import {
  createTable,
  expectSameGameOver,
  joinTable,
  newPlayer,
  type Player,
  setGame,
  startAndAutoplay,
} from './helpers-online';

const SHORT_MT = { handSize: 5, set: 6, rounds: 1 };

test('four browsers and a bot: three join by the link, a whole game, every page agrees', async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const players = await Promise.all(
    ['Ann', 'Bob', 'Cat', 'Dan'].map((name) => newPlayer(browser, name)),
  );
  const [ann, ...guests] = players as [Player, ...Player[]];
  const link = await createTable(ann);
  await setGame(ann, 'mexican-train', SHORT_MT);
  await ann.page.getByTestId('bot-level').selectOption('easy');
  await ann.page.getByTestId('add-bot').click();
  for (const g of guests) await joinTable(g, link);
  await expect(ann.page.getByTestId('seats').locator('li')).toHaveCount(5);
  await startAndAutoplay(ann, players);
  await expectSameGameOver(players, 200_000);
  expect(players.flatMap((p) => p.errors)).toEqual([]);
});
