// Invite links in every shape a player may meet: one under a subpath, a damaged
// one, a stale one; and connection settings refused in plain words.
import { expect, test } from './fixtures';
import { served } from './helpers-table';
import {
  createTable,
  expectSameGameOver,
  joinTable,
  newPlayer,
  expectNoErrorsButProbe,
  setGame,
  SHORT_MT,
  startAndAutoplay,
} from './helpers-online';

test('under a subpath: the invite link opens the lobby there and the guest is seated', async ({
  browser,
}) => {
  const base = served('E2E_SUBPATH_URL');
  const ann = await newPlayer(browser, 'Ann');
  const bob = await newPlayer(browser, 'Bob');
  const link = await createTable(ann, base);
  expect(link.startsWith(base)).toBe(true);
  await expect(ann.page.getByTestId('invite-qr')).toBeAttached();
  await joinTable(bob, link);
  await expect(ann.page.getByTestId('seat-1')).toContainText('Bob');
  expect([...ann.errors, ...bob.errors]).toEqual([]);
});

test('the static build on a plain host, signalled through a PeerServer elsewhere (as through the public one): a whole game', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  // A static host with no PeerServer of its own, under a subpath; the PeerServer is on
  // another origin, as the public one is for a site on GitHub Pages.
  const base = served('E2E_STATIC_SUBPATH_URL');
  const peers = new URL(served());
  const settings = JSON.stringify({
    signalling: {
      kind: 'custom',
      host: peers.hostname,
      port: Number(peers.port),
      path: '/peerjs',
      secure: false,
    },
    iceServers: [],
  });
  const players = [await newPlayer(browser, 'Ann'), await newPlayer(browser, 'Bob')];
  for (const p of players) {
    await p.page.addInitScript((net) => localStorage.setItem('trainyard.net', net), settings);
  }
  const [ann, bob] = players as [(typeof players)[0], (typeof players)[0]];
  const link = await createTable(ann, base);
  expect(link.startsWith(base)).toBe(true);
  await setGame(ann, 'mexican-train', SHORT_MT);
  await joinTable(bob, link);
  await expect(ann.page.getByTestId('seat-1')).toContainText('Bob');
  await startAndAutoplay(ann, players);
  await expectSameGameOver(players);
  // The lobby's probe for a PeerServer of the site's own is the one thing that may 404.
  expectNoErrorsButProbe([ann, bob]);
});

test('a damaged link and a stale link say so in plain words', async ({ browser }) => {
  const base = served();
  const bob = await newPlayer(browser, 'Bob');
  await bob.page.goto(`${base}rules?join=not-a-room`);
  await bob.page.waitForURL(/lobby\?join=/);
  await expect(bob.page.getByTestId('join-problem')).toContainText('damaged');

  await bob.page.goto(`${base}?join=abcdefghij.zzzzzz`);
  await bob.page.waitForURL(/lobby\?join=/);
  await bob.page.getByTestId('name-input').fill('Bob');
  await bob.page.getByTestId('join').click();
  await expect(bob.page.getByTestId('join-problem')).toContainText('its game may be over', {
    timeout: 45_000,
  });
});

test('connection settings: a custom PeerServer is checked, explained and remembered', async ({
  browser,
}) => {
  const ann = await newPlayer(browser, 'Ann');
  await ann.page.goto(`${served()}lobby`);
  // The lobby is live (its name field comes on then): a click before it would be lost.
  await expect(ann.page.getByTestId('name-input')).toBeEnabled();
  await ann.page.getByTestId('net-settings-open').click();
  await ann.page.getByTestId('signal-custom').check();
  await ann.page.getByTestId('signal-host').fill('https://peers.example.org');
  await ann.page.getByTestId('signal-port').fill('70000');
  await ann.page.getByTestId('ice-servers').fill('turn:turn.example.org:3478');
  await ann.page.getByTestId('net-save').click();
  const form = ann.page.getByTestId('net-settings');
  await expect(form).toContainText('Server host: a host name only, without http:// or wss://.');
  await expect(form).toContainText('Server port: a port number from 1 to 65535.');
  await expect(form).toContainText('a TURN server needs a username and a credential');

  await ann.page.getByTestId('signal-host').fill('peers.example.org');
  await ann.page.getByTestId('signal-port').fill('9000');
  await ann.page.getByTestId('signal-path').fill('/peerjs');
  await ann.page.getByTestId('ice-servers').fill('turn:turn.example.org:3478 club secret');
  await ann.page.getByTestId('net-save').click();
  await expect(form).toContainText('Saved on this browser.');
  await ann.page.reload();
  await expect(ann.page.getByTestId('net-settings-open')).toContainText('peers.example.org:9000');
});
