// PeerJS links carry 1 MiB whole, and a table formed through the PeerServer
// keeps growing after everyone leaves the server: A reaches C through B.
import { expect, test } from './fixtures';
import { bigBytesIn, bigTextIn, connect, openPairPage } from './helpers-pair';
import { served } from './helpers-table';

const shortId = (): string => crypto.randomUUID().slice(0, 6);

test(
  'PeerJS: 1 MiB whole, then a relayed link once the server is left',
  { tag: '@waits' },
  async ({ browser }) => {
    const base = served('E2E_ROOT_URL');
    const errors: string[] = [];
    const [a, b, c] = ['ann', 'bob', 'cat'].map((name) => `${name}-${shortId()}`) as [
      string,
      string,
      string,
    ];
    const pageA = await openPairPage(browser, `${base}dev/pair?signal=peerjs&id=${a}`, errors);
    const pageB = await openPairPage(browser, `${base}dev/pair?signal=peerjs&id=${b}`, errors);
    const pageC = await openPairPage(browser, `${base}dev/pair?signal=peerjs&id=${c}`, errors);

    await connect(pageB, a);
    await expect(pageA.getByTestId('peers')).toHaveText(b);
    await connect(pageC, b);
    await expect(pageB.getByTestId('peers')).toHaveText(`${a}, ${c}`);

    // 1 MiB both ways over links PeerJS opened.
    await pageA.getByTestId('send-big-text').click();
    await expect(pageB.getByTestId('log')).toContainText(bigTextIn(a));
    await pageB.getByTestId('send-big-bytes').click();
    await expect(pageA.getByTestId('log')).toContainText(bigBytesIn(b));

    // Everyone leaves the server; A still reaches C, through B.
    for (const page of [pageA, pageB, pageC]) await page.getByTestId('drop-server').click();
    await expect(pageA.getByTestId('log')).toContainText('SIGNALLING_UNREACHABLE');
    await expect(pageA.getByTestId('reachable')).toHaveText(c);
    await connect(pageA, c);
    await expect(pageA.getByTestId('peers')).toHaveText(`${b}, ${c}`);
    await expect(pageC.getByTestId('peers')).toHaveText(`${b}, ${a}`);
    await pageC.getByTestId('send-big-text').click();
    await expect(pageA.getByTestId('log')).toContainText(bigTextIn(c));

    // Closing a page closes its links at the others.
    await pageB.context().close();
    await expect(pageA.getByTestId('peers')).toHaveText(c);
    await expect(pageC.getByTestId('peers')).toHaveText(a);

    await pageA.context().close();
    await pageC.context().close();
    expect(errors).toEqual([]);
  },
);
