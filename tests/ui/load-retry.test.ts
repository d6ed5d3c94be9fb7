// A module that does not arrive is asked for again; any other failure is not. A page
// whose module still did not arrive is loaded afresh once, never in a loop.
import { describe, expect, it } from 'vitest';
import { loadFailed, reloadOnce, retried } from '$lib/ui/load-retry';

const NOT_ARRIVED = [
  'Failed to fetch dynamically imported module: http://x/_app/immutable/chunks/a.js', // Chromium
  'error loading dynamically imported module: http://x/a.js', // Firefox
  'Importing a module script failed.', // Safari
  'Unable to preload CSS for /_app/immutable/assets/a.css', // Vite's preload
];

describe('retried', () => {
  it.each(NOT_ARRIVED)('knows a module that did not arrive: %s', (message) => {
    expect(loadFailed(new TypeError(message))).toBe(true);
  });

  it('tries again while the module does not arrive, then gives what arrives', async () => {
    let calls = 0;
    const value = await retried(async () => {
      calls += 1;
      if (calls < 3) throw new TypeError(NOT_ARRIVED[0]);
      return 'messages';
    }, [0, 0]);
    expect(value).toBe('messages');
    expect(calls).toBe(3);
  });

  it('gives up after its last try with the failure', async () => {
    let calls = 0;
    const load = () => {
      calls += 1;
      return Promise.reject(new TypeError(NOT_ARRIVED[1]));
    };
    await expect(retried(load, [0, 0])).rejects.toThrow(/dynamically imported/);
    expect(calls).toBe(3);
  });

  it('does not repeat a module that arrived and failed (its own error)', async () => {
    let calls = 0;
    const load = () => {
      calls += 1;
      return Promise.reject(new RangeError('bad message'));
    };
    await expect(retried(load, [0, 0])).rejects.toThrow('bad message');
    expect(calls).toBe(1);
  });
});

/** A tab's session storage. */
function store(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => items.delete(key),
    setItem: (key, value) => items.set(key, value),
  };
}

describe('reloadOnce', () => {
  const LOBBY = 'http://x/lobby';

  it('reloads an address once, then lets the error page show', () => {
    const tab = store();
    expect(reloadOnce(LOBBY, tab, 1_000)).toBe(true);
    expect(reloadOnce(LOBBY, tab, 5_000)).toBe(false);
  });

  it('reloads again a minute later, or for another address', () => {
    const tab = store();
    expect(reloadOnce(LOBBY, tab, 1_000)).toBe(true);
    expect(reloadOnce('http://x/rules', tab, 2_000)).toBe(true);
    expect(reloadOnce(LOBBY, tab, 3_000)).toBe(true);
    expect(reloadOnce(LOBBY, tab, 63_001)).toBe(true);
  });

  it('reads a garbled note as none, and does not reload where nothing can be noted', () => {
    const tab = store();
    tab.setItem('trainyard.reloaded', '{not json');
    expect(reloadOnce(LOBBY, tab, 1_000)).toBe(true);
    const full = {
      ...store(),
      getItem: () => null,
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError');
      },
    } as Storage;
    expect(reloadOnce(LOBBY, full, 1_000)).toBe(false);
  });
});
