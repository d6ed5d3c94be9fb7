// Game history (issue 23): finished games are kept in this browser's store, in a
// `history` object store added by a version upgrade that keeps the tables already
// stored; a damaged row is skipped, not fatal; a game played to its end is kept
// once, with the players, totals, winners and a record that verifies.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { openDB } from 'idb';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pause } from './harness';
import { parseRecord, recordOf, recordText, verifyRecord } from '../../src/lib/record';
import { startTableHere } from '../../src/lib/session/tables/client';
import {
  DATABASE_VERSION,
  MAX_HISTORY,
  openTableStore,
  type TableStore,
} from '../../src/lib/session/store/store';
import {
  STORED_TABLE_VERSION,
  historyId,
  type FinishedGame,
  type StoredTable,
} from '../../src/lib/session/store/stored-table';

const b64 = (bytes: number, fill = 7): string =>
  Buffer.from(new Uint8Array(bytes).fill(fill)).toString('base64url');

const SEGMENT = {
  setup: '{"variant":"railominos"}',
  game: 'game-1',
  agreements: [{ seat: 0, sig: b64(64, 1) }],
  log: ['{"seq":0}'],
};

function game(room: string, finishedAt: number, over: Partial<FinishedGame> = {}): FinishedGame {
  return {
    room,
    finishedAt,
    variant: 'railominos',
    players: [
      { name: 'Ada', bot: null, me: true, total: 3 },
      { name: 'Casey', bot: 'easy', me: false, total: 11 },
    ],
    winners: [0],
    segments: [SEGMENT],
    ...over,
  };
}

const open: TableStore[] = [];

async function store(): Promise<TableStore> {
  const result = await openTableStore();
  if (!result.ok) throw new Error(result.error.detail);
  open.push(result.value);
  return result.value;
}

beforeEach(() => {
  vi.stubGlobal('indexedDB', new IDBFactory());
});

afterEach(() => {
  for (const s of open.splice(0)) s.close();
  vi.unstubAllGlobals();
});

