// Issue 31: on a phone (390×844) every tile of the largest deal and every
// seat is in sight without scrolling; screenshots at phone and desktop size.
import fs from 'node:fs';
import { expect, test } from './fixtures';
import { fastSettings, keepScreenshot, served, startSolo } from './helpers-table';

// `tour`: the steps of the variant's own walkthrough, opened from the table.
const GAMES = [
  {
    variant: 'mexican-train',
    options: {},
    tiles: 15,
    tour: ['hand', 'match', 'trains', 'doubles', 'draw', 'end'],
  },
  {
    variant: 'derailing-the-train',
    options: {},
    tiles: 0,
    tour: ['hand', 'match', 'platform', 'derail', 'draw', 'end'],
  },
  {
    variant: 'engine-191',
    options: {},
    tiles: 0,
    tour: ['hand', 'match', 'lines', 'stations', 'yard', 'tokens'],
  },
  {
    variant: 'railominos',
    options: {},
    tiles: 0,
    tour: ['hand', 'railroads', 'scoring', 'no_draw', 'round_score'],
  },
] as const;

for (const game of GAMES) {
  test(`${game.variant}: the whole hand and every seat in sight at 390×844; its own walkthrough`, async ({
    page,
  }, info) => {
    test.setTimeout(90_000);
    await fastSettings(page);
    await page.setViewportSize({ width: 390, height: 844 });
    await startSolo(page, { variant: game.variant, options: game.options });
    const tiles = page.getByTestId('hand').locator('button');
    if (game.tiles > 0) await expect(tiles).toHaveCount(game.tiles);
    await page.waitForTimeout(500);
    const inSight = async (
      boxes: ({ x: number; y: number; width: number; height: number } | null)[],
    ) =>
      boxes.every((b) => b !== null && b.x >= 0 && b.x + b.width <= 390 && b.y + b.height <= 844);
    const handBoxes = await Promise.all((await tiles.all()).map((t) => t.boundingBox()));
    expect(handBoxes.length).toBeGreaterThan(0);
    expect(await inSight(handBoxes), JSON.stringify(handBoxes)).toBe(true);
    const seats = page.getByTestId('players').locator('li');
    await expect(seats).toHaveCount(3);
    const seatBoxes = await Promise.all((await seats.all()).map((s) => s.boundingBox()));
    expect(await inSight(seatBoxes), JSON.stringify(seatBoxes)).toBe(true);
    const dir = process.env.SHOTS_DIR;
    for (const [w, h] of [
      [390, 844],
      [1280, 800],
    ] as const) {
      await page.setViewportSize({ width: w, height: h });
      await page.waitForTimeout(300);
      await keepScreenshot(page, info, `${game.variant}-hand-${w}x${h}`);
      if (dir) {
        fs.mkdirSync(dir, { recursive: true });
        await page.screenshot({ path: `${dir}/night-${game.variant}-${w}x${h}.png` });
      }
    }
    // The walkthrough teaches this variant's rules, not Mexican Train's: from the
    // table, and from the variant's rules page.
    await page.setViewportSize({ width: 390, height: 844 });
    const howto = page.getByTestId('howto');
    const walkthrough = async (): Promise<string[]> => {
      const steps: string[] = [];
      for (const _ of game.tour) {
        steps.push((await howto.getAttribute('data-step')) ?? '');
        if (game.variant !== 'mexican-train')
          await expect(howto).not.toContainText('Mexican Train');
        await page.getByTestId('howto-next').click();
      }
      await expect(howto).toBeHidden();
      return steps;
    };
    await page.getByTestId('howto-offer').click();
    expect(await walkthrough()).toEqual(game.tour);
    await page.goto(`${served()}rules/${game.variant}`);
    await page.getByTestId('howto-open').click();
    expect(await walkthrough()).toEqual(game.tour);
  });
}
