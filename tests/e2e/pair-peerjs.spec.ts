// PeerJS links carry 1 MiB whole, and a table formed through the PeerServer
// keeps growing after everyone leaves the server: A reaches C through B.
import { expect, test, type Browser, type Page } from '@playwright/test';

function served(name: string): string {
  const url = process.env[name];
  if (!url) throw new Error(`${name} is not set: global setup did not run`);
  return url;
}

const MAX_PAYLOAD = 1 << 20;
const shortId = (): string => crypto.randomUUID().slice(0, 6);

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

async function open(browser: Browser, url: string, errors: string[]): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  page.on('pageerror', (error) => errors.push(`${url}: ${error.message}`));
  await page.goto(url);
  await expect(page.getByTestId('status')).toHaveText('ready');
  return page;
}

async function connect(page: Page, peer: string): Promise<void> {
  await page.getByTestId('remote-id').fill(peer);
  await page.getByTestId('connect').click();
}

test('PeerJS: 1 MiB whole, then a relayed link once the server is left', async ({ browser }) => {
  const base = served('E2E_ROOT_URL');
  const errors: string[] = [];
  const [a, b, c] = ['ann', 'bob', 'cat'].map((name) => `${name}-${shortId()}`) as [
    string,
    string,
    string,
  ];
  const pageA = await open(browser, `${base}dev/pair?signal=peerjs&id=${a}`, errors);
  const pageB = await open(browser, `${base}dev/pair?signal=peerjs&id=${b}`, errors);
  const pageC = await open(browser, `${base}dev/pair?signal=peerjs&id=${c}`, errors);

  await connect(pageB, a);
  await expect(pageA.getByTestId('peers')).toHaveText(b);
  await connect(pageC, b);
  await expect(pageB.getByTestId('peers')).toHaveText(`${a}, ${c}`);

  // 1 MiB both ways over links PeerJS opened.
  await pageA.getByTestId('send-big-text').click();
  await expect(pageB.getByTestId('log')).toContainText(
    `in ${a} text[${MAX_PAYLOAD}] sum=${checksum(bigText())}`,
  );
  await pageB.getByTestId('send-big-bytes').click();
  await expect(pageA.getByTestId('log')).toContainText(
    `in ${b} bytes[${MAX_PAYLOAD}] sum=${checksum(bigBytes())}`,
  );

  // Everyone leaves the server; A still reaches C, through B.
  for (const page of [pageA, pageB, pageC]) await page.getByTestId('drop-server').click();
  await expect(pageA.getByTestId('log')).toContainText('SIGNALLING_UNREACHABLE');
  await expect(pageA.getByTestId('reachable')).toHaveText(c);
  await connect(pageA, c);
  await expect(pageA.getByTestId('peers')).toHaveText(`${b}, ${c}`);
  await expect(pageC.getByTestId('peers')).toHaveText(`${b}, ${a}`);
  await pageC.getByTestId('send-big-text').click();
  await expect(pageA.getByTestId('log')).toContainText(
    `in ${c} text[${MAX_PAYLOAD}] sum=${checksum(bigText())}`,
  );

  // Closing a page closes its links at the others.
  await pageB.context().close();
  await expect(pageA.getByTestId('peers')).toHaveText(c);
  await expect(pageC.getByTestId('peers')).toHaveText(a);

  await pageA.context().close();
  await pageC.context().close();
  expect(errors).toEqual([]);
});
