// Two machines of one LAN with no internet, as near as one machine gets: the
// test's network namespace is the first machine, where `npm start` serves the
// site and its PeerServer; a second namespace, linked to it by a cable (a veth
// pair) and with no route anywhere else, is the second machine, where its own
// Chromium runs. The second player opens the invite link at the address `npm
// start` printed for that cable; the two play a whole game over WebRTC with no
// STUN server reachable. Needs root in the suite's private namespace (npm test
// runs it there); skipped elsewhere, since it adds links of its own.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { expect, test } from './fixtures';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.js';
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

function ip(...args: string[]): void {
  const r = spawnSync('ip', args, { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`ip ${args.join(' ')}: ${r.stderr}`);
}

async function until(done: () => boolean, what: string): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (done()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`timed out waiting for ${what}`);
}

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

/**
 * A Chromium in a network namespace of its own, the far end of the cable: a
 * wrapper notes its pid (the namespace's), waits for the cable, sets its
 * address and a default route through the first machine, then becomes Chromium.
 */
async function secondMachine(dir: string) {
  const pidFile = path.join(dir, 'second.pid');
  const wrapper = path.join(dir, 'second-machine.sh');
  const found = findChromium();
  if (found.error || !found.executablePath) throw new Error(found.error ?? 'no Chromium path');
  fs.writeFileSync(
    wrapper,
    [
      '#!/bin/sh',
      `echo $$ > ${pidFile}`,
      // Chromium starts once the cable is up, with its address and route, and no IPv6
      // address that would come later: a change under a running browser aborts its loads.
      `exec unshare -n sh -c 'until ip link show lanb >/dev/null 2>&1; do sleep 0.05; done;` +
        ` ip link set lo up; ip link set lanb addrgenmode none;` +
        ` ip addr add ${SECOND_IP}/24 dev lanb; ip link set lanb up;` +
        ` until ip -o link show lanb | grep -q "state UP"; do sleep 0.05; done;` +
        ` ip route add default via ${HOST_IP} dev lanb;` +
        ` exec "$0" "$@"' ${found.executablePath} "$@"`,
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  const launching = chromium.launch({ executablePath: wrapper, args: CHROMIUM_ARGS });
  await until(() => fs.existsSync(pidFile), 'the second machine to start');
  // The pid file is written before the wrapper leaves this namespace: wait for it to have left.
  const pid = fs.readFileSync(pidFile, 'utf8').trim();
  const ours = fs.readlinkSync('/proc/self/ns/net');
  await until(
    () => fs.readlinkSync(`/proc/${pid}/ns/net`) !== ours,
    'the second machine to have a network namespace of its own',
  );
  ip('link', 'set', 'lanb', 'netns', pid);
  return launching;
}

test('two machines of a LAN with no internet: npm start on one, a whole game from both', async ({
  browser,
}, info) => {
  test.skip(
    process.env.TRAINYARD_IN_NETNS !== '1',
    'needs root in the suite’s own network namespace (npm test as root on Linux)',
  );
  test.setTimeout(180_000);
  ip('link', 'add', 'lana', 'type', 'veth', 'peer', 'name', 'lanb');
  ip('link', 'set', 'lana', 'addrgenmode', 'none');
  ip('addr', 'add', `${HOST_IP}/24`, 'dev', 'lana');
  ip('link', 'set', 'lana', 'up');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'trainyard-lan-'));
  // The second machine first: the cable carries nothing (and npm start does not list it)
  // until both its ends are up.
  const far = await secondMachine(dir);
  let server: { child: ChildProcess; url: string } | null = null;
  try {
    server = await npmStart();
    const ann = await newPlayer(browser, 'Ann');
    const bob = await newPlayer(far, 'Bob');
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
    await far.close();
    server?.child.kill('SIGTERM');
    fs.rmSync(dir, { recursive: true, force: true });
    spawnSync('ip', ['link', 'del', 'lana']);
  }
});
