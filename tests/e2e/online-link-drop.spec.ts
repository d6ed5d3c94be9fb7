// A link that drops while playing (ICE failure, sleep, a network change) is
// retried in the background: the player whose link to the host went sees
// "Reconnecting", the host sees that seat away, and once the link is back the
// game goes on to the same end on both pages. The drop is real: every
// RTCPeerConnection of the guest's page is closed under it.
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

  const closed = await bob.page.evaluate(() => {
    const all = (window as unknown as TrackedWindow).__connections;
    const open = all.filter((c) => c.connectionState !== 'closed');
    for (const c of open) c.close();
    return open.length;
  });
  expect(closed).toBeGreaterThan(0);

  await expect(bob.page.getByTestId('reconnecting')).toBeVisible({ timeout: 20_000 });
  const bobSeat = ann.page.getByTestId('players').locator('li', { hasText: 'Bob' });
  await expect(bobSeat.getByTestId('seat-away')).toBeVisible({ timeout: 20_000 });

  // Retried in the background: both sides see each other again.
  await expect(bob.page.getByTestId('reconnecting')).toBeHidden({ timeout: 60_000 });
  await expect(bobSeat.getByTestId('seat-away')).toBeHidden({ timeout: 30_000 });

  await autoplay(bob);
  await expectSameGameOver([ann, bob], 120_000);
  expect([...ann.errors, ...bob.errors]).toEqual([]);
});
