// Tables on this browser: the setup page (or the online lobby) starts one and
// hands its client to the table page; after a reload the table page continues
// it from storage — a local table on this browser, an online one by rejoining
// its room.
import { resolve } from '$app/paths';
import {
  openTableStore,
  resumeLocalTable,
  startLocalTable,
  type LocalTableSpec,
  type SessionResult,
  type TableClient,
} from '$lib/session';
import { netSettings } from './online/net-settings.svelte';
import { askPersistence } from './persistence';

const open = new Map<string, TableClient>();

/** The member id a local table is stored under (client.ts LOCAL_MEMBER). */
const LOCAL_DEVICE = 'local';

export async function startTable(spec: LocalTableSpec): Promise<SessionResult<TableClient>> {
  const started = await startLocalTable(spec);
  if (started.ok) {
    open.set(started.value.room, started.value);
    void askPersistence();
  }
  return started;
}

/** A table opened elsewhere on this page (the online lobby), for the table page to take. */
export function keepTable(client: TableClient): void {
  open.set(client.room, client);
  void askPersistence();
}

/** Whether the stored table of this room was played online (its device is a member id). */
async function storedOnline(room: string): Promise<boolean> {
  const store = await openTableStore();
  if (!store.ok) return false;
  const loaded = await store.value.load(room);
  store.value.close();
  return loaded.ok && loaded.value.device !== LOCAL_DEVICE;
}

/** The table started on this page, or the stored one continued (or rejoined, if online). */
export async function openTable(room: string): Promise<SessionResult<TableClient>> {
  const client = open.get(room);
  if (client) {
    open.delete(room);
    return { ok: true, value: client };
  }
  if (await storedOnline(room)) {
    const signalling = await netSettings(resolve('/')).signalling();
    // Loaded when needed: a local table's page has no use for the network code.
    const { rejoinOnlineTable } = await import('$lib/session/online-tables');
    return rejoinOnlineTable(room, signalling);
  }
  return resumeLocalTable(room);
}
