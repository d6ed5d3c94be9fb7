// The online lobby refuses options that cannot be dealt for the seats taken,
// before any deal: the reason stands beside the house rules and Start stays
// disabled until they fit.
import { expect, test } from './fixtures';
import { createTable, expectNoErrorsButProbe, newPlayer, setGame } from './helpers-online';

test('a lobby whose seats outgrow the set says why and cannot start', async ({ browser }) => {
  const host = await newPlayer(browser, 'Ann');
  await createTable(host);
  const page = host.page;
  // Two seats: 10 tiles each of a double-6 set's 28 fit.
  await setGame(host, 'derailing-the-train', { set: 6, handSize: 10 });
  await page.getByTestId('add-bot').click();
  await expect(page.getByTestId('seats')).toContainText('bot');
  await expect(page.getByTestId('setup-problem')).toHaveCount(0);
  await expect(page.getByTestId('start-game')).toBeEnabled();
  // A third seat wants 30 tiles.
  await page.getByTestId('add-bot').click();
  const problem = page.getByTestId('setup-problem');
  await expect(problem).toContainText('28');
  await expect(problem).toContainText(/DT-\d+/);
  await expect(page.getByTestId('start-game')).toBeDisabled();
  await page.getByTestId('option-handSize').fill('9');
  await expect(problem).toHaveCount(0);
  await expect(page.getByTestId('start-game')).toBeEnabled();
  expectNoErrorsButProbe([host]);
});
