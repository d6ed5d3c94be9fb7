// A private network namespace for WebRTC in headless Chromium (the browser
// tests and the net bench): one veth interface and a default route, so ICE
// gathers a host candidate, and no traffic leaves the machine. Needs root,
// `unshare` and `ip`; TRAINYARD_NETNS=0 turns it off.
import { spawnSync } from 'node:child_process';

export const NETNS_SETUP = [
  'set -e',
  'ip link set lo up',
  'ip link add veth0 type veth peer name veth1',
  // No IPv6 link-local addresses: their duplicate-address check ends a moment after
  // the link is up, and Chromium, started by then, failed every request in flight
  // with ERR_NETWORK_CHANGED (the net bench's pages never loaded).
  'ip link set veth0 addrgenmode none',
  'ip link set veth1 addrgenmode none',
  'ip addr add 10.99.0.1/24 dev veth0',
  'ip link set veth0 up',
  'ip link set veth1 up',
  'until ip -o link show veth0 | grep -q "state UP"; do sleep 0.05; done',
  'ip route add default via 10.99.0.254 dev veth0',
  // What runs inside knows it may add links and namespaces of its own (lan.spec.ts).
  'export TRAINYARD_IN_NETNS=1',
].join('; ');

/** @param {string} command */
function onPath(command) {
  return spawnSync('sh', ['-c', `command -v ${command}`], { stdio: 'ignore' }).status === 0;
}

/** Whether commands can run in their own network namespace here. */
export function netnsAvailable() {
  if (process.env.TRAINYARD_NETNS === '0') return false;
  if (process.platform !== 'linux' || process.getuid?.() !== 0) return false;
  if (!onPath('unshare') || !onPath('ip')) return false;
  return spawnSync('unshare', ['-n', 'sh', '-c', NETNS_SETUP], { stdio: 'ignore' }).status === 0;
}

/**
 * `command args…` as run inside a fresh namespace: the program and arguments to spawn.
 * @param {string[]} command
 * @returns {[string, string[]]}
 */
export function inNetns(command) {
  return ['unshare', ['-n', 'sh', '-c', `${NETNS_SETUP}; exec "$@"`, 'sh', ...command]];
}
