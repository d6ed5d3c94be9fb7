// A table with no server at all, on a static host with no PeerServer: two
// browsers pair by an offer and an answer passed as text, a third pairs with
// the second only (its offer opened as a link, its answer link opened in a new
// tab of the second's browser) and links to the host through it; the host
// starts a short Mexican Train game and all three play it out on autoplay to
// the same end, with a fair audit.
import { expect, test } from './fixtures';
import {
  codeIn,
  createNoServerTable,
  expectSameGameOver,
  handOverInNewTab,
  movesShown,
  noServerPlayers,
  pairIntoLobby,
  type Player,
  expectNoErrorsButProbe,
  setGame,
  SHORT_MT,
  startAndAutoplay,
  startNoServerGame,
} from './helpers-online';
import { keepScreenshot, served } from './helpers-table';

test('no server: pair by hand, a third joins through a guest, play a round', async ({
  browser,
}, info) => {
  test.setTimeout(150_000);
  const base = served('E2E_STATIC_SUBPATH_URL');
  const players = await noServerPlayers(browser, ['Ann', 'Bob', 'Cat']);
  const [ann, bob, cat] = players as [Player, Player, Player];
  // The lobby looks for a PeerServer at <site>/peerjs: here that is a 404, and nothing else may be.
  const failed: string[] = [];
  for (const p of players) {
    p.page.on('response', (r) => {
      if (r.status() >= 400 && !r.url().endsWith('/peerjs'))
        failed.push(`${r.status()} ${r.url()}`);
    });
  }

  // With no PeerServer here, no server is the natural choice.
  await createNoServerTable(ann, base);
  const offer = await codeIn(ann.page, 'pair-offer');
  console.log(`no-server offer code: ${offer.length} characters`);
  await keepScreenshot(ann.page, info, 'noserver-offer');

  // An offer pasted where an answer goes is refused in plain words.
  await ann.page.getByTestId('pair-answer-input').fill(offer);
  await ann.page.getByTestId('pair-accept').click();
  await expect(ann.page.getByTestId('pair-problem')).toContainText('offer code, not an answer');

  await pairIntoLobby(ann.page, bob, base, offer);
  await expect(ann.page.getByTestId('seat-1')).toContainText('Bob');

  // Cat pairs with Bob only: Bob's offer link opens on another page of the site.
  const link = await codeIn(bob.page, 'pair-offer-link');
  expect(link.startsWith(base)).toBe(true);
  const code = new URL(link).searchParams.get('join') ?? '';
  const typo = `${code.slice(0, 30)}${code[30] === 'A' ? 'B' : 'A'}${code.slice(31)}`;
  const damaged = link.replace(code, typo);
  await cat.page.goto(damaged.replace('?', 'rules?'));
  await cat.page.waitForURL(/lobby\?join=/);
  await expect(cat.page.getByTestId('join-problem')).toContainText('checksum');
  await cat.page.goto(link.replace('?', 'rules?'));
  await cat.page.waitForURL(/lobby\?join=/);
  await cat.page.getByTestId('name-input').fill('Cat');
  await cat.page.getByTestId('pair-open').click();
  const back = await codeIn(cat.page, 'pair-answer-link');
  await keepScreenshot(cat.page, info, 'noserver-answer');
  // Bob opens Cat's answer link in a new tab: it goes to the tab that made the offer.
  await handOverInNewTab(bob, back, 'pair-handoff');
  await expect(cat.page.getByTestId('online-lobby')).toBeVisible({ timeout: 30_000 });
  // The host links to Cat through Bob and seats her.
  await expect(ann.page.getByTestId('seat-2')).toContainText('Cat', { timeout: 30_000 });
  await expect(cat.page.getByTestId('seat-0')).toContainText('Ann');

  await setGame(ann, 'mexican-train', SHORT_MT);
  await expect(cat.page.getByTestId('option-set')).toHaveValue('6');
  await startAndAutoplay(ann, players);
  await expectSameGameOver(players, 100_000);
  expect(failed).toEqual([]);
  expectNoErrorsButProbe(players);
});

test(
  'no server: the host’s page closes mid-round; the others go on over their own links',
  { tag: '@waits' },
  async ({ browser }) => {
    test.setTimeout(200_000);
    const base = served('E2E_STATIC_SUBPATH_URL');
    const players = await startNoServerGame(browser, base);
    const [ann, bob, cat] = players;
    await movesShown(bob, 2);

    await ann.page.context().close();
    // Bob, next in seat order, sequences over his direct link to Cat; Ann's seat is away.
    await expect(
      cat.page.getByTestId('players').locator('li[data-seat="0"]').getByTestId('seat-away'),
    ).toBeVisible({ timeout: 30_000 });
    await expect(bob.page.getByTestId('stall-alarm')).toContainText('Ann', { timeout: 90_000 });
    await bob.page.getByTestId('stall-bot').click();
    await expectSameGameOver([bob, cat], 120_000);
    expectNoErrorsButProbe([bob, cat]);
  },
);
