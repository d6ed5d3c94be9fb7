// The replay page: a record file opened with the file input or dropped on the
// page (at the site root and under a subpath of a plain static host), verified in
// the browser's verification worker while the page stays responsive, then
// stepped through; a damaged record is refused at its entry, a cheat is named on
// its move, a file that is not a record says why.
import { readFileSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';

const FIXTURES = new URL('../record/fixtures/', import.meta.url);
const honest = readFileSync(new URL('honest-mexican-train.json', FIXTURES), 'utf8');
const falsePass = readFileSync(new URL('false-pass-railominos.json', FIXTURES), 'utf8');
const reseated = readFileSync(new URL('reseated-mexican-train.json', FIXTURES), 'utf8');
const left = readFileSync(new URL('left-at-round-end-railominos.json', FIXTURES), 'utf8');

function served(name: string): string {
  const url = process.env[name];
  if (!url) throw new Error(`${name} is not set: global setup did not run`);
  return url;
}

/** A record with one bit of one entry's signature flipped. */
function flipped(seq: number, text = honest, segment = 0): string {
  const record = JSON.parse(text) as { segments: { log: string[] }[] };
  const log = record.segments[segment]!.log;
  const entry = log[seq]!;
  const at = entry.indexOf('"sig":"') + 17;
  const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  log[seq] = entry.slice(0, at) + B64[B64.indexOf(entry[at]!) ^ 1] + entry.slice(at + 1);
  return JSON.stringify(record);
}

async function upload(page: Page, name: string, text: string): Promise<void> {
  await expect(page.getByTestId('replay-file')).toBeEnabled();
  await page.getByTestId('replay-file').setInputFiles({
    name,
    mimeType: 'application/json',
    buffer: Buffer.from(text),
  });
}

/** Drops a file on the page, as a player dragging it from their files would. */
async function drop(page: Page, name: string, text: string): Promise<void> {
  await expect(page.getByTestId('replay-file')).toBeEnabled();
  const transfer = await page.evaluateHandle(
    ([n, t]) => {
      const dt = new DataTransfer();
      dt.items.add(new File([t], n, { type: 'application/json' }));
      return dt;
    },
    [name, text] as const,
  );
  await page.dispatchEvent('main', 'drop', { dataTransfer: transfer });
}

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

test('an honest record verifies as fair and steps move by move', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`${served('E2E_ROOT_URL')}replay`);
  await upload(page, 'honest.json', honest);
  const verdict = page.getByTestId('replay-verdict');
  await expect(verdict).toHaveAttribute('data-fair', 'true');
  await expect(verdict).toHaveAttribute('data-violations', '0');
  const step = page.getByTestId('replay-step');
  await expect(step).toHaveText(/^1 \/ \d+$/);
  const total = Number((await step.textContent())!.split('/')[1]);
  expect(total).toBeGreaterThan(10);
  await page.getByTestId('replay-next').click();
  await expect(step).toHaveText(`2 / ${total}`);
  // after the deal, every hand is face up
  await expect(page.getByTestId('replay-label')).toContainText('dealt');
  const seats = page.getByTestId('replay-seat');
  await expect(seats).toHaveCount(2);
  await expect(seats.first().locator('svg').first()).toBeVisible();
  await expect(page.locator('.back')).toHaveCount(0);
  await page.getByTestId('replay-next').click();
  await page.getByTestId('replay-next').click();
  await expect(step).toHaveText(`4 / ${total}`);
  await page.getByTestId('replay-prev').click();
  await expect(step).toHaveText(`3 / ${total}`);
  // the keyboard: End, Home, arrows
  await page.keyboard.press('End');
  await expect(step).toHaveText(`${total} / ${total}`);
  await page.keyboard.press('ArrowLeft');
  await expect(step).toHaveText(`${total - 1} / ${total}`);
  await page.keyboard.press('Home');
  await expect(step).toHaveText(`1 / ${total}`);
  await page.keyboard.press('ArrowRight');
  await expect(step).toHaveText(`2 / ${total}`);
  expect(errors).toEqual([]);
});

test('a tampered record is refused at the entry, under a subpath', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto(`${served('E2E_STATIC_SUBPATH_URL')}replay`);
  await upload(page, 'tampered.json', flipped(12));
  const verdict = page.getByTestId('replay-verdict');
  await expect(verdict).toHaveAttribute('data-fair', 'false');
  await expect(verdict).toHaveAttribute('data-refused', 'BAD_SIGNATURE');
  await expect(verdict).toContainText('entry 12');
  expect(errors).toEqual([]);
});

