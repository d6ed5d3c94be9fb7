// A module that does not arrive is asked for again; any other failure is not.
import { describe, expect, it } from 'vitest';
import { loadFailed, retried } from '$lib/ui/load-retry';

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
