// This browser's stored tables in IndexedDB (through idb): `tables` holds what
// resumes each table, `setAside` the records that failed validation, with the
// reason, kept for inspection instead of deleted, `games` the finished games
// (since version 3, by room and game: a rematch is a second game at one table;
// version 2 kept them in `history`, by room). Every failure is a StoreResult.
import { openDB, type DBSchema, type IDBPDatabase, type IDBPTransaction } from 'idb';
import {
  historyId,
  parseFinishedGame,
  parseStoredTable,
  type FinishedGame,
  type StoreError,
  type StoreResult,
  type StoredTable,
} from './stored-table';

export interface TableSummary {
  readonly room: string;
  readonly variant: string;
  readonly round: number;
  readonly finished: boolean;
  readonly savedAt: number;
  readonly name: string;
}

export interface SetAsideSummary {
  readonly room: string;
  readonly reason: string;
  /** The record's own savedAt, if it had a readable one. */
  readonly savedAt: number | null;
  /** When it was set aside (ms since the epoch). */
  readonly setAsideAt: number;
}

export interface TableList {
  /** Newest first. */
  readonly tables: readonly TableSummary[];
  /** Most recently set aside first. */
  readonly setAside: readonly SetAsideSummary[];
}

export interface TableStore {
  /** Validates first: a record that does not parse is refused, not stored. */
  save(table: StoredTable): Promise<StoreResult<void>>;
  /** A stored record that does not parse is set aside and its error returned. */
  load(room: string): Promise<StoreResult<StoredTable>>;
  /** Records that do not parse are set aside on the way. */
  list(): Promise<StoreResult<TableList>>;
  /** Moves the room's record out of `tables`, e.g. when it fails verification on resume. */
  setAside(room: string, reason: string): Promise<StoreResult<void>>;
  /** Forgets the room: its record and anything set aside under it. */
  remove(room: string): Promise<StoreResult<void>>;
  /**
   * Keeps a finished game in the history, once per game (a game already kept is
   * left as it was); the oldest go beyond MAX_HISTORY.
   */
  keepGame(game: FinishedGame): Promise<StoreResult<void>>;
  /** The finished games, newest first; a row that does not parse is skipped (and left alone). */
  games(): Promise<StoreResult<readonly FinishedGame[]>>;
  close(): void;
}

/** Finished games kept: each holds its record (tens of kB to a few MB). */
export const MAX_HISTORY = 50;

interface SetAsideRecord {
  readonly room: string;
  readonly reason: string;
  readonly at: number;
  readonly record: unknown;
}

interface Schema extends DBSchema {
  tables: { key: string; value: unknown };
  setAside: { key: string; value: SetAsideRecord };
  games: { key: string; value: unknown };
}

type Tx = IDBPTransaction<Schema, ('tables' | 'setAside')[], 'readwrite'>;

const DATABASE = 'trainyard';
/** 1: tables and setAside; 2: history (by room); 3: games (by room and game). */
export const DATABASE_VERSION = 3;

function fail(code: StoreError['code'], detail: string): { ok: false; error: StoreError } {
  return { ok: false, error: { code, detail } };
}

const OK: StoreResult<void> = { ok: true, value: undefined };

function messageOf(error: unknown): string {
  return error instanceof Error ? `${error.name}: ${error.message}` : 'unknown error';
}

function reasonOf(error: StoreError): string {
  return `${error.code}: ${error.detail}`;
}

export async function openTableStore(
  options: { readonly name?: string } = {},
): Promise<StoreResult<TableStore>> {
  if (typeof indexedDB === 'undefined') return fail('STORAGE_UNAVAILABLE', 'no IndexedDB here');
  try {
    const db: IDBPDatabase<Schema> = await openDB<Schema>(
      options.name ?? DATABASE,
      DATABASE_VERSION,
      {
        // Each step adds what its version brought; what is stored stays.
        async upgrade(database, oldVersion, _version, tx) {
          if (oldVersion < 1) {
            database.createObjectStore('tables', { keyPath: 'room' });
            database.createObjectStore('setAside', { keyPath: 'room' });
          }
          if (oldVersion >= 3) return;
          const games = database.createObjectStore('games');
          if (oldVersion < 2) return;
          // Version 2's history, keyed by room, moves over under each game's own key.
          const old = tx.objectStore('history' as 'games');
          const rows = await old.getAll();
          for (const [i, row] of rows.entries()) {
            const parsed = parseFinishedGame(row);
            await games.put(row, parsed.ok ? historyId(parsed.value) : `damaged.${i}`);
          }
          database.deleteObjectStore('history' as 'games');
        },
        // A newer version of the app in another tab must not wait on this one.
        blocking: () => db.close(),
      },
    );
    return { ok: true, value: tableStore(db) };
  } catch (error) {
    return fail('STORAGE_UNAVAILABLE', messageOf(error));
  }
}

