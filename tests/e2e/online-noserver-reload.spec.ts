// A no-server table survives a reload: three browsers pair by hand with no
// PeerServer and start a short round; a guest reloads mid-round, comes back
// from IndexedDB asking to be paired back in, and the host sees the seat away.
// The other guest (not the host) pairs him back in from the table screen (her
// offer link, opened in a new tab of his browser, goes to his table's tab), the
// host links to him through her, and the round finishes the same everywhere.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  autoplay,
  codeIn,
  createNoServerTable,
  expectSameGameOver,
  handOverInNewTab,
  movesShown,
  noServerPlayers,
  pairIntoLobby,
  expectNoErrorsButProbe,
  setGame,
  SHORT_MT,
  startAndAutoplay,
  startNoServerGame,
  type Player,
} from './helpers-online';
import { keepScreenshot, served } from './helpers-table';

/** `offerer`'s offer is answered on the waiting page `returning`, and the answer taken back. */
async function pairBack(offerer: Page, returning: Page): Promise<void> {
  await returning.getByTestId('pair-back-in-offer').fill(await codeIn(offerer, 'pair-offer'));
  await returning.getByTestId('pair-back-in-open').click();
  const answer = await codeIn(returning, 'pair-back-in-answer');
  await offerer.getByTestId('pair-answer-input').fill(answer);
  await offerer.getByTestId('pair-accept').click();
}

test('no server: a guest reloads mid-round and is paired back in by another guest', async ({
  browser,
}, info) => {
  test.setTimeout(180_000);
  const base = served('E2E_STATIC_SUBPATH_URL');
  const players = await startNoServerGame(browser, base);
  const [ann, bob, cat] = players;
  await movesShown(bob, 3);

  // Bob reloads: his table comes back from storage and asks to be paired back in.
  await bob.page.reload();
  const backIn = bob.page.getByTestId('pair-back-in');
  await expect(backIn).toBeVisible({ timeout: 30_000 });
  await expect(bob.page.getByTestId('players')).toBeVisible();
  await expect(
    ann.page.getByTestId('players').locator('li[data-seat="1"]').getByTestId('seat-away'),
  ).toBeVisible({ timeout: 30_000 });
  // Something that is not an offer is refused in words.
  await bob.page.getByTestId('pair-back-in-offer').fill('not a code');
  await bob.page.getByTestId('pair-back-in-open').click();
  await expect(bob.page.getByTestId('pair-back-in-problem')).toBeVisible();
  await keepScreenshot(bob.page, info, 'noserver-pair-back-in');

  // Cat, still at the table, offers; Bob opens the offer link in a new tab, which
  // hands it to his table's tab; that tab answers, and Cat takes the answer.
  await cat.page.getByTestId('pair-back-open').click();
  const link = await codeIn(cat.page, 'pair-offer-link');
  await keepScreenshot(cat.page, info, 'noserver-pair-player-back');
  await handOverInNewTab(bob, link, 'pair-back-handoff');
  const answer = await codeIn(bob.page, 'pair-back-in-answer');
  await cat.page.getByTestId('pair-answer-input').fill(answer);
  await cat.page.getByTestId('pair-accept').click();
  await expect(cat.page.getByTestId('pair-status')).toBeVisible({ timeout: 30_000 });
  await expect(backIn).toBeHidden({ timeout: 30_000 });
  // Ann links to him through Cat: his seat is back on her page.
  await expect(
    ann.page.getByTestId('players').locator('li[data-seat="1"]').getByTestId('seat-away'),
  ).toHaveCount(0, { timeout: 30_000 });

  await autoplay(bob);
  await expectSameGameOver(players, 120_000);
  expectNoErrorsButProbe(players);
});

test('no server: every page reloads mid-round, and the players pair each other back in', async ({
  browser,
}, info) => {
  test.setTimeout(180_000);
  const base = served('E2E_STATIC_SUBPATH_URL');
  const players = await startNoServerGame(browser, base);
  const [ann, bob, cat] = players;
  await movesShown(bob, 3);

  for (const p of players) await p.page.reload();
  for (const p of players) {
    await expect(p.page.getByTestId('pair-back-in')).toBeVisible({ timeout: 30_000 });
  }
  // Nobody is left to offer: Bob makes the offer on his waiting page, Ann answers it.
  await bob.page.getByTestId('pair-back-offer-instead').click();
  await codeIn(bob.page, 'pair-offer');
  await keepScreenshot(bob.page, info, 'noserver-offer-instead');
  await pairBack(bob.page, ann.page);
  await expect(bob.page.getByTestId('pairing')).toBeHidden({ timeout: 30_000 });
  await expect(ann.page.getByTestId('pair-back-in')).toBeHidden({ timeout: 30_000 });

  // Ann, linked again, pairs Cat back in from her table screen.
  await ann.page.getByTestId('pair-back-open').click();
  await pairBack(ann.page, cat.page);
  await expect(cat.page.getByTestId('pair-back-in')).toBeHidden({ timeout: 30_000 });
  for (const p of players) {
    await expect(p.page.getByTestId('players').getByTestId('seat-away')).toHaveCount(0, {
      timeout: 30_000,
    });
  }
  for (const p of players) await autoplay(p);
  await expectSameGameOver(players, 120_000);
  expectNoErrorsButProbe(players);
});

test('no server: a guest, then the host, reload in the lobby and are paired back in to their seats', async ({
  browser,
}, info) => {
  test.setTimeout(180_000);
  const base = served('E2E_STATIC_SUBPATH_URL');
  const players = await noServerPlayers(browser, ['Ann', 'Bob']);
  const [ann, bob] = players as [Player, Player];
  await createNoServerTable(ann, base);
  await pairIntoLobby(ann.page, bob, base);
  await expect(ann.page.getByTestId('seat-1')).toContainText('Bob');
  await setGame(ann, 'mexican-train', SHORT_MT);

  // Bob's page reloads: his lobby asks to be paired back in; Ann's offer brings him back.
  await bob.page.reload();
  await expect(bob.page.getByTestId('pair-back-in')).toBeVisible({ timeout: 30_000 });
  await keepScreenshot(bob.page, info, 'noserver-lobby-pair-back-in');
  await pairBack(ann.page, bob.page);
  await expect(bob.page.getByTestId('online-lobby')).toBeVisible({ timeout: 30_000 });
  await expect(bob.page.getByTestId('pair-back-in')).toBeHidden();
  await expect(ann.page.getByTestId('seats').locator('li')).toHaveCount(2);
  await expect(ann.page.getByTestId('seat-1')).toContainText('Bob');

  // Ann's page (the host's) reloads: her lobby opens again with its game; Bob's offer links her back.
  await ann.page.reload();
  await expect(ann.page.getByTestId('pair-back-in')).toBeVisible({ timeout: 30_000 });
  await expect(ann.page.getByTestId('online-lobby')).toBeVisible();
  await pairBack(bob.page, ann.page);
  await expect(ann.page.getByTestId('pair-back-in')).toBeHidden({ timeout: 30_000 });
  await expect(ann.page.getByTestId('seat-1')).toContainText('Bob', { timeout: 30_000 });
  await expect(ann.page.getByTestId('seats').locator('li')).toHaveCount(2);

  await startAndAutoplay(ann, players);
  await expectSameGameOver(players, 120_000);
  expectNoErrorsButProbe(players);
});
