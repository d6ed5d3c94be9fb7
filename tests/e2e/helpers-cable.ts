// A second machine for the browser tests that need one (lan.spec, online-sleep.spec):
// a Chromium in a network namespace of its own whose only way out is a cable, a
// veth pair from the test's namespace (`<name>a` here, `<name>b` there). Pulling
// `<name>a` down cuts that browser off from everything. Needs root in the suite's
// own namespace (npm test runs the browser suite there).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from '../../scripts/chromium.js';

export function ip(...args: string[]): void {
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

export interface Cable {
  /** This end's interface (`<name>a`): set it down and up to pull the cable. */
  readonly near: string;
  /** This namespace's address on the cable, where the far browser reaches the site. */
  readonly hostIp: string;
  /** The Chromium at the far end. */
  readonly far: Browser;
  /** Closes the far browser and takes the cable away. */
  close(): Promise<void>;
}

/**
 * Lays the cable (`hostIp`/24 here, `farIp` there, a default route back through
 * here) and starts the far Chromium once its end is up, with no IPv6 address that
 * would come later: a change under a running browser aborts its loads.
 */
export async function browserOnCable(name: string, hostIp: string, farIp: string): Promise<Cable> {
  const [near, farEnd] = [`${name}a`, `${name}b`];
  ip('link', 'add', near, 'type', 'veth', 'peer', 'name', farEnd);
  ip('link', 'set', near, 'addrgenmode', 'none');
  ip('addr', 'add', `${hostIp}/24`, 'dev', near);
  ip('link', 'set', near, 'up');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `trainyard-${name}-`));
  const pidFile = path.join(dir, 'far.pid');
  const wrapper = path.join(dir, 'far.sh');
  const found = findChromium();
  if (found.error || !found.executablePath) throw new Error(found.error ?? 'no Chromium path');
  fs.writeFileSync(
    wrapper,
    [
      '#!/bin/sh',
      `echo $$ > ${pidFile}`,
      `exec unshare -n sh -c 'until ip link show ${farEnd} >/dev/null 2>&1; do sleep 0.05; done;` +
        ` ip link set lo up; ip link set ${farEnd} addrgenmode none;` +
        ` ip addr add ${farIp}/24 dev ${farEnd}; ip link set ${farEnd} up;` +
        ` until ip -o link show ${farEnd} | grep -q "state UP"; do sleep 0.05; done;` +
        ` ip route add default via ${hostIp} dev ${farEnd};` +
        ` exec "$0" "$@"' ${found.executablePath} "$@"`,
      '',
    ].join('\n'),
    { mode: 0o755 },
  );
  const launching = chromium.launch({ executablePath: wrapper, args: CHROMIUM_ARGS });
  await until(() => fs.existsSync(pidFile), 'the far browser to start');
  // The pid file is written before the wrapper leaves this namespace: wait for it to have left.
  const pid = fs.readFileSync(pidFile, 'utf8').trim();
  const ours = fs.readlinkSync('/proc/self/ns/net');
  await until(
    () => fs.readlinkSync(`/proc/${pid}/ns/net`) !== ours,
    'the far browser to have a network namespace of its own',
  );
  ip('link', 'set', farEnd, 'netns', pid);
  const far = await launching;
  return {
    near,
    hostIp,
    far,
    async close() {
      await far.close();
      fs.rmSync(dir, { recursive: true, force: true, maxRetries: 5, retryDelay: 200 });
      spawnSync('ip', ['link', 'del', near]);
    },
  };
}