test('a false pass is named on its move', async ({ page }) => {
  await page.goto(`${served('E2E_ROOT_URL')}replay`);
  await upload(page, 'false-pass.json', falsePass);
  const verdict = page.getByTestId('replay-verdict');
  await expect(verdict).toHaveAttribute('data-fair', 'false');
  await expect(verdict).toHaveAttribute('data-violations', '1');
  await verdict.getByRole('button', { name: 'show' }).click();
  await expect(page.getByTestId('replay-label')).toContainText('passes');
  await expect(page.getByTestId('replay-findings')).toContainText('R-7');
  await page.getByTestId('replay-next').click();
  await expect(page.getByTestId('replay-findings')).toHaveCount(0);
});

test('a seat whose secret never came is not checked, not named a cheat', async ({ page }) => {
  await page.goto(`${served('E2E_ROOT_URL')}replay`);
  await upload(page, 'left.json', left);
  const verdict = page.getByTestId('replay-verdict');
  await expect(verdict).toHaveAttribute('data-fair', 'true');
  await expect(verdict).toHaveAttribute('data-violations', '0');
  await expect(verdict).toHaveAttribute('data-unchecked', '1');
  await expect(verdict).toHaveAttribute('data-complete', 'false');
  const unchecked = page.getByTestId('replay-unchecked');
  await expect(unchecked).toContainText('round 1: hand not checked');
  await expect(unchecked).toContainText('Not counted as cheating');
});

test('a file that is not a record says why', async ({ page }) => {
  await page.goto(`${served('E2E_ROOT_URL')}replay`);
  await upload(page, 'cut.json', honest.slice(0, 5000));
  const verdict = page.getByTestId('replay-verdict');
  await expect(verdict).toHaveAttribute('data-fair', 'false');
  await expect(verdict).toHaveAttribute('data-error', 'TRUNCATED');
  await upload(page, 'notes.txt', 'my notes on the game');
  await expect(verdict).toHaveAttribute('data-error', 'NOT_JSON');
  // Larger than any record: refused before it is read (made in the page: no 32 MiB upload).
  const huge = await page.evaluateHandle(() => {
    const dt = new DataTransfer();
    dt.items.add(new File([new Uint8Array(32 * 1024 * 1024 + 1).fill(32)], 'huge.json'));
    return dt;
  });
  await page.dispatchEvent('main', 'drop', { dataTransfer: huge });
  await expect(verdict).toHaveAttribute('data-error', 'TOO_LARGE');
  await expect(verdict).toContainText('32 MiB');
});

test('a record saved with a byte-order mark verifies as fair', async ({ page }) => {
  await page.goto(`${served('E2E_ROOT_URL')}replay`);
  await expect(page.getByTestId('replay-file')).toBeEnabled();
  await page.getByTestId('replay-file').setInputFiles({
    name: 'bom.json',
    mimeType: 'application/json',
    buffer: Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(honest)]),
  });
  await expect(page.getByTestId('replay-verdict')).toHaveAttribute('data-fair', 'true');
});

test('a record of two segments verifies, the page drawing frames all along; its second segment tampered is named', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.goto(`${served('E2E_ROOT_URL')}replay`);
  // The gaps between animation frames while the verification runs: the page keeps
  // drawing at its frame rate (a busy shared machine may stall the odd frame).
  await page.evaluate(() => {
    const gaps: number[] = [];
    (window as unknown as { gaps: number[] }).gaps = gaps;
    let last = performance.now();
    const tick = (now: number) => {
      if (document.querySelector('[data-testid="replay-progress"]')) gaps.push(now - last);
      last = now;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await drop(page, 'reseated.json', reseated);
  const verdict = page.getByTestId('replay-verdict');
  await expect(verdict).toHaveAttribute('data-fair', 'true');
  const gaps = await page.evaluate(() => (window as unknown as { gaps: number[] }).gaps);
  const sorted = gaps.toSorted((x, y) => x - y);
  const median = sorted[Math.floor(sorted.length / 2)] ?? 0;
  console.log(
    `replay: ${gaps.length} frames drawn while verifying, median gap ${Math.round(median)} ms, longest ${Math.round(sorted.at(-1) ?? 0)} ms`,
  );
  // However long the verification takes on this machine (a few frames or many), the
  // page drew frames all along: a page held by it would show a few long gaps instead.
  expect(gaps.length).toBeGreaterThan(0);
  expect(median).toBeLessThan(50);
  await page.keyboard.press('End');
  await expect(page.getByTestId('replay-label')).toContainText('segment 2');
  await drop(page, 'tampered.json', flipped(20, reseated, 1));
  await expect(verdict).toHaveAttribute('data-fair', 'false');
  await expect(verdict).toHaveAttribute('data-refused', 'BAD_SIGNATURE');
  await expect(verdict).toContainText('Segment 2 entry 20');
  expect(errors).toEqual([]);
});
