// Shared steps for the suites on the dev pair page (dev/pair): a page in its own
// context, a link by id, and the 1 MiB payloads its buttons send.
import { expect, type Browser, type Page } from '@playwright/test';

const MAX_PAYLOAD = 1 << 20;

/** The checksum the pair page shows: over bytes, or over UTF-16 units. */
function checksum(data: string | Uint8Array): number {
  let sum = 0;
  if (typeof data === 'string') {
    for (let i = 0; i < data.length; i++) sum = (sum * 31 + data.charCodeAt(i)) % 1_000_003;
  } else {
    for (const byte of data) sum = (sum * 31 + byte) % 1_000_003;
  }
  return sum;
}

function bigText(): string {
  const unit = 'a€é🚂中';
  return unit.repeat(Math.ceil(MAX_PAYLOAD / unit.length)).slice(0, MAX_PAYLOAD);
}

function bigBytes(): Uint8Array {
  const bytes = new Uint8Array(MAX_PAYLOAD);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + 3) & 0xff;
  return bytes;
}

/** The log line of a page that received `from`'s big text (send-big-text) whole. */
export function bigTextIn(from: string): string {
  return `in ${from} text[${MAX_PAYLOAD}] sum=${checksum(bigText())}`;
}

/** The log line of a page that received `from`'s big bytes (send-big-bytes) whole. */
export function bigBytesIn(from: string): string {
  return `in ${from} bytes[${MAX_PAYLOAD}] sum=${checksum(bigBytes())}`;
}

/** The pair page at `url` in a fresh context, once ready; its page errors go to `errors`. */
export async function openPairPage(browser: Browser, url: string, errors: string[]): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(`${url}: ${error.message}`));
  await page.goto(url);
  await expect(page.getByTestId('status')).toHaveText('ready');
  return page;
}

/** `page` opens a link to `peer` by its id. */
export async function connect(page: Page, peer: string): Promise<void> {
  await page.getByTestId('remote-id').fill(peer);
  await page.getByTestId('connect').click();
}
