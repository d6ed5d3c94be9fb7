// The setup form refuses options that cannot be dealt, before any deal: the
// reason stands beside the house rules and Start stays disabled.
import { expect, test } from './fixtures';
import { fastSettings, keepScreenshot, served, startSolo, watchErrors } from './helpers-table';

test('solo Derailing for 3 on a double-6 set with 10 tiles each is refused with its reason', async ({
  page,
}, info) => {
  const errors = watchErrors(page);
  await page.goto(served());
  await page.getByTestId('play-solo').click();
  await expect(page.getByTestId('seat-0')).toBeVisible();
  await page.getByTestId('variant-select').selectOption('derailing-the-train');
  await page.getByTestId('option-set').fill('6');
  await page.getByTestId('option-handSize').fill('10');
  const problem = page.getByTestId('setup-problem');
  await expect(problem).toBeVisible();
  await expect(problem).toContainText('28');
  await expect(problem).toContainText(/DT-\d+/);
  await expect(page.getByTestId('start-game')).toBeDisabled();
  await keepScreenshot(page, info, 'setup-problem');
  // One tile fewer each fits: the reason goes and Start is offered.
  await page.getByTestId('option-handSize').fill('9');
  await expect(problem).toHaveCount(0);
  await expect(page.getByTestId('start-game')).toBeEnabled();
  expect(errors, errors.join('\n')).toEqual([]);
});

test('tournament rules on a double-6 set: the header counts 7 rounds (TT-3)', async ({ page }) => {
  const errors = watchErrors(page);
  await fastSettings(page, 'normal');
  await startSolo(page, { variant: 'mexican-train-tournament', options: { set: 6, handSize: 5 } });
  await expect(page.getByText('Round 1 of 7')).toBeVisible();
  expect(errors, errors.join('\n')).toEqual([]);
});
