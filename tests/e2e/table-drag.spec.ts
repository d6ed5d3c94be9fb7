// Drag and drop from the hand onto the board, in real Chromium: a solo Mexican
// Train table against one easy bot; a playable tile dragged with the mouse (and
// on a phone, with a finger) onto the place that glows for it is played; dropped
// anywhere else it plays nothing and the table says why.
import { type Page, type TestInfo } from '@playwright/test';
import { expect, test } from './fixtures';
import { fastSettings, keepScreenshot, served, setOption, watchErrors } from './helpers-table';

interface Point {
  readonly x: number;
  readonly y: number;
}

/** One finger or the mouse, moved in small steps like a person would. */
interface Pointer {
  down(p: Point): Promise<void>;
  move(p: Point, steps: number): Promise<void>;
  up(p: Point): Promise<void>;
}

function mouse(page: Page): Pointer {
  return {
    down: async (p) => {
      await page.mouse.move(p.x, p.y);
      await page.mouse.down();
    },
    move: (p, steps) => page.mouse.move(p.x, p.y, { steps }),
    up: async (p) => {
      await page.mouse.move(p.x, p.y);
      await page.mouse.up();
    },
  };
}

/** Touch events as a phone sends them (Playwright's touchscreen only taps). */
async function finger(page: Page): Promise<Pointer> {
  const cdp = await page.context().newCDPSession(page);
  let at: Point = { x: 0, y: 0 };
  const send = (type: 'touchStart' | 'touchMove' | 'touchEnd', p: Point) =>
    cdp.send('Input.dispatchTouchEvent', {
      type,
      touchPoints: type === 'touchEnd' ? [] : [{ x: p.x, y: p.y }],
    });
  return {
    down: async (p) => {
      at = p;
      await send('touchStart', p);
    },
    move: async (p, steps) => {
      const from = at;
      for (let i = 1; i <= steps; i++) {
        const k = i / steps;
        await send('touchMove', { x: from.x + (p.x - from.x) * k, y: from.y + (p.y - from.y) * k });
      }
      at = p;
    },
    up: async (p) => {
      at = p;
      await send('touchEnd', p);
    },
  };
}

/** Landing → solo setup with one easy bot and short options → the table. */
async function startEasy(page: Page): Promise<void> {
  await page.goto(served());
  await page.getByTestId('play-solo').click();
  await expect(page.getByTestId('seat-0')).toBeVisible();
  await page.getByTestId('variant-select').selectOption('mexican-train');
  for (const [key, value] of Object.entries({ rounds: 1, set: 6, handSize: 6 })) {
    await setOption(page, key, value);
  }
  const remove = page.getByRole('button', { name: /Remove seat/ });
  while ((await remove.count()) > 0) await remove.last().click();
  await page.getByTestId('bot-level').selectOption('easy');
  await page.getByTestId('add-bot').click();
  await page.getByTestId('start-game').click();
  await page.waitForURL(/table\?room=/);
  await expect(page.getByTestId('hand').locator('button').first()).toBeVisible({
    timeout: 30_000,
  });
}

function center(box: { x: number; y: number; width: number; height: number }): Point {
  return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
}

/**
 * Until it is the player's turn with a tile to play: answers the call-down
 * (MT-2) and draws or passes when nothing fits. Null at the game's end.
 */
async function turnWithTile(page: Page): Promise<number | null> {
  const hand = page.getByTestId('hand');
  for (let i = 0; i < 60; i++) {
    if (await page.getByTestId('game-over').isVisible()) return null;
    if (!(await page.locator('.status.mine').isVisible())) {
      await page.waitForTimeout(100);
      continue;
    }
    const usable = hand.locator('button.usable');
    if ((await usable.count()) > 0) return usable.count();
    const answer = page.locator('.targets button.target').first();
    if (await answer.isVisible()) await answer.click();
    else if (await page.getByTestId('draw').isEnabled()) await page.getByTestId('draw').click();
    else if (await page.getByTestId('pass').isEnabled()) await page.getByTestId('pass').click();
    await page.waitForTimeout(150);
  }
  throw new Error('no turn with a playable tile');
}

/**
 * Carries the first playable tile over the board in rows until it lights up
 * over a place it can go (`over`) or one it cannot (`wrong`) — the page records
 * the first such point — and leaves it held there. That point, or null.
 */
