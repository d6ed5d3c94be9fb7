// A PeerServer table's lobby survives reloads before the game begins: the guest
// reloads and is seated again in the same seat (once); the host reloads and its
// lobby comes back with its game, its bot and the guest; then they play.
import { type Locator } from '@playwright/test';
import { expect, test } from './fixtures';
import {
  createTable,
  expectSameGameOver,
  joinTable,
  newPlayer,
  setGame,
  SHORT_MT,
  startAndAutoplay,
  type Player,
} from './helpers-online';
import { expectOption } from './helpers-table';

function seats(p: Player): Locator {
  return p.page.getByTestId('seats').locator('li');
}

async function expectSeats(p: Player, names: readonly RegExp[]): Promise<void> {
  await expect(seats(p)).toHaveCount(names.length, { timeout: 30_000 });
  for (const [i, name] of names.entries()) {
    await expect(p.page.getByTestId(`seat-${i}`)).toContainText(name);
  }
}

test('a lobby survives a reload of the guest and of the host; then the game plays to its end', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const ann = await newPlayer(browser, 'Ann');
  const bob = await newPlayer(browser, 'Bob');
  const link = await createTable(ann);
  await setGame(ann, 'mexican-train', SHORT_MT);
  await ann.page.getByTestId('add-bot').click();
  await joinTable(bob, link);
  const table = [/Ann/, /bot|Bot/, /Bob/] as const;
  await expectSeats(ann, table);

  await bob.page.reload();
  await expect(bob.page.getByTestId('online-lobby')).toBeVisible({ timeout: 30_000 });
  await expectSeats(bob, table);
  await expectSeats(ann, table);
  await expect(ann.page.getByTestId('seat-2')).not.toHaveClass(/away/, { timeout: 30_000 });

  const lobbyUrl = ann.page.url();
  expect(lobbyUrl).toMatch(/lobby\?lobby=/);
  await ann.page.reload();
  await expect(ann.page.getByTestId('online-lobby')).toBeVisible({ timeout: 30_000 });
  await expect(ann.page.getByTestId('online-lobby')).toHaveAttribute('data-host', 'true');
  await expectSeats(ann, table);
  await expectSeats(bob, table);
  await expect(ann.page.getByTestId('variant-select')).toHaveValue('mexican-train');
  for (const [key, value] of Object.entries(SHORT_MT)) {
    await expectOption(ann.page, key, value);
  }
  await expect(ann.page.getByTestId('seat-2')).not.toHaveClass(/away/, { timeout: 30_000 });

  await startAndAutoplay(ann, [ann, bob]);
  await expectSameGameOver([ann, bob], 120_000);
});
