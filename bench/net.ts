// Net: four Chromium pages on one table over WebRTC (join, move and deal
// times: bench/net-browser.ts, run in a private network namespace like the
// browser tests), and the in-memory transport's own cost (what tests, bots and
// pass-and-play pay per message).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { inNetns, netnsAvailable } from '../scripts/netns.js';
import { PROJECT_ROOT } from '../scripts/server.js';
import { createMemoryNetwork } from '../src/lib/net/memory';
import type { Transport } from '../src/lib/net/transport';

function must(result: ReturnType<ReturnType<typeof createMemoryNetwork>['join']>): Transport {
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

async function throughput(count: number, size: number): Promise<Record<string, number>> {
  const network = createMemoryNetwork();
  const a = must(network.join('a'));
  const b = must(network.join('b'));
  await a.connect('b');
  let received = 0;
  b.onMessage(() => received++);
  const payload = new Uint8Array(size).fill(7);
  const started = performance.now();
  for (let i = 0; i < count; i++) a.send('b', payload);
  await network.settle();
  const seconds = (performance.now() - started) / 1000;
  if (received !== count) throw new Error(`lost ${count - received} messages`);
  return {
    messages: count,
    payloadBytes: size,
    messagesPerSecond: Math.round(count / seconds),
    mebibytesPerSecond: +((count * size) / seconds / 2 ** 20).toFixed(1),
  };
}

async function roundTrips(count: number): Promise<Record<string, number>> {
  const network = createMemoryNetwork();
  const a = must(network.join('a'));
  const b = must(network.join('b'));
  await a.connect('b');
  b.onMessage((from, data) => b.send(from, data));
  let pending: (() => void) | undefined;
  a.onMessage(() => pending?.());
  const started = performance.now();
  for (let i = 0; i < count; i++) {
    await new Promise<void>((resolve) => {
      pending = resolve;
      a.send('b', `ping ${i}`);
    });
  }
  const micros = ((performance.now() - started) * 1000) / count;
  return { roundTrips: count, meanMicroseconds: +micros.toFixed(2) };
}

async function relay(guests: number, count: number): Promise<Record<string, number>> {
  const network = createMemoryNetwork();
  const host = must(network.join('host'));
  const others = Array.from({ length: guests }, (_, i) => must(network.join(`g${i}`)));
  for (const guest of others) await guest.connect('host');
  host.onMessage((from, data) => {
    for (const peer of host.peers()) if (peer !== from) host.send(peer, data);
  });
  let delivered = 0;
  for (const guest of others) guest.onMessage(() => delivered++);
  const sender = others[0];
  if (!sender) throw new Error('no guests');
  const started = performance.now();
  for (let i = 0; i < count; i++) sender.send('host', `move ${i}`);
  await network.settle();
  const seconds = (performance.now() - started) / 1000;
  return {
    guests,
    moves: count,
    deliveries: delivered,
    movesPerSecond: Math.round(count / seconds),
  };
}

/** bench/net-browser.ts in its own process (in the namespace when we can): its JSON. */
function browsers(): Promise<Record<string, unknown>> {
  const tsx = path.join(PROJECT_ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
  const command = [process.execPath, tsx, path.join(PROJECT_ROOT, 'bench', 'net-browser.ts')];
  const [program, args] = netnsAvailable() ? inNetns(command) : [command[0]!, command.slice(1)];
  return new Promise((resolve) => {
    const child = spawn(program, args, { cwd: PROJECT_ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    child.on('error', (e) => resolve({ status: 'error', message: e.message }));
    child.on('close', () => {
      try {
        resolve(JSON.parse(out.trim().split('\n').at(-1) ?? '') as Record<string, unknown>);
      } catch {
        resolve({
          status: 'error',
          message: `no result from net-browser.ts: ${out.slice(0, 200)}`,
        });
      }
    });
  });
}

export async function run(): Promise<Record<string, unknown>> {
  const webrtc = await browsers();
  return {
    ...Object.fromEntries(
      ['joinMedianMs', 'moveMedianMs', 'dealMs'].map((k) => [k, webrtc[k] ?? null]),
    ),
    webrtc,
    transport: 'memory',
    throughput1KiB: await throughput(20_000, 1024),
    pingPong: await roundTrips(5_000),
    hostRelay: await relay(3, 10_000),
  };
}