async function carryTo(
  page: Page,
  pointer: Pointer,
  mark: 'over' | 'wrong',
): Promise<Point | null> {
  const tile = page.getByTestId('hand').locator('button.usable').first();
  const start = center((await tile.boundingBox())!);
  await pointer.down(start);
  await pointer.move({ x: start.x, y: start.y - 40 }, 4);
  await expect(page.locator('.drag-ghost')).toHaveCount(1);
  // Listens after the hand does (it listens from the press on), so it sees the mark.
  await page.evaluate((m) => {
    const w = window as unknown as { __at: Point | null; __stop?: () => void };
    w.__stop?.();
    w.__at = null;
    const listen = (e: PointerEvent) => {
      if (!w.__at && document.querySelector(`.drag-ghost[data-${m}]`)) {
        w.__at = { x: e.clientX, y: e.clientY };
      }
    };
    window.addEventListener('pointermove', listen);
    w.__stop = () => window.removeEventListener('pointermove', listen);
  }, mark);
  const board = (await page.locator('canvas').boundingBox())!;
  const left = board.x + 12;
  const right = board.x + board.width - 12;
  // Rows from the middle out: the hub and the trains' ends are mostly near it.
  const rows: number[] = [];
  for (let y = board.y + 12; y < board.y + board.height - 12; y += 22) rows.push(y);
  const middle = board.y + board.height / 2;
  rows.sort((a, b) => Math.abs(a - middle) - Math.abs(b - middle));
  for (const [row, y] of rows.entries()) {
    const [a, b] = row % 2 === 0 ? [left, right] : [right, left];
    await pointer.move({ x: a, y }, 2);
    await pointer.move({ x: b, y }, Math.ceil(board.width / 32));
    const at = await page.evaluate(() => (window as unknown as { __at: Point | null }).__at);
    if (at) {
      await pointer.move(at, 3);
      return at;
    }
  }
  return null;
}

async function dragAndPlay(page: Page, pointer: Pointer, info: TestInfo, size: string) {
  const hand = page.getByTestId('hand').locator('button');
  const log = page.getByTestId('move-log').locator('li');
  const notice = page.locator('.notice');
  expect(await turnWithTile(page)).not.toBeNull();

  // Dropped off the board (on the header): it goes back, nothing is played.
  const before = await hand.count();
  const logged = await log.count();
  const tile = page.getByTestId('hand').locator('button.usable').first();
  const start = center((await tile.boundingBox())!);
  await pointer.down(start);
  await pointer.move({ x: start.x, y: start.y - 40 }, 4);
  const head = center((await page.locator('header').boundingBox())!);
  await pointer.move(head, 8);
  await pointer.up(head);
  await expect(notice).toContainText(/on a glowing place, or tap it/);
  await expect(page.locator('.drag-ghost')).toHaveCount(0);
  expect(await hand.count()).toBe(before);

  // Dropped on a place it cannot go (it shows red there): the engine's reason and rule.
  const wrong = await carryTo(page, pointer, 'wrong');
  expect(wrong, 'a place the tile cannot go').not.toBeNull();
  await keepScreenshot(page, info, `drag-wrong-place-${size}`);
  await pointer.up(wrong!);
  await expect(notice.locator('.rule')).toHaveText(/^(MT|C)-\d+$/);
  await expect(page.locator('.drag-ghost')).toHaveCount(0);
  expect(await hand.count()).toBe(before);
  expect(await log.count()).toBe(logged);

  // Carried until it glows over its place, then dropped: played.
  const over = await carryTo(page, pointer, 'over');
  expect(over, 'a place glowed for the carried tile').not.toBeNull();
  await keepScreenshot(page, info, `drag-over-target-${size}`);
  await pointer.up(over!);
  await expect(page.getByTestId('move-log')).toContainText('You played');
  await expect(hand).toHaveCount(before - 1);
  await expect(page.locator('.drag-ghost')).toHaveCount(0);
}

async function finishAndLook(page: Page, info: TestInfo, size: string): Promise<void> {
  await page.getByTestId('autoplay').click();
  await expect(page.getByTestId('game-over')).toBeVisible({ timeout: 60_000 });
  // The hands left at the end are shown under the scores.
  await expect(page.locator('.hands .hand')).toHaveCount(2);
  await keepScreenshot(page, info, `round-end-hands-${size}`);
}

test('drag and drop with the mouse: played on its place, sent back elsewhere', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await fastSettings(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await startEasy(page);
  await dragAndPlay(page, mouse(page), info, '1280x800');
  await finishAndLook(page, info, '1280x800');
  expect(errors, errors.join('\n')).toEqual([]);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('drag and drop with a finger', async ({ page }, info) => {
    test.setTimeout(120_000);
    const errors = watchErrors(page);
    await fastSettings(page);
    await startEasy(page);
    await dragAndPlay(page, await finger(page), info, '390x844');
    await finishAndLook(page, info, '390x844');
    expect(errors, errors.join('\n')).toEqual([]);
  });
});

