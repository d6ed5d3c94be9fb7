// A link that drops while playing (ICE failure, sleep, a network change) is
// retried in the background: the player whose link to the host went sees
// "Reconnecting", the host sees that seat away, and once the link is back the
// game goes on to the same end on both pages. The drop is real: every
// RTCPeerConnection of the guest's page is closed under it.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  autoplay,
  createTable,
  expectSameGameOver,
  joinTable,
  newPlayer,
  setGame,
} from './helpers-online';

interface TrackedWindow {
  __connections: RTCPeerConnection[];
}

interface SeenWindow {
  __seen: string[];
}

/**
 * Keeps note of every test id in `ids` that shows on `page` from now on: a
 * retry can succeed before a poll would catch its notice on screen.
 */
async function noteShown(page: Page, ids: readonly string[]): Promise<void> {
  await page.evaluate((wanted) => {
    const seen: string[] = [];
    (window as unknown as SeenWindow).__seen = seen;
    const look = () => {
      for (const id of wanted) {
        if (!seen.includes(id) && document.querySelector(`[data-testid="${id}"]`)) seen.push(id);
      }
    };
    new MutationObserver(look).observe(document.body, { childList: true, subtree: true });
    look();
  }, ids);
}

const shown = (page: Page) =>
  page.evaluate(() => (window as unknown as SeenWindow).__seen.slice().sort());

test('a dropped link is retried: reconnecting, the seat away, then the game ends the same on both pages', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ann = await newPlayer(browser, 'Ann');
  const bob = await newPlayer(browser, 'Bob');
  await bob.page.addInitScript(() => {
    const made: RTCPeerConnection[] = [];
    (window as unknown as TrackedWindow).__connections = made;
    const Native = window.RTCPeerConnection;
    window.RTCPeerConnection = class extends Native {
      constructor(config?: RTCConfiguration) {
        super(config);
        made.push(this);
      }
    } as typeof RTCPeerConnection;
  });
  const link = await createTable(ann);
  await setGame(ann, 'mexican-train', { handSize: 5, set: 6, rounds: 1 });
  await joinTable(bob, link);
  await ann.page.getByTestId('start-game').click();
  await bob.page.waitForURL(/table\?room=/, { timeout: 20_000 });
  await autoplay(ann);
  // Bob plays by hand, so the game waits for him while his link is down.
  await expect(bob.page.getByTestId('hand').locator('button').first()).toBeVisible({
    timeout: 30_000,
  });

  await noteShown(bob.page, ['reconnecting']);
  await noteShown(ann.page, ['seat-away']);
  const closed = await bob.page.evaluate(() => {
    const all = (window as unknown as TrackedWindow).__connections;
    const open = all.filter((c) => c.connectionState !== 'closed');
    for (const c of open) c.close();
    return open.length;
  });
  expect(closed).toBeGreaterThan(0);

  await expect.poll(() => shown(bob.page), { timeout: 20_000 }).toEqual(['reconnecting']);
  await expect.poll(() => shown(ann.page), { timeout: 20_000 }).toEqual(['seat-away']);
  const bobSeat = ann.page.getByTestId('players').locator('li', { hasText: 'Bob' });

  // Retried in the background: both sides see each other again.
  await expect(bob.page.getByTestId('reconnecting')).toBeHidden({ timeout: 60_000 });
  await expect(bobSeat.getByTestId('seat-away')).toBeHidden({ timeout: 30_000 });

  await autoplay(bob);
  await expectSameGameOver([ann, bob], 120_000);
  expect([...ann.errors, ...bob.errors]).toEqual([]);
});
