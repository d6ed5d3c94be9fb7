import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  DATABASE_VERSION,
  openTableStore,
  type TableStore,
} from '../../src/lib/session/store/store';
import {
  parseStoredTable,
  STORED_TABLE_VERSION,
  type StoredTable,
} from '../../src/lib/session/store/stored-table';

const b64 = (bytes: number, fill = 7): string =>
  Buffer.from(new Uint8Array(bytes).fill(fill)).toString('base64url');

function table(overrides: Partial<StoredTable> = {}): StoredTable {
  return {
    version: STORED_TABLE_VERSION,
    room: 'room-1',
    savedAt: 1_700_000_000_000,
    device: 'dev_A1',
    name: 'Ada',
    variant: 'mexican-train',
    round: 2,
    finished: false,
    segments: [
      {
        setup: '{"variant":"mexican-train"}',
        game: 'game-1',
        agreements: [
          { seat: 0, sig: b64(64, 1) },
          { seat: 1, sig: b64(64, 2) },
        ],
        log: ['{"seq":0}', '{"seq":1}'],
      },
    ],
    keys: [
      {
        game: 'game-1',
        seat: 0,
        kind: 'human',
        level: null,
        signingSecret: b64(64),
        secret: b64(32),
      },
      {
        game: 'game-1',
        seat: 1,
        kind: 'bot',
        level: 'hard',
        signingSecret: b64(64, 9),
        secret: b64(32, 9),
      },
    ],
    settings: { sound: true, speed: 1.5, theme: 'dark' },
    ...overrides,
  };
}

/** The table as plain data with the field at `path` set to `value` (deleted if undefined). */
function withField(path: string, value: unknown): unknown {
  const t: unknown = structuredClone(table());
  const keys = path.split(/[.[\]]+/).filter(Boolean);
  let at = t as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) at = at[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  if (value === undefined) delete at[last];
  else at[last] = value;
  return t;
}

function detailOf(value: unknown): string {
  const result = parseStoredTable(value);
  if (result.ok) throw new Error('expected a refusal');
  expect(result.error.code).toBe('CORRUPT');
  return result.error.detail;
}

