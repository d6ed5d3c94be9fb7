// The pipe, end to end: the built site served by the real server, two
// Chromium pages in separate browser contexts, a WebRTC data channel brokered
// by the real PeerServer, messages both ways.
import { type Browser, type Page } from '@playwright/test';
import { expect, test } from './fixtures';

function served(name: string): string {
  const url = process.env[name];
  if (!url) throw new Error(`${name} is not set: global setup did not run`);
  return url;
}

const shortId = (): string => crypto.randomUUID().slice(0, 8);

/** The checksum the pipe page shows for bytes. */
function checksum(bytes: Uint8Array): number {
  let sum = 0;
  for (const byte of bytes) sum = (sum * 31 + byte) % 1_000_003;
  return sum;
}

function bigPayload(): Uint8Array {
  const bytes = new Uint8Array(200 * 1024);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (i * 7 + 3) & 0xff;
  return bytes;
}

async function openPipe(browser: Browser, url: string, errors: string[]): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(`${url}: ${error.message}`));
  await page.goto(url);
  return page;
}

const SITES = [
  { label: 'at the site root', env: 'E2E_ROOT_URL' },
  { label: 'under a subpath', env: 'E2E_SUBPATH_URL' },
] as const;

for (const site of SITES) {
  test(`two browsers exchange messages both ways over WebRTC, ${site.label}`, async ({
    browser,
  }) => {
    const base = served(site.env);
    const errors: string[] = [];
    const a = `a-${shortId()}`;
    const b = `b-${shortId()}`;

    const pageA = await openPipe(browser, `${base}dev/pipe?id=${a}`, errors);
    await expect(pageA.getByTestId('status')).toHaveText('ready');
    await expect(pageA.getByTestId('signalling')).toHaveText(
      `same-origin PeerServer at ${new URL(base).pathname}peerjs`,
    );
    await expect(pageA.getByTestId('own-id')).toHaveText(a);

    const pageB = await openPipe(browser, `${base}dev/pipe?id=${b}&to=${a}`, errors);
    await expect(pageB.getByTestId('status')).toHaveText('connected');
    await expect(pageA.getByTestId('status')).toHaveText('connected');
    await expect(pageA.getByTestId('peers')).toHaveText(b);
    await expect(pageB.getByTestId('peers')).toHaveText(a);

    // B → A, a string.
    await pageB.getByTestId('message').fill('hello from B');
    await pageB.getByTestId('send').click();
    await expect(pageA.getByTestId('log')).toContainText(`in ${b} text "hello from B"`);

    // A → B, bytes.
    await pageA.getByTestId('message').fill('hello from A');
    await pageA.getByTestId('as-bytes').check();
    await pageA.getByTestId('send').click();
    const hello = new TextEncoder().encode('hello from A');
    await expect(pageB.getByTestId('log')).toContainText(
      `in ${a} bytes[${hello.length}] sum=${checksum(hello)} "hello from A"`,
    );

    // A payload larger than one data-channel message arrives whole.
    const big = bigPayload();
    await pageB.getByTestId('send-big').click();
    await expect(pageA.getByTestId('log')).toContainText(
      `in ${b} bytes[${big.length}] sum=${checksum(big)}`,
    );

    // When one side goes offline, the other sees the link close.
    await pageB.getByTestId('go-offline').click();
    await expect(pageB.getByTestId('status')).toHaveText('idle');
    await expect(pageA.getByTestId('log')).toContainText(`link closed with ${b}`);
    await expect(pageA.getByTestId('status')).toHaveText('ready');
    await expect(pageA.getByTestId('peers')).toHaveText('—');

    await pageB.context().close();
    await pageA.context().close();
    expect(errors).toEqual([]);
  });
}
