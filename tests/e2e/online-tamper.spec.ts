// A cheating page among honest ones, over real WebRTC: the tampered test build
// (VITE_TRAINYARD_TAMPER=tile, served from its own origin and signalled through
// the honest site's PeerServer) plays, once, a tile its seat was not dealt.
// Every other page refuses the entry and names the seat and the reason; the
// refused entry changes nothing, and the game still ends alike everywhere.
import { expect, test } from './fixtures';
import {
  createTable,
  expectSameGameOver,
  joinTable,
  newPlayer,
  setGame,
  startAndAutoplay,
} from './helpers-online';
import { keepScreenshot, served } from './helpers-table';

const SHORT_MT = { handSize: 5, set: 6, rounds: 1 };

test('a page that plays a tile it was not dealt is refused and named by every other page', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const root = new URL(served());
  const tamper = served('E2E_TAMPER_URL');
  const ann = await newPlayer(browser, 'Ann');
  const bob = await newPlayer(browser, 'Bob');
  const cat = await newPlayer(browser, 'Cat');
  // The cheat's page lives on another origin: it signals through the honest site's server.
  const signalling = {
    signalling: {
      kind: 'custom',
      host: root.hostname,
      port: Number(root.port),
      path: '/peerjs',
      secure: false,
    },
    iceServers: [],
  };
  await cat.page.addInitScript(
    (net) => localStorage.setItem('trainyard.net', net),
    JSON.stringify(signalling),
  );

  const link = await createTable(ann);
  await setGame(ann, 'mexican-train', SHORT_MT);
  await joinTable(bob, link);
  const join = new URL(link);
  await joinTable(cat, `${tamper}lobby${join.search}`);
  await expect(ann.page.getByTestId('seats').locator('li')).toHaveCount(3);
  await startAndAutoplay(ann, [ann, bob, cat]);

  for (const honest of [ann, bob]) {
    const refusal = honest.page.getByTestId('refusal').first();
    await expect(refusal).toBeVisible({ timeout: 60_000 });
    await expect(refusal).toHaveAttribute('data-seat', '2');
    await expect(refusal).toContainText('Cat (seat 3)');
    const code = await refusal.getAttribute('data-code');
    expect(['DISCLOSURE_MISMATCH', 'ILLEGAL_MOVE', 'BAD_MOVE']).toContain(code);
    await expect(refusal).toContainText(code ?? '');
  }
  await keepScreenshot(bob.page, test.info(), 'online-refusal-desktop');
  // Refused means nothing changed: the cheat's next entry is honest and the game ends alike.
  await expectSameGameOver([ann, bob, cat], 120_000);
  expect([...ann.errors, ...bob.errors]).toEqual([]);
});
