// Two machines of one LAN with no internet, as near as one machine gets: the
// test's network namespace is the first machine, where `npm start` serves the
// site and its PeerServer; a second namespace, linked to it by a cable (a veth
// pair) and with no route anywhere else, is the second machine, where its own
// Chromium runs. The second player opens the invite link at the address `npm
// start` printed for that cable; the two play a whole game over WebRTC with no
// STUN server reachable. Needs root in the suite's private namespace (npm test
// runs it there); skipped elsewhere, since it adds links of its own.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { expect, test } from './fixtures';
import { browserOnCable } from './helpers-cable';
import { PROJECT_ROOT } from '../../scripts/server.js';
import {
  expectSameGameOver,
  newPlayer,
  setGame,
  SHORT_MT,
  startAndAutoplay,
} from './helpers-online';

const HOST_IP = '10.77.0.1';
const SECOND_IP = '10.77.0.2';

/** `npm start` with a free port; resolves with the address it printed for the cable. */
function npmStart(): Promise<{ child: ChildProcess; url: string }> {
  const child = spawn(process.execPath, [path.join(PROJECT_ROOT, 'scripts', 'start.js')], {
    cwd: PROJECT_ROOT,
    env: { ...process.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const url = out.match(new RegExp(`http://${HOST_IP.replaceAll('.', '\\.')}:\\d+/`))?.[0];
      if (url) resolve({ child, url });
    });
    child.on('exit', (code) => reject(new Error(`npm start exited (${code}): ${out}`)));
  });
}

test(
  'two machines of a LAN with no internet: npm start on one, a whole game from both',
  { tag: '@network' },
  async ({ browser }, info) => {
    test.skip(
      process.env.TRAINYARD_IN_NETNS !== '1',
      'needs root in the suite’s own network namespace (npm test as root on Linux)',
    );
    test.setTimeout(180_000);
    // The second machine first: the cable carries nothing (and npm start does not list it)
    // until both its ends are up.
    const cable = await browserOnCable('lan', HOST_IP, SECOND_IP);
    let server: { child: ChildProcess; url: string } | null = null;
    try {
      server = await npmStart();
      const ann = await newPlayer(browser, 'Ann');
      const bob = await newPlayer(cable.far, 'Bob');
      // Each machine opens the address npm start printed for the LAN.
      await ann.page.goto(`${server.url}lobby`);
      await ann.page.getByTestId('name-input').fill('Ann');
      await ann.page.getByTestId('create-online').click();
      const link = await ann.page.getByTestId('invite-link').inputValue({ timeout: 20_000 });
      expect(link.startsWith(server.url)).toBe(true);
      await setGame(ann, 'mexican-train', SHORT_MT);
      await bob.page.goto(link);
      await bob.page.getByTestId('name-input').fill('Bob');
      await bob.page.getByTestId('join').click();
      await expect(ann.page.getByTestId('seat-1')).toContainText('Bob', { timeout: 30_000 });
      await startAndAutoplay(ann, [ann, bob]);
      await expectSameGameOver([ann, bob], 120_000);
      await bob.page.screenshot({ path: info.outputPath('second-machine.png') });
      expect([...ann.errors, ...bob.errors]).toEqual([]);
    } finally {
      await cable.close();
      server?.child.kill('SIGTERM');
    }
  },
);