describe('the history store', () => {
  it('the upgrade from version 1 keeps the tables already stored', async () => {
    const table: StoredTable = {
      version: STORED_TABLE_VERSION,
      room: 'room-1',
      savedAt: 1_700_000_000_000,
      device: 'local',
      name: 'Ada',
      variant: 'railominos',
      round: 1,
      finished: false,
      segments: [SEGMENT],
      keys: [],
      settings: {},
    };
    const v1 = await openDB('trainyard', 1, {
      upgrade(db) {
        db.createObjectStore('tables', { keyPath: 'room' });
        db.createObjectStore('setAside', { keyPath: 'room' });
      },
    });
    await v1.put('tables', table);
    await v1.put('setAside', { room: 'old', reason: 'x', at: 1, record: {} });
    v1.close();

    const s = await store();
    expect(DATABASE_VERSION).toBe(3);
    expect(await s.load('room-1')).toEqual({ ok: true, value: table });
    const listed = await s.list();
    expect(listed.ok && listed.value.setAside.map((x) => x.room)).toEqual(['old']);
    expect(await s.games()).toEqual({ ok: true, value: [] });
  });

  it('the upgrade from version 2 keeps the games, each under its own key', async () => {
    const v2 = await openDB('trainyard', 2, {
      upgrade(db) {
        db.createObjectStore('tables', { keyPath: 'room' });
        db.createObjectStore('setAside', { keyPath: 'room' });
        db.createObjectStore('history', { keyPath: 'room' });
      },
    });
    await v2.put('history', game('a', 1000));
    await v2.put('history', { room: 'junk', players: 'everyone' });
    v2.close();
    const s = await store();
    const games = await s.games();
    expect(games.ok && games.value.map((g) => g.room)).toEqual(['a']);
    // Kept under its game: the same game again changes nothing, a rematch's is a row of its own.
    await s.keepGame(game('a', 5000));
    const rematch = { ...SEGMENT, game: 'game-2' };
    await s.keepGame(game('a', 7000, { segments: [rematch], winners: [1] }));
    const after = await s.games();
    expect(after.ok && after.value.map((g) => [g.room, g.finishedAt])).toEqual([
      ['a', 7000],
      ['a', 1000],
    ]);
    expect(after.ok && after.value.map(historyId)).toEqual(['a.game-2', 'a.game-1']);
  });

  it('keeps finished games newest first, each game once', async () => {
    const s = await store();
    expect(await s.keepGame(game('a', 1000))).toEqual({ ok: true, value: undefined });
    await s.keepGame(game('b', 3000));
    await s.keepGame(game('c', 2000));
    // The same table again (a reload of its finished page): the first entry stays.
    await s.keepGame(game('a', 9000, { winners: [1] }));
    const games = await s.games();
    expect(games.ok && games.value.map((g) => [g.room, g.finishedAt, g.winners])).toEqual([
      ['b', 3000, [0]],
      ['c', 2000, [0]],
      ['a', 1000, [0]],
    ]);
  });

  it('refuses a game that does not parse, and stores nothing', async () => {
    const s = await store();
    const bad = game('x', 1, { winners: [5] });
    expect(await s.keepGame(bad)).toMatchObject({
      ok: false,
      error: { code: 'CORRUPT', detail: 'winners[0]: expected a seat of the game' },
    });
    expect(await s.games()).toEqual({ ok: true, value: [] });
  });

  it('skips a damaged row without failing, and lists the others', async () => {
    const s = await store();
    await s.keepGame(game('good', 5));
    const raw = await openDB('trainyard', DATABASE_VERSION);
    await raw.put('games', { room: 'junk', players: 'everyone', finishedAt: 'yesterday' }, 'j');
    await raw.put('games', { ...game('half', 7), segments: [{ setup: 1 }] }, 'h');
    await raw.put('games', { ...game('chess', 8), variant: 'chess' }, 'c');
    await raw.put('games', game('nan', Number.NaN), 'n');
    raw.close();
    const games = await s.games();
    expect(games.ok && games.value.map((g) => g.room)).toEqual(['good']);
  });

  it(`keeps the newest ${MAX_HISTORY}`, async () => {
    const s = await store();
    for (let i = 0; i < MAX_HISTORY + 3; i++) await s.keepGame(game(`g${i}`, 100 + i));
    const games = await s.games();
    expect(games.ok && games.value.length).toBe(MAX_HISTORY);
    expect(games.ok && games.value.at(-1)?.room).toBe('g3');
  });
});

describe('a solo game played to its end', () => {
  it('is kept once, with players, totals, the winner and a record that verifies', async () => {
    const s = await store();
    const started = await startTableHere({
      variant: 'railominos',
      options: { rounds: 1 },
      seats: [
        { kind: 'person', name: 'Ada' },
        { kind: 'bot', level: 'easy', name: 'Casey' },
      ],
      store: s,
    });
    if (!started.ok) throw new Error(started.error.detail);
    const client = started.value;
    expect(await s.games()).toEqual({ ok: true, value: [] });
    await client.setAutoplay(0, 'easy');
    const end = Date.now() + 60_000;
    while (!client.snapshot.table?.gameOver) {
      if (Date.now() > end) throw new Error('the game did not end');
      await pause(20);
    }
    const view = client.snapshot.table.view;
    client.close();
    await pause(100);
    const games = await s.games();
    if (!games.ok) throw new Error(games.error.detail);
    expect(games.value).toHaveLength(1);
    const kept = games.value[0]!;
    expect(kept).toMatchObject({
      room: client.room,
      variant: 'railominos',
      players: [
        { name: 'Ada', bot: null, me: true, total: view.scores[0] },
        { name: 'Casey', bot: 'easy', me: false, total: view.scores[1] },
      ],
      winners: view.winners,
    });
    const parsed = parseRecord(recordText(recordOf(kept.segments, kept.room)));
    if (!parsed.ok) throw new Error(parsed.error.message);
    expect(verifyRecord(parsed.value)).toMatchObject({ fair: true });
  }, 90_000);
});
