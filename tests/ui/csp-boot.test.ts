// The boot script of src/app.html (the connect-src policy, from the stored net
// settings) against connectPolicy, which the settings panel uses to say when a
// reload is needed; and the hash svelte.config.js lets it run with.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import type { SignallingChoice } from '$lib/session';
import {
  connectPolicy,
  NET_SETTINGS_KEY,
  NetSettingsState,
} from '$lib/ui/online/net-settings.svelte';
import config from '../../svelte.config.js';

const template = readFileSync(new URL('../../src/app.html', import.meta.url), 'utf8');
const script = /<script>([\s\S]*?)<\/script>/.exec(template)?.[1] ?? '';

/** Runs the boot script with `stored` in localStorage; the policy it writes. */
function boot(stored: string | null, storageThrows = false): string {
  const head: { content?: string; httpEquiv?: string }[] = [];
  const meta = { content: '', httpEquiv: '', setAttribute: () => {} };
  vm.runInNewContext(script, {
    localStorage: {
      getItem: (key: string) => {
        if (storageThrows) throw new Error('SecurityError');
        return key === NET_SETTINGS_KEY ? stored : null;
      },
    },
    document: {
      createElement: () => meta,
      head: { appendChild: (m: typeof meta) => head.push(m) },
    },
  });
  expect(head).toHaveLength(1);
  expect(head[0]?.httpEquiv).toBe('Content-Security-Policy');
  return head[0]?.content ?? '';
}

const stored = (signalling: SignallingChoice) => JSON.stringify({ signalling, iceServers: [] });

describe('the connect-src boot script', () => {
  const choices: readonly SignallingChoice[] = [
    { kind: 'same-origin' },
    { kind: 'public' },
    { kind: 'custom', host: 'peers.example.org', port: 9000, path: '/peerjs', secure: true },
    { kind: 'custom', host: '192.168.1.20', port: 80, path: '/', secure: false },
    { kind: 'custom', host: '[fe80::1]', port: 9000, path: '/', secure: false },
  ];

  it.each(choices)('writes what connectPolicy says for $kind $host', (choice) => {
    expect(boot(stored(choice))).toBe(connectPolicy(choice));
  });

  it('allows this site and the public server when nothing (or nothing readable) is stored', () => {
    const defaults = "connect-src 'self' https://0.peerjs.com wss://0.peerjs.com";
    expect(connectPolicy(null)).toBe(defaults);
    expect(boot(null)).toBe(defaults);
    expect(boot('{not json')).toBe(defaults);
    expect(boot(null, true)).toBe(defaults);
  });

  it('names a custom server by scheme, host and port', () => {
    expect(
      connectPolicy({ kind: 'custom', host: 'p.example', port: 9000, path: '/', secure: true }),
    ).toBe("connect-src 'self' https://p.example:9000 wss://p.example:9000");
  });

  it('never lets stored text add to the policy', () => {
    const sneaky = stored({
      kind: 'custom',
      host: 'x.example; script-src *',
      port: 1,
      path: '/',
      secure: true,
    });
    expect(boot(sneaky)).toBe(connectPolicy(null));
  });

  it('runs under the site CSP: svelte.config.js lists its hash', () => {
    const hash = `sha256-${createHash('sha256').update(script).digest('base64')}`;
    expect(script).toContain('connect-src');
    expect(config.kit?.csp?.directives?.['script-src']).toContain(hash);
  });
});

describe('NetSettingsState.reloadNeeded', () => {
  it('asks for a reload only when the saved server is outside the policy in force', () => {
    const memory = new Map<string, string>();
    const storage = {
      getItem: (k: string) => memory.get(k) ?? null,
      setItem: (k: string, v: string) => void memory.set(k, v),
      removeItem: (k: string) => void memory.delete(k),
    };
    const net = new NetSettingsState('', storage, connectPolicy(null));
    expect(net.reloadNeeded).toBe(false);
    expect(net.save({ signalling: { kind: 'same-origin' }, iceServers: [] })).toEqual([]);
    expect(net.reloadNeeded).toBe(false);
    const custom = { kind: 'custom', host: 'p.example', port: 9000, path: '/', secure: true };
    expect(net.save({ signalling: custom, iceServers: [] })).toEqual([]);
    expect(net.reloadNeeded).toBe(true);
    // The next page load: the boot script's policy now names that server.
    const next = new NetSettingsState('', storage, boot(memory.get(NET_SETTINGS_KEY) ?? null));
    expect(next.reloadNeeded).toBe(false);
    next.reset();
    expect(next.reloadNeeded).toBe(true);
    expect(next.save({ signalling: custom, iceServers: [] })).toEqual([]);
    expect(next.reloadNeeded).toBe(false);
  });
});
