// The tables this browser holds, for the landing page's Continue list. Kept
// apart from the session so that a page listing tables loads only the store.
// The finished games too, for the history.
import { openTableStore, type TableList, type TableStore } from './store';
import type { FinishedGame, StoreResult } from './stored-table';

/** The tables this browser holds (newest first) and any set aside as damaged. */
export async function storedTables(store?: TableStore | null): Promise<StoreResult<TableList>> {
  const opened = store === undefined ? await openTableStore() : null;
  const s = store ?? (opened?.ok ? opened.value : null);
  if (!s) return { ok: false, error: { code: 'STORAGE_UNAVAILABLE', detail: 'no IndexedDB here' } };
  const list = await s.list();
  if (opened?.ok) opened.value.close();
  return list;
}

/** The finished games this browser keeps (newest first); damaged rows are skipped. */
export async function finishedGames(): Promise<StoreResult<readonly FinishedGame[]>> {
  const opened = await openTableStore();
  if (!opened.ok) return opened;
  const games = await opened.value.games();
  opened.value.close();
  return games;
}