// At a pace that animates: a drawn tile flies in from the boneyard counter, and
// the tiles left at the end flip in under the scores.
for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  const name = `${size.width}x${size.height}`;
  test(
    `a drawn tile slides in, the hands left flip in (${name})`,
    { tag: '@waits' },
    async ({ page }, info) => {
      test.setTimeout(180_000);
      const errors = watchErrors(page);
      await fastSettings(page, 'normal');
      await page.setViewportSize(size);
      await startEasy(page);
      const draw = page.getByTestId('draw');
      const answer = page.locator('.targets button.target').first();
      let drew = false;
      // A deal can let the person go out without ever drawing: then a new game, a few times.
      for (let game = 0; game < 4 && !drew; game++) {
        if (game > 0) await startEasy(page);
        for (let i = 0; i < 150 && !drew; i++) {
          if (await page.getByTestId('game-over').isVisible()) break;
          if (await draw.isEnabled()) {
            const flyer = page.locator('.drawn-flyer');
            await draw.click();
            await expect(flyer).toHaveCount(1, { timeout: 2000 });
            await keepScreenshot(page, info, `draw-slide-${name}`);
            await expect(flyer).toHaveCount(0);
            drew = true;
          } else if (await page.locator('.status.mine').isVisible()) {
            if (!(await answer.isVisible())) {
              const usable = page.getByTestId('hand').locator('button.usable').first();
              if (await usable.isVisible()) await usable.click();
            }
            if (await answer.isVisible()) await answer.click();
          }
          await page.waitForTimeout(200);
        }
      }

      // The rest on autoplay at the fast pace (which still animates). A game already
      // over has its panel over the whole page, settings included.
      if (!(await page.getByTestId('game-over').isVisible())) {
        await page.getByRole('button', { name: 'Settings' }).click();
        await page.getByTestId('setting-speed').selectOption('fast');
        await page.getByRole('button', { name: 'Done' }).click();
        await page.getByTestId('autoplay').click();
      }
      await expect(page.getByTestId('game-over')).toBeVisible({ timeout: 60_000 });
      const left = page.locator('.hands .left');
      if ((await left.count()) > 0) {
        await expect(left.first()).toHaveClass(/flip/);
        await keepScreenshot(page, info, `hands-flip-${name}`);
      }
      expect(drew, 'a draw came up in this deal').toBe(true);
      expect(errors, errors.join('\n')).toEqual([]);
    },
  );
}

test('with sound on, plays, draws and the round’s end are heard, without an error', async ({
  page,
}) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await page.addInitScript(() => {
    localStorage.setItem('trainyard.settings', JSON.stringify({ speed: 'fast', sound: true }));
    localStorage.setItem('trainyard.howto', 'shown');
    // Count the voices started, by kind, without listening to them.
    const heard = { tones: new Set<string>(), noises: 0 };
    (window as unknown as { __heard: typeof heard }).__heard = heard;
    const proto = AudioContext.prototype;
    const osc = proto.createOscillator;
    proto.createOscillator = function (this: AudioContext) {
      const node = osc.call(this);
      const start = node.start.bind(node);
      node.start = (when?: number) => {
        heard.tones.add(node.type);
        start(when);
      };
      return node;
    };
    const buffer = proto.createBufferSource;
    proto.createBufferSource = function (this: AudioContext) {
      heard.noises++;
      return buffer.call(this);
    };
  });
  await page.setViewportSize({ width: 1280, height: 800 });
  const heard = { tones: [] as string[], noises: 0 };
  // A deal can end with nobody drawing: then a new game (each page counts afresh), a few times.
  for (let game = 0; game < 4 && heard.noises === 0; game++) {
    await startEasy(page);
    await page.getByTestId('autoplay').click();
    await expect(page.getByTestId('game-over')).toBeVisible({ timeout: 60_000 });
    const now = await page.evaluate(() => {
      const h = (window as unknown as { __heard: { tones: Set<string>; noises: number } }).__heard;
      return { tones: [...h.tones], noises: h.noises };
    });
    heard.tones.push(...now.tones);
    heard.noises += now.noises;
  }
  // The play's click (triangle), the round's end or a turn's chime (sine), a draw's swish (noise).
  expect(heard.tones).toEqual(expect.arrayContaining(['triangle', 'sine']));
  expect(heard.noises).toBeGreaterThan(0);
  expect(errors, errors.join('\n')).toEqual([]);
});