function tableStore(db: IDBPDatabase<Schema>): TableStore {
  /** One readwrite transaction over both stores; any failure is STORAGE_FAILED. */
  async function transact<T>(work: (tx: Tx) => Promise<StoreResult<T>>): Promise<StoreResult<T>> {
    try {
      const tx = db.transaction(['tables', 'setAside'], 'readwrite');
      const [result] = await Promise.all([work(tx), tx.done]);
      return result;
    } catch (error) {
      return fail('STORAGE_FAILED', messageOf(error));
    }
  }

  async function moveAside(tx: Tx, room: string, record: unknown, reason: string) {
    await tx.objectStore('setAside').put({ room, reason, at: Date.now(), record });
    await tx.objectStore('tables').delete(room);
  }

  return {
    async save(table) {
      const parsed = parseStoredTable(table);
      if (!parsed.ok) return parsed;
      return transact(async (tx) => {
        await tx.objectStore('tables').put(parsed.value);
        return OK;
      });
    },

    load(room) {
      return transact(async (tx) => {
        const record = await tx.objectStore('tables').get(room);
        if (record === undefined) return fail('NOT_FOUND', `no stored table for room ${room}`);
        const parsed = parseStoredTable(record);
        if (!parsed.ok) await moveAside(tx, room, record, reasonOf(parsed.error));
        return parsed;
      });
    },

    list() {
      return transact(async (tx) => {
        const tables: TableSummary[] = [];
        let cursor = await tx.objectStore('tables').openCursor();
        while (cursor) {
          const parsed = parseStoredTable(cursor.value);
          if (parsed.ok) {
            const { room, variant, round, finished, savedAt, name } = parsed.value;
            tables.push({ room, variant, round, finished, savedAt, name });
          } else {
            await moveAside(tx, cursor.key, cursor.value, reasonOf(parsed.error));
          }
          cursor = await cursor.continue();
        }
        const setAside = (await tx.objectStore('setAside').getAll()).map(
          (entry): SetAsideSummary => {
            const { savedAt } = entry.record as { readonly savedAt?: unknown };
            return {
              room: entry.room,
              reason: entry.reason,
              savedAt: typeof savedAt === 'number' && Number.isFinite(savedAt) ? savedAt : null,
              setAsideAt: entry.at,
            };
          },
        );
        tables.sort((a, b) => b.savedAt - a.savedAt || a.room.localeCompare(b.room));
        setAside.sort((a, b) => b.setAsideAt - a.setAsideAt || a.room.localeCompare(b.room));
        return { ok: true, value: { tables, setAside } };
      });
    },

    setAside(room, reason) {
      return transact(async (tx) => {
        const record = await tx.objectStore('tables').get(room);
        if (record === undefined) return fail('NOT_FOUND', `no stored table for room ${room}`);
        await moveAside(tx, room, record, reason);
        return OK;
      });
    },

    remove(room) {
      return transact(async (tx) => {
        await Promise.all([
          tx.objectStore('tables').delete(room),
          tx.objectStore('setAside').delete(room),
        ]);
        return OK;
      });
    },

    async keepGame(game) {
      const parsed = parseFinishedGame(game);
      if (!parsed.ok) return parsed;
      try {
        const tx = db.transaction('games', 'readwrite');
        const history = tx.objectStore('games');
        const id = historyId(parsed.value);
        const work = async (): Promise<void> => {
          if ((await history.getKey(id)) !== undefined) return;
          await history.put(parsed.value, id);
          if ((await history.count()) <= MAX_HISTORY) return;
          const keys = await history.getAllKeys();
          const kept = (await history.getAll()).map((g, i) => ({
            key: keys[i] ?? '',
            at: parseFinishedGame(g).ok ? (g as FinishedGame).finishedAt : -1,
          }));
          kept.sort((a, b) => b.at - a.at);
          for (const old of kept.slice(MAX_HISTORY)) await history.delete(old.key);
        };
        await Promise.all([work(), tx.done]);
        return OK;
      } catch (error) {
        return fail('STORAGE_FAILED', messageOf(error));
      }
    },

    async games() {
      try {
        const rows = await db.getAll('games');
        const games = rows.flatMap((row) => {
          const parsed = parseFinishedGame(row);
          return parsed.ok ? [parsed.value] : [];
        });
        games.sort((a, b) => b.finishedAt - a.finishedAt || a.room.localeCompare(b.room));
        return { ok: true, value: games };
      } catch (error) {
        return fail('STORAGE_FAILED', messageOf(error));
      }
    },

    close() {
      db.close();
    },
  };
}
