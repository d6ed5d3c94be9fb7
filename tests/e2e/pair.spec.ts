// Manual pairing, end to end: three Chromium contexts on a static host with
// no PeerServer at all. A and B pair by passing an offer code and an answer
// code as text, C pairs with B only, then A opens a direct link to C through
// B (relayed offer/answer) and A and C exchange 1 MiB both ways.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { bigBytesIn, bigTextIn, connect, openPairPage } from './helpers-pair';
import { served } from './helpers-table';

/** `offerer` makes an offer, `answerer` accepts it, the answer goes back: all as text. */
async function pair(offerer: Page, answerer: Page): Promise<{ offer: string; answer: string }> {
  // A page that paired before still shows its last code until the new one is made:
  // each is awaited as a change, or the old one would be passed on.
  const offerBox = offerer.getByTestId('offer-code');
  const oldOffer = await offerBox.inputValue();
  await offerer.getByTestId('make-offer').click();
  await expect(offerBox).not.toHaveValue(oldOffer);
  const offer = await offerBox.inputValue();
  const answerBox = answerer.getByTestId('answer-code');
  const oldAnswer = await answerBox.inputValue();
  await answerer.getByTestId('offer-input').fill(offer);
  await answerer.getByTestId('accept').click();
  await expect(answerBox).not.toHaveValue(oldAnswer);
  const answer = await answerBox.inputValue();
  await offerer.getByTestId('answer-input').fill(answer);
  await offerer.getByTestId('complete').click();
  return { offer, answer };
}

test(
  'three browsers pair by hand, with no server, and relay a direct link',
  { tag: '@waits' },
  async ({ browser }) => {
    const base = served('E2E_STATIC_SUBPATH_URL');
    // No PeerServer here: the static host answers /peerjs with a page, not a server.
    const probe = await fetch(`${base}peerjs`, { headers: { accept: 'application/json' } });
    expect(probe.headers.get('content-type') ?? '').not.toContain('json');

    const errors: string[] = [];
    const a = await openPairPage(browser, `${base}dev/pair?id=ann`, errors);
    const b = await openPairPage(browser, `${base}dev/pair?id=bob`, errors);
    const c = await openPairPage(browser, `${base}dev/pair?id=cat`, errors);

    const ab = await pair(a, b);
    await expect(a.getByTestId('peers')).toHaveText('bob');
    await expect(b.getByTestId('peers')).toHaveText('ann');
    console.log(`pairing codes: offer ${ab.offer.length}, answer ${ab.answer.length} characters`);
    expect(ab.offer.length).toBeLessThan(300);
    expect(ab.answer.length).toBeLessThan(300);

    await pair(c, b);
    await expect(b.getByTestId('peers')).toHaveText('ann, cat');
    await expect(c.getByTestId('peers')).toHaveText('bob');

    // A learns from B that B can reach C, and connects through B.
    await expect(a.getByTestId('reachable')).toHaveText('cat');
    await connect(a, 'cat');
    await expect(a.getByTestId('peers')).toHaveText('bob, cat');
    await expect(c.getByTestId('peers')).toHaveText('bob, ann');

    // B leaves: A and C keep their direct link.
    await b.context().close();
    await expect(a.getByTestId('peers')).toHaveText('cat');
    await expect(c.getByTestId('peers')).toHaveText('ann');

    // 1 MiB both ways on the relayed link: text with multi-byte characters, bytes.
    await a.getByTestId('send-big-text').click();
    await expect(c.getByTestId('log')).toContainText(bigTextIn('ann'));
    await c.getByTestId('send-big-bytes').click();
    await expect(a.getByTestId('log')).toContainText(bigBytesIn('cat'));
    await c.getByTestId('message').fill('small after big');
    await c.getByTestId('send').click();
    await expect(a.getByTestId('log')).toContainText('in cat text "small after big"');

    await a.context().close();
    await c.context().close();
    expect(errors).toEqual([]);
  },
);

test('a bad pairing code shows a clear error', async ({ browser }) => {
  const base = served('E2E_STATIC_SUBPATH_URL');
  const errors: string[] = [];
  const page = await openPairPage(browser, `${base}dev/pair?id=dan`, errors);
  const error = page.getByTestId('error');

  await page.getByTestId('offer-input').fill('this is not a code!');
  await page.getByTestId('accept').click();
  await expect(error).toHaveText(/^BAD_CODE: the code has characters a code never has/);

  await page.getByTestId('make-offer').click();
  await expect(page.getByTestId('offer-code')).not.toHaveValue('');
  const own = await page.getByTestId('offer-code').inputValue();
  await page.getByTestId('offer-input').fill(own.slice(0, 50));
  await page.getByTestId('accept').click();
  await expect(error).toHaveText(/^BAD_CODE: the code is (damaged|cut off)/);
  await page.getByTestId('offer-input').fill(own);
  await page.getByTestId('accept').click();
  await expect(error).toHaveText('BAD_CODE: this code is our own');
  // An offer where the answer belongs.
  await page.getByTestId('answer-input').fill(own);
  await page.getByTestId('complete').click();
  await expect(error).toHaveText('BAD_CODE: this is an offer code, not an answer');

  await page.context().close();
  expect(errors).toEqual([]);
});
