// A table with no server at all, on a static host with no PeerServer: two
// browsers pair by an offer and an answer passed as text, a third pairs with
// the second only (its offer opened as a link, its answer link opened in a new
// tab of the second's browser) and links to the host through it; the host
// starts a short Mexican Train game and all three play it out on autoplay to
// the same end, with a fair audit.
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  expectSameGameOver,
  newPlayer,
  setGame,
  startAndAutoplay,
  type Player,
} from './helpers-online';
import { keepScreenshot, served } from './helpers-table';

const SHORT_MT = { handSize: 5, set: 6, rounds: 1 };
/** As a LAN player would set it: no STUN server, so codes are made at once. */
const NO_STUN = JSON.stringify({ signalling: { kind: 'public' }, iceServers: [] });

async function value(page: Page, testid: string): Promise<string> {
  const box = page.getByTestId(testid);
  await expect(box).not.toHaveValue('', { timeout: 20_000 });
  return box.inputValue();
}

/** `guest` answers `offer` (already on its page, or pasted) and the answer goes back to `member`. */
async function answer(member: Page, guest: Page, name: string, offer: string): Promise<void> {
  await guest.getByTestId('name-input').fill(name);
  await guest.getByTestId('pair-code-input').fill(offer);
  await guest.getByTestId('pair-open').click();
  const code = await value(guest, 'pair-answer');
  await member.getByTestId('pair-answer-input').fill(code);
  await member.getByTestId('pair-accept').click();
  await expect(guest.getByTestId('online-lobby')).toBeVisible({ timeout: 30_000 });
}

/** Ann, Bob and Cat in their own browsers, set up as LAN players with no STUN server. */
async function threePlayers(browser: Browser): Promise<[Player, Player, Player]> {
  const players = await Promise.all(['Ann', 'Bob', 'Cat'].map((n) => newPlayer(browser, n)));
  for (const p of players) {
    await p.page.addInitScript((s) => localStorage.setItem('trainyard.net', s), NO_STUN);
  }
  return players as [Player, Player, Player];
}

/** Only the lobby's probe for a PeerServer at <site>/peerjs may fail to load here. */
const PROBE_404 = /Failed to load resource: .* 404 \(Not Found\)$/;

test('no server: pair by hand, a third joins through a guest, play a round', async ({
  browser,
}, info) => {
  test.setTimeout(150_000);
  const base = served('E2E_STATIC_SUBPATH_URL');
  const players = await threePlayers(browser);
  const [ann, bob, cat] = players;
  // The lobby looks for a PeerServer at <site>/peerjs: here that is a 404, and nothing else may be.
  const failed: string[] = [];
  for (const p of players) {
    p.page.on('response', (r) => {
      if (r.status() >= 400 && !r.url().endsWith('/peerjs'))
        failed.push(`${r.status()} ${r.url()}`);
    });
  }

  // With no PeerServer here, no server is the natural choice.
  await ann.page.goto(`${base}lobby`);
  await expect(ann.page.getByTestId('no-server')).toBeChecked();
  await ann.page.getByTestId('name-input').fill('Ann');
  await ann.page.getByTestId('create-online').click();
  const offer = await value(ann.page, 'pair-offer');
  console.log(`no-server offer code: ${offer.length} characters`);
  await keepScreenshot(ann.page, info, 'noserver-offer');

  // An offer pasted where an answer goes is refused in plain words.
  await ann.page.getByTestId('pair-answer-input').fill(offer);
  await ann.page.getByTestId('pair-accept').click();
  await expect(ann.page.getByTestId('pair-problem')).toContainText('offer code, not an answer');

  await bob.page.goto(`${base}lobby`);
  await answer(ann.page, bob.page, 'Bob', offer);
  await expect(ann.page.getByTestId('seat-1')).toContainText('Bob');

  // Cat pairs with Bob only: Bob's offer link opens on another page of the site.
  const link = await value(bob.page, 'pair-offer-link');
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
  const back = await value(cat.page, 'pair-answer-link');
  await keepScreenshot(cat.page, info, 'noserver-answer');
  // Bob opens Cat's answer link in a new tab: it goes to the tab that made the offer.
  const tab = await bob.page.context().newPage();
  await tab.goto(back);
  await expect(tab.getByTestId('pair-handoff')).toHaveAttribute('data-state', 'taken');
  await tab.close();
  await expect(cat.page.getByTestId('online-lobby')).toBeVisible({ timeout: 30_000 });
  // The host links to Cat through Bob and seats her.
  await expect(ann.page.getByTestId('seat-2')).toContainText('Cat', { timeout: 30_000 });
  await expect(cat.page.getByTestId('seat-0')).toContainText('Ann');

  await setGame(ann, 'mexican-train', SHORT_MT);
  await expect(cat.page.getByTestId('option-set')).toHaveValue('6');
  await startAndAutoplay(ann, players);
  await expectSameGameOver(players, 100_000);
  expect(failed).toEqual([]);
  expect(players.flatMap((p) => p.errors).filter((e) => !PROBE_404.test(e))).toEqual([]);
});

test('no server: the host’s page closes mid-round; the others go on over their own links', async ({
  browser,
}) => {
  test.setTimeout(200_000);
  const base = served('E2E_STATIC_SUBPATH_URL');
  const players = await threePlayers(browser);
  const [ann, bob, cat] = players;
  await ann.page.goto(`${base}lobby`);
  await ann.page.getByTestId('name-input').fill('Ann');
  await ann.page.getByTestId('create-online').click();
  await bob.page.goto(`${base}lobby`);
  await answer(ann.page, bob.page, 'Bob', await value(ann.page, 'pair-offer'));
  await expect(ann.page.getByTestId('seat-1')).toContainText('Bob');
  await cat.page.goto(`${base}lobby`);
  await answer(ann.page, cat.page, 'Cat', await value(ann.page, 'pair-offer'));
  await expect(ann.page.getByTestId('seat-2')).toContainText('Cat', { timeout: 30_000 });
  await setGame(ann, 'mexican-train', SHORT_MT);
  await startAndAutoplay(ann, players);
  const lines = bob.page.getByTestId('move-log').locator('li');
  await expect.poll(() => lines.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(2);

  await ann.page.context().close();
  // Bob, next in seat order, sequences over his direct link to Cat; Ann's seat is away.
  await expect(
    cat.page.getByTestId('players').locator('li[data-seat="0"]').getByTestId('seat-away'),
  ).toBeVisible({ timeout: 30_000 });
  await expect(bob.page.getByTestId('stall-alarm')).toContainText('Ann', { timeout: 90_000 });
  await bob.page.getByTestId('stall-bot').click();
  await expectSameGameOver([bob, cat], 120_000);
  expect([...bob.errors, ...cat.errors].filter((e) => !PROBE_404.test(e))).toEqual([]);
});
