// Reactions between two real Chromium pages at an online table (issue 23): a
// reaction one page sends shows on the other, in `reactions`, with the sender's
// name; the buttons rest for a moment after a send; a muted player's reactions
// stop showing (a choice of that page alone, kept over its reload); the host's leave for watchers to
// react, given in the lobby, reaches the guest and the table.
import { expect, test } from './fixtures';
import { keepScreenshot } from './helpers-table';
import { createTable, joinTable, newPlayer, SHORT_MT, setGame } from './helpers-online';

test('a reaction sent by one page shows on the other; a muted player’s do not', async ({
  browser,
}, info) => {
  test.setTimeout(120_000);
  const ann = await newPlayer(browser, 'Ann');
  const bob = await newPlayer(browser, 'Bob');
  await ann.page.setViewportSize({ width: 1280, height: 800 });
  await bob.page.setViewportSize({ width: 390, height: 844 });
  const link = await createTable(ann);
  await setGame(ann, 'mexican-train', SHORT_MT);
  await joinTable(bob, link);
  await expect(ann.page.getByTestId('seat-1')).toContainText('Bob');
  // The host lets watchers react from the lobby; a guest sees it, and cannot change it.
  await ann.page.getByTestId('option-watchersReact').check();
  await expect(bob.page.getByTestId('option-watchersReact')).toBeChecked();
  await expect(bob.page.getByTestId('option-watchersReact')).toBeDisabled();
  await keepScreenshot(bob.page, info, 'reactions-lobby-390');
  await ann.page.getByTestId('start-game').click();
  for (const p of [ann, bob]) {
    await p.page.waitForURL(/table\?room=/, { timeout: 20_000 });
    await expect(p.page.getByTestId('reactions-open')).toBeVisible({ timeout: 30_000 });
  }

  await ann.page.getByTestId('reactions-open').click();
  await ann.page.getByTestId('reaction-good').click();
  // The sender's own buttons rest for a moment (2 s) after a send: checked at once,
  // before that moment can pass on a busy machine.
  await expect(ann.page.getByTestId('reactions-open')).toBeDisabled();
  const shownToBob = bob.page.getByTestId('reactions');
  await expect(shownToBob).toContainText('Ann');
  await expect(shownToBob).toContainText('Good move!');
  await expect(shownToBob).toHaveAttribute('aria-live', 'polite');
  await expect(ann.page.getByTestId('reactions')).toContainText('Good move!');

  await bob.page.getByTestId('reactions-open').click();
  await bob.page.getByTestId('reaction-party').click();
  await expect(ann.page.getByTestId('reactions')).toContainText('Bob');
  await expect(ann.page.getByTestId('reactions')).toContainText('Let’s celebrate');
  await keepScreenshot(bob.page, info, 'reactions-390');
  await keepScreenshot(ann.page, info, 'reactions-1280');
  await expect(ann.page.getByTestId('reactions-open')).toBeEnabled({ timeout: 5_000 });
  await ann.page.getByTestId('reactions-open').click();
  await expect(ann.page.getByTestId('reaction-thinking')).toBeVisible();
  await expect(ann.page.getByTestId('option-watchersReact')).toBeChecked();
  await keepScreenshot(ann.page, info, 'reactions-bar-1280');
  await ann.page.keyboard.press('Escape');

  // Bob mutes Ann: her next reaction reaches his page but is not shown there.
  await bob.page.getByTestId('mute-0').click();
  await expect(bob.page.getByTestId('mute-0')).toHaveAttribute('aria-pressed', 'true');
  await expect(bob.page.getByTestId('reactions')).not.toContainText('Ann');
  await expect(bob.page.getByTestId('reactions-open')).toBeEnabled({ timeout: 5_000 });
  await bob.page.getByTestId('reactions-open').click();
  await expect(bob.page.getByTestId('reaction-thinking')).toBeVisible();
  await keepScreenshot(bob.page, info, 'reactions-bar-390');
  await bob.page.getByTestId('reactions-open').click();
  await ann.page.getByTestId('reactions-open').click();
  await ann.page.getByTestId('reaction-thinking').click();
  await expect(ann.page.getByTestId('reactions')).toContainText('Thinking…');
  // While it shows on Ann's page (a few seconds), Bob's shows nothing of it.
  await bob.page.waitForTimeout(1_500);
  await expect(ann.page.getByTestId('reactions')).toContainText('Thinking…');
  await expect(bob.page.getByTestId('reactions')).not.toContainText('Thinking…');
  await expect(ann.page.getByTestId('reactions')).not.toContainText('Thinking…', {
    timeout: 15_000,
  });
  // The mute outlasts a reload of Bob's page.
  await bob.page.reload();
  await expect(bob.page.getByTestId('mute-0')).toHaveAttribute('aria-pressed', 'true', {
    timeout: 30_000,
  });
  expect([...ann.errors, ...bob.errors]).toEqual([]);
});