describe('parseStoredTable', () => {
  it('accepts a valid table and returns a fresh copy of the known fields only', () => {
    const original = { ...table(), extra: 'dropped' };
    const result = parseStoredTable(original, 'room-1');
    expect(result).toEqual({ ok: true, value: table() });
    expect(result.ok && result.value).not.toBe(original);
  });

  it('accepts the bounds: no segments, an empty name, 40 emoji, 8 agreements', () => {
    expect(parseStoredTable(table({ segments: [], keys: [], settings: {} })).ok).toBe(true);
    expect(parseStoredTable(table({ name: '' })).ok).toBe(true);
    expect(parseStoredTable(table({ name: '🚂'.repeat(40) })).ok).toBe(true);
    const agreements = Array.from({ length: 8 }, (_, seat) => ({ seat, sig: b64(64) }));
    const segment = { ...table().segments[0]!, agreements };
    expect(parseStoredTable(table({ segments: [segment] })).ok).toBe(true);
  });

  const long = (n: number) => 'x'.repeat(n);
  const segment = table().segments[0];
  it.each<[string, string, unknown, string?]>([
    ['room with a space', 'room', 'a b'],
    ['empty room', 'room', ''],
    ['room of 65 characters', 'room', long(65)],
    ['negative savedAt', 'savedAt', -1],
    ['fractional savedAt', 'savedAt', 1.5],
    ['missing device', 'device', undefined],
    ['name of 41 characters', 'name', long(41)],
    ['name with a newline', 'name', 'Ada\nLovelace'],
    ['unknown variant', 'variant', 'chess'],
    ['negative round', 'round', -1],
    ['finished as text', 'finished', 'true'],
    ['segments not a list', 'segments', {}],
    ['65 segments', 'segments', Array(65).fill(segment)],
    ['two segments of one game', 'segments', [segment, segment], 'segments[1].game'],
    ['empty setup', 'segments[0].setup', ''],
    ['empty game id', 'segments[0].game', ''],
    ['game id of 129', 'segments[0].game', long(129)],
    ['seat 8', 'segments[0].agreements[1].seat', 8],
    ['two agreements of one seat', 'segments[0].agreements[1].seat', 0],
    ['a 63-byte signature', 'segments[0].agreements[0].sig', b64(63)],
    ['a log entry not text', 'segments[0].log[1]', 5],
    ['a log entry over 256 KiB', 'segments[0].log[0]', long(256 * 1024 + 1)],
    ['a hole in the log', 'segments[0].log', new Array(1), 'segments[0].log[0]'],
    ['32-byte signing secret', 'keys[0].signingSecret', b64(32)],
    ['64-byte secret', 'keys[1].secret', b64(64)],
    ['padded base64', 'keys[0].secret', b64(32) + '='],
    [
      'standard base64 alphabet',
      'keys[0].secret',
      Buffer.alloc(32, 0xfb).toString('base64').slice(0, 43),
    ],
    ['non-canonical last character', 'keys[0].secret', b64(32).slice(0, 42) + 'B'],
    ['unknown kind', 'keys[0].kind', 'robot'],
    ['unknown level', 'keys[1].level', 'expert'],
    ['two keys for one seat', 'keys[1].seat', 0],
    ['a setting that is an object', 'settings.theme', {}],
    ['a setting that is NaN', 'settings.speed', NaN],
    ['settings as a list', 'settings', []],
  ])('refuses %s, naming the field', (_, path, value, field = path) => {
    expect(detailOf(withField(path, value)).startsWith(`${field}: expected `)).toBe(true);
  });

  it('names the first bad field in the order of the record', () => {
    expect(detailOf({ ...table(), name: 5, room: '', keys: null })).toMatch(/^room:/);
  });

  it('accepts every canonical last character', () => {
    // 32 bytes leave 2 spare bits in the last character: A, E, I… are canonical.
    const secret = b64(32).slice(0, 42) + 'E';
    const keys = [{ ...table().keys[0]!, secret }];
    expect(parseStoredTable(table({ keys })).ok).toBe(true);
  });

  it('tells another version apart from a corrupt one', () => {
    expect(parseStoredTable({ ...table(), version: 2, segments: 'anything' })).toEqual({
      ok: false,
      error: { code: 'WRONG_VERSION', detail: 'version 2' },
    });
    expect(detailOf({ ...table(), version: '1' })).toMatch(/^version:/);
    expect(detailOf({ ...table(), version: 0 })).toMatch(/^version:/);
  });

  it('refuses another room when one is asked for', () => {
    expect(parseStoredTable(table(), 'room-2')).toMatchObject({
      ok: false,
      error: { code: 'WRONG_ROOM' },
    });
    expect(parseStoredTable(table(), 'room-1').ok).toBe(true);
  });

  it('never throws on junk, cycles, proxies and getters that throw', () => {
    const cyclic = withField('settings', null) as Record<string, unknown>;
    cyclic.settings = cyclic;
    const cyclicList = structuredClone(table());
    const log = cyclicList.segments[0]!.log as unknown[];
    log.push(log);
    const { proxy: revoked, revoke } = Proxy.revocable({}, {});
    revoke();
    const trap = new Proxy(
      {},
      {
        get() {
          throw new Error('trap');
        },
      },
    );
    const throwing = structuredClone(table());
    Object.defineProperty(throwing.keys[1], 'secret', {
      get() {
        throw new Error('boom');
      },
    });
    const junk: unknown[] = [
      null,
      undefined,
      42,
      'table',
      [],
      [table()],
      () => table(),
      Symbol('t'),
      new Date(),
      new Map(),
      cyclic,
      cyclicList,
      revoked,
      trap,
      throwing,
    ];
    for (const value of junk) expect(parseStoredTable(value).ok).toBe(false);
    expect(detailOf(null)).toMatch(/^record:/);
    expect(detailOf(revoked)).toMatch(/^record:/);
    expect(detailOf(trap)).toMatch(/^version:/);
    expect(detailOf(throwing)).toBe('keys[1].secret: expected a readable value');
    expect(detailOf(cyclic)).toMatch(/^settings\./);
    expect(detailOf(cyclicList)).toMatch(/^segments\[0\]\.log\[2\]:/);
  });
});

