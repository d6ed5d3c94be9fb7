// Every variant over real WebRTC between two Chromium contexts (Mexican Train
// is in online.spec.ts): short house rules, autoplay, game over on both pages
// with one state hash, the same scores and a fair audit.
import { expect, test } from './fixtures';
import {
  createTable,
  expectSameGameOver,
  joinTable,
  newPlayer,
  setGame,
  startAndAutoplay,
} from './helpers-online';

const GAMES = [
  { variant: 'mexican-train-tournament', options: { startDouble: 0, set: 6, handSize: 5 } },
  { variant: 'derailing-the-train', options: { set: 3, handSize: 3 } },
  { variant: 'engine-191', options: { tokensToWin: 1 } },
  { variant: 'railominos', options: { rounds: 1 } },
] as const;

for (const game of GAMES) {
  test(`${game.variant}: two browsers play it to game over`, async ({ browser }) => {
    test.setTimeout(120_000);
    const ann = await newPlayer(browser, 'Ann');
    const bob = await newPlayer(browser, 'Bob');
    const link = await createTable(ann);
    await joinTable(bob, link);
    await setGame(ann, game.variant, game.options);
    await expect(bob.page.getByTestId('variant-select')).toHaveValue(game.variant);
    await startAndAutoplay(ann, [ann, bob]);
    await expectSameGameOver([ann, bob]);
    expect([...ann.errors, ...bob.errors]).toEqual([]);
  });
}
