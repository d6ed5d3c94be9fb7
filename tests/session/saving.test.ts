// Issue 21 hole 8: a table whose saving fails says so in its snapshot (and plays
// on), instead of being lost on reload without a word: no IndexedDB (a private
// window), IndexedDB refused, a full disk, and a store that recovers.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pause } from './harness';
import { startTableHere, type TableClient } from '../../src/lib/session/tables/client';
import { savingProblem } from '../../src/lib/session/store/saving';
import type { SessionSnapshot } from '../../src/lib/session/snapshot';
import { openTableStore, type TableStore } from '../../src/lib/session/store/store';

const open: TableClient[] = [];
const stores: TableStore[] = [];

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});

afterEach(() => {
  for (const c of open.splice(0)) c.close();
  for (const s of stores.splice(0)) s.close();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

async function start(store?: TableStore | null): Promise<TableClient> {
  const started = await startTableHere({
    variant: 'railominos',
    options: { rounds: 1 },
    seats: [
      { kind: 'person', name: 'Ada' },
      { kind: 'bot', level: 'easy' },
    ],
    ...(store === undefined ? {} : { store }),
  });
  if (!started.ok) throw new Error(started.error.detail);
  open.push(started.value);
  return started.value;
}

async function until(cond: () => boolean, ms = 20_000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out');
    await pause(10);
  }
}

function quotaExceeded(): void {
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(() => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  });
}

describe('savingProblem', () => {
  it.each([
    ['STORAGE_UNAVAILABLE', 'no IndexedDB here', 'unavailable'],
    ['STORAGE_UNAVAILABLE', 'InvalidStateError: A mutation operation was attempted', 'unavailable'],
    ['STORAGE_UNAVAILABLE', 'SecurityError: The operation is insecure.', 'refused'],
    ['STORAGE_FAILED', 'NotAllowedError: denied', 'refused'],
    ['STORAGE_FAILED', 'QuotaExceededError: The quota has been exceeded.', 'full'],
    ['STORAGE_FAILED', 'UnknownError: disk I/O', 'failed'],
    ['CORRUPT', 'segments: too many', 'failed'],
    ['STORAGE_FAILED', 'QuotaExceededError: ', 'full'],
  ] as const)('%s %s → %s', (code, detail, problem) => {
    expect(savingProblem({ code, detail })).toEqual({
      saved: false,
      problem,
      detail: `${code}: ${detail}`.replace(/: $/, ''),
    });
  });
});

describe('a local table’s snapshot says whether it is saved', () => {
  it('saved: the snapshot says so and the table is in the store', async () => {
    const opened = await openTableStore();
    if (!opened.ok) throw new Error(opened.error.detail);
    stores.push(opened.value);
    const client = await start(opened.value);
    expect(client.snapshot.saving).toEqual({ saved: true });
    await pause(600);
    const listed = await opened.value.list();
    expect(listed.ok && listed.value.tables.map((t) => t.room)).toEqual([client.room]);
    expect(client.snapshot.saving).toEqual({ saved: true });
  });

  it('no IndexedDB (a private window): not saved, from the start, and the game plays on', async () => {
    vi.stubGlobal('indexedDB', undefined);
    const client = await start();
    expect(client.snapshot.saving).toMatchObject({ saved: false, problem: 'unavailable' });
    await until(() => client.snapshot.table?.local[0]?.view !== undefined);
    expect(client.snapshot.phase).toBe('playing');
  });

  it('IndexedDB refused by the browser: not saved, refused', async () => {
    vi.stubGlobal('indexedDB', {
      open() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    const client = await start();
    expect(client.snapshot.saving).toMatchObject({ saved: false, problem: 'refused' });
  });

  it('a full disk: the next save fails, subscribers hear it, and a later save that works clears it', async () => {
    const opened = await openTableStore();
    if (!opened.ok) throw new Error(opened.error.detail);
    stores.push(opened.value);
    quotaExceeded();
    const client = await start(opened.value);
    const seen: SessionSnapshot[] = [];
    client.subscribe((s) => seen.push(s));
    await until(() => client.snapshot.saving?.saved === false);
    expect(client.snapshot.saving).toMatchObject({
      saved: false,
      problem: 'full',
      detail: expect.stringContaining('QuotaExceededError'),
    });
    expect(seen.at(-1)?.saving).toMatchObject({ problem: 'full' });
    const listed = await opened.value.list();
    expect(listed.ok && listed.value.tables).toEqual([]);
    // Space is freed: the next change is saved, and the warning goes.
    vi.restoreAllMocks();
    await client.ready(0);
    await client.setAutoplay(0, 'easy');
    await until(() => client.snapshot.saving?.saved === true);
    const again = await opened.value.list();
    expect(again.ok && again.value.tables.map((t) => t.room)).toEqual([client.room]);
  });

  it('a table asked not to be stored reports nothing', async () => {
    const client = await start(null);
    expect(client.snapshot.saving).toBeUndefined();
  });
});