describe('openTableStore', () => {
  const open: TableStore[] = [];

  async function store(): Promise<TableStore> {
    const result = await openTableStore();
    if (!result.ok) throw new Error(result.error.detail);
    open.push(result.value);
    return result.value;
  }

  /** The database as the browser holds it, bypassing the store's validation. */
  async function raw() {
    const db = await openDB('trainyard', DATABASE_VERSION);
    return {
      put: (record: unknown) => db.put('tables', record),
      get: (name: 'tables' | 'setAside', room: string) => db.get(name, room),
      close: () => db.close(),
    };
  }

  beforeEach(() => {
    vi.stubGlobal('indexedDB', new IDBFactory());
  });

  afterEach(() => {
    for (const s of open.splice(0)) s.close();
    vi.unstubAllGlobals();
  });

  it('saves, loads and lists a table', async () => {
    const s = await store();
    expect(await s.save(table())).toEqual({ ok: true, value: undefined });
    expect(await s.load('room-1')).toEqual({ ok: true, value: table() });
    expect(await s.list()).toEqual({
      ok: true,
      value: {
        tables: [
          {
            room: 'room-1',
            variant: 'mexican-train',
            round: 2,
            finished: false,
            savedAt: 1_700_000_000_000,
            name: 'Ada',
          },
        ],
        setAside: [],
      },
    });
  });

  it('overwrites a room with its newer save', async () => {
    const s = await store();
    await s.save(table());
    await s.save(table({ round: 3, savedAt: 1_700_000_000_001 }));
    expect(await s.load('room-1')).toMatchObject({ ok: true, value: { round: 3 } });
    expect(await s.list()).toMatchObject({ ok: true, value: { tables: [{ round: 3 }] } });
  });

  it('refuses to store a corrupt or foreign-version record', async () => {
    const s = await store();
    const corrupt = withField('keys[0].secret', 'short') as StoredTable;
    expect(await s.save(corrupt)).toMatchObject({
      ok: false,
      error: { code: 'CORRUPT', detail: expect.stringMatching(/^keys\[0\]\.secret:/) },
    });
    const later = { ...table(), version: 2 } as unknown as StoredTable;
    expect(await s.save(later)).toMatchObject({ ok: false, error: { code: 'WRONG_VERSION' } });
    expect(await s.save(null as unknown as StoredTable)).toMatchObject({
      ok: false,
      error: { code: 'CORRUPT' },
    });
    expect(await s.load('room-1')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('says NOT_FOUND for a room it never saw', async () => {
    const s = await store();
    expect(await s.load('nowhere')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    expect(await s.setAside('nowhere', 'x')).toMatchObject({
      ok: false,
      error: { code: 'NOT_FOUND' },
    });
  });

  it('sets a corrupt record aside on load, keeping it and the reason', async () => {
    const s = await store();
    const db = await raw();
    const record = withField('keys[1].signingSecret', b64(63));
    await db.put(record);
    const loaded = await s.load('room-1');
    expect(loaded).toMatchObject({ ok: false, error: { code: 'CORRUPT' } });
    expect(!loaded.ok && loaded.error.detail).toMatch(/^keys\[1\]\.signingSecret:/);
    expect(await db.get('tables', 'room-1')).toBeUndefined();
    expect(await db.get('setAside', 'room-1')).toMatchObject({
      room: 'room-1',
      reason: expect.stringMatching(/^CORRUPT: keys\[1\]\.signingSecret:/),
      record,
    });
    expect(await s.load('room-1')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const listed = await s.list();
    expect(listed.ok && listed.value.tables).toEqual([]);
    expect(listed.ok && listed.value.setAside).toEqual([
      {
        room: 'room-1',
        reason: expect.stringMatching(/^CORRUPT: keys\[1\]\.signingSecret:/),
        savedAt: 1_700_000_000_000,
        setAsideAt: expect.any(Number),
      },
    ]);
    db.close();
  });

  it('sets a record of another version aside on load', async () => {
    const s = await store();
    const db = await raw();
    await db.put({ room: 'old', version: 7 });
    expect(await s.load('old')).toMatchObject({ ok: false, error: { code: 'WRONG_VERSION' } });
    expect(await db.get('setAside', 'old')).toMatchObject({
      reason: 'WRONG_VERSION: version 7',
      record: { room: 'old', version: 7 },
    });
    db.close();
  });

  it('lists newest first and sets aside the corrupt records it meets', async () => {
    const s = await store();
    await s.save(table({ room: 'b', savedAt: 2000 }));
    await s.save(table({ room: 'a', savedAt: 3000, finished: true }));
    await s.save(table({ room: 'c', savedAt: 1000 }));
    await s.save(table({ room: 'd', savedAt: 2000 }));
    const db = await raw();
    await db.put({ room: 'junk', savedAt: 5000 });
    await db.put({ room: 'bad name', savedAt: 'yesterday' });
    const listed = await s.list();
    if (!listed.ok) throw new Error(listed.error.detail);
    expect(listed.value.tables.map((t) => [t.room, t.savedAt])).toEqual([
      ['a', 3000],
      ['b', 2000],
      ['d', 2000],
      ['c', 1000],
    ]);
    expect(listed.value.tables[0]!.finished).toBe(true);
    const aside = [...listed.value.setAside].sort((x, y) => x.room.localeCompare(y.room));
    expect(aside).toMatchObject([
      {
        room: 'bad name',
        reason: 'CORRUPT: version: expected an integer in 1…9007199254740991',
        savedAt: null,
      },
      { room: 'junk', savedAt: 5000 },
    ]);
    expect(await db.get('setAside', 'junk')).toMatchObject({ record: { room: 'junk' } });
    expect(await db.get('tables', 'junk')).toBeUndefined();
    db.close();
  });

  it('sets a table aside on request, with the reason', async () => {
    const s = await store();
    await s.save(table());
    expect(await s.setAside('room-1', 'BAD_CHAIN at entry 4')).toEqual({
      ok: true,
      value: undefined,
    });
    expect(await s.load('room-1')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const listed = await s.list();
    expect(listed.ok && listed.value).toMatchObject({
      tables: [],
      setAside: [{ room: 'room-1', reason: 'BAD_CHAIN at entry 4', savedAt: 1_700_000_000_000 }],
    });
    const db = await raw();
    expect(await db.get('setAside', 'room-1')).toMatchObject({ record: table() });
    db.close();
  });

  it('removes a table and what was set aside under its room', async () => {
    const s = await store();
    await s.save(table({ room: 'keep' }));
    await s.save(table());
    await s.setAside('room-1', 'failed verification');
    await s.save(table());
    expect(await s.remove('room-1')).toEqual({ ok: true, value: undefined });
    expect(await s.remove('never-there')).toEqual({ ok: true, value: undefined });
    expect(await s.load('room-1')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    const listed = await s.list();
    expect(listed.ok && listed.value.tables.map((t) => t.room)).toEqual(['keep']);
    expect(listed.ok && listed.value.setAside).toEqual([]);
  });

  it("lets a second store see the first one's writes", async () => {
    const first = await store();
    const second = await store();
    await first.save(table());
    expect(await second.load('room-1')).toEqual({ ok: true, value: table() });
    await second.remove('room-1');
    expect(await first.list()).toMatchObject({ ok: true, value: { tables: [] } });
  });

  it('keeps separate databases apart by name', async () => {
    const a = await openTableStore({ name: 'a' });
    const b = await openTableStore({ name: 'b' });
    if (!a.ok || !b.ok) throw new Error('open failed');
    open.push(a.value, b.value);
    await a.value.save(table());
    expect(await b.value.load('room-1')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });

  it('is STORAGE_UNAVAILABLE without IndexedDB or when the browser refuses it', async () => {
    vi.stubGlobal('indexedDB', undefined);
    expect(await openTableStore()).toMatchObject({
      ok: false,
      error: { code: 'STORAGE_UNAVAILABLE' },
    });
    vi.stubGlobal('indexedDB', {
      open() {
        throw new DOMException('The operation is insecure.', 'SecurityError');
      },
    });
    expect(await openTableStore()).toEqual({
      ok: false,
      error: { code: 'STORAGE_UNAVAILABLE', detail: 'SecurityError: The operation is insecure.' },
    });
  });

  it('turns IndexedDB failures into STORAGE_FAILED', async () => {
    const s = await store();
    s.close();
    for (const result of [
      await s.save(table()),
      await s.load('room-1'),
      await s.list(),
      await s.setAside('room-1', 'x'),
      await s.remove('room-1'),
    ]) {
      expect(result).toMatchObject({
        ok: false,
        error: { code: 'STORAGE_FAILED', detail: expect.stringMatching(/^InvalidStateError/) },
      });
    }
  });

  it('steps aside for a newer version of the app opened in another tab', async () => {
    const s = await store();
    await s.save(table());
    const newer = await openDB('trainyard', DATABASE_VERSION + 1);
    expect(await newer.get('tables', 'room-1')).toMatchObject({ room: 'room-1' });
    newer.close();
    expect(await s.load('room-1')).toMatchObject({
      ok: false,
      error: { code: 'STORAGE_FAILED' },
    });
  });
});
