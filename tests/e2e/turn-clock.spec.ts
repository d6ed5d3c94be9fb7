// The turn clock and the stall alarm in real Chromium, with time moved on by the
// test (helpers-clock.ts: Playwright's clock on the page, a shim for the table's
// worker, which Playwright's clock does not reach). A solo person who lets a
// 30 s turn run out has the medium bot's move made for them, and the clock
// starts again for their next turn; a solo person who thinks for 90 s is never
// named as stalled (issue 23: stalls are only for the absent).
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { installClocks, passTime } from './helpers-clock';
import { fastSettings, keepScreenshot, served, setOption, watchErrors } from './helpers-table';

/**
 * The tournament rules (no call-down: the person's first move is a play or a
 * draw, which changes the hand) with a long first round: a double-nine set, the
 * 9-9 engine, eight tiles a hand.
 */
const LONG_ROUND = { startDouble: 9, set: 9, handSize: 8 };

/** Landing → Play solo → a tournament game with `turnClock` seconds a turn (0: none) → the table. */
async function startSolo(page: Page, turnClock: 0 | 30): Promise<void> {
  await page.goto(served());
  await page.getByTestId('play-solo').click();
  await page.getByTestId('variant-select').selectOption('mexican-train-tournament');
  for (const [key, value] of Object.entries(LONG_ROUND)) {
    await setOption(page, key, value);
  }
  await page.getByTestId('option-turnClock').selectOption(String(turnClock));
  await page.getByTestId('start-game').click();
  await page.waitForURL(/table\?room=/);
  await expect(page.getByTestId('hand').locator('button').first()).toBeVisible({
    timeout: 30_000,
  });
}

/** The person's own seat (seat 0 at a solo table) in the players' row. */
const mySeat = (page: Page) => page.getByTestId('players').locator('li[data-seat="0"]');

/** The hand as its buttons name it: any move of the seat changes it. */
const handNow = (page: Page) =>
  page
    .getByTestId('hand')
    .locator('button')
    .evaluateAll((bs) => bs.map((b) => b.getAttribute('aria-label') ?? '').join(' | '));

/** The move log's lines of the person's own moves ("You drew a tile.", "You played …"). */
const myLines = (page: Page) =>
  page
    .getByTestId('move-log')
    .locator('li')
    .evaluateAll((ls) => ls.filter((l) => /^\s*You /.test(l.textContent ?? '')).length);

/** The person has something to do: a tile to play, a draw or a pass. */
async function myTurn(page: Page): Promise<boolean> {
  if ((await page.getByTestId('hand').locator('button.usable').count()) > 0) return true;
  return (await page.getByTestId('draw').isEnabled()) || page.getByTestId('pass').isEnabled();
}

/** Seconds a turn clock shows ("0:29" → 29). */
function seconds(shown: string | null): number {
  const m = /(\d+):(\d\d)/.exec(shown ?? '');
  return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
}

test(
  'a 30 s turn clock runs out: the medium bot moves for the person, and the clock starts again',
  { tag: '@waits' },
  async ({ page }, info) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await installClocks(page);
    await fastSettings(page);
    await startSolo(page, 30);
    const clock = mySeat(page).getByTestId('turn-clock');
    await expect(clock).toBeVisible({ timeout: 30_000 });
    expect(seconds(await clock.textContent())).toBeGreaterThan(25);
    await keepScreenshot(page, info, 'turn-clock-running');
    const hand = await handNow(page);
    const lines = await myLines(page);

    await passTime(page, 31_000);
    await expect.poll(() => myLines(page), { timeout: 20_000 }).toBeGreaterThan(lines);
    expect(await handNow(page)).not.toBe(hand);
    // The log says the clock made that move (issue 31).
    await expect(page.getByTestId('move-log')).toContainText(
      'The turn clock ran out: a bot moved for you.',
    );
    // The person's next move (or what is left of this turn) has its own 30 s again.
    await expect
      .poll(async () => ((await clock.isVisible()) ? seconds(await clock.textContent()) : 0), {
        timeout: 30_000,
      })
      .toBeGreaterThan(20);
    await expect(page.getByTestId('stall-alarm')).toHaveCount(0);
    expect(errors, errors.join('\n')).toEqual([]);
  },
);

test(
  'a solo person thinking for 90 s is not named as stalled, and nobody moves for them',
  { tag: '@waits' },
  async ({ page }) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await installClocks(page);
    await fastSettings(page);
    await startSolo(page, 0);
    // The person's turn, with no clock: it waits for them.
    await expect.poll(() => myTurn(page), { timeout: 30_000 }).toBe(true);
    await expect(mySeat(page).getByTestId('turn-clock')).toHaveCount(0);
    const hand = await handNow(page);
    for (let waited = 0; waited < 90_000; waited += 15_000) {
      await passTime(page, 15_000);
      await expect(page.getByTestId('stall-alarm')).toHaveCount(0);
    }
    expect(await handNow(page)).toBe(hand);
    expect(await myTurn(page)).toBe(true);
    expect(errors, errors.join('\n')).toEqual([]);
  },
);
