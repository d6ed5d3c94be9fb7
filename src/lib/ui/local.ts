// Tables on this browser: the setup page (or the online lobby) starts one and
// hands its client to the table page; after a reload the table page continues
// it from storage — a local table on this browser, an online one by rejoining
// its room (a no-server one by pairing back in with a player still at it).
import { resolve } from '$app/paths';
import {
  isPairedRoom,
  openTableStore,
  resumeLocalTable,
  startLocalTable,
  type LocalTableSpec,
  type PairedTable,
  type ReturningTable,
  type SessionResult,
  type TableClient,
} from '$lib/session';
import { askPersistence } from './persistence';

/** A table for the table page: its client, and for a no-server table its pairing. */
export interface OpenTable {
  readonly client: TableClient;
  /** Brings players (back) in; a ReturningTable while this page must be paired back in itself. */
  readonly pairing: PairedTable | ReturningTable | null;
}

const open = new Map<string, OpenTable>();

/** The member id a local table is stored under (client.ts LOCAL_MEMBER). */
const LOCAL_DEVICE = 'local';

export async function startTable(spec: LocalTableSpec): Promise<SessionResult<TableClient>> {
  const started = await startLocalTable(spec);
  if (started.ok) {
    open.set(started.value.room, { client: started.value, pairing: null });
    void askPersistence();
  }
  return started;
}

/** A table opened elsewhere on this page (the online lobby), for the table page to take. */
export function keepTable(client: TableClient, pairing: PairedTable | null = null): void {
  open.set(client.room, { client, pairing });
  void askPersistence();
}

/** Whether this browser stores a table of this room that was played online (its device is a member id). */
export async function storesOnlineTable(room: string): Promise<boolean> {
  const store = await openTableStore();
  if (!store.ok) return false;
  const loaded = await store.value.load(room);
  store.value.close();
  return loaded.ok && loaded.value.device !== LOCAL_DEVICE;
}

/** The table started on this page, or the stored one continued (or rejoined, if online). */
export async function openTable(room: string): Promise<SessionResult<OpenTable>> {
  const kept = open.get(room);
  if (kept) {
    open.delete(room);
    return { ok: true, value: kept };
  }
  if (await storesOnlineTable(room)) {
    // Loaded when needed, like the network code below: the signalling settings.
    const { netSettings } = await import('./online/net-settings.svelte');
    const signalling = await netSettings(resolve('/')).signalling();
    if (isPairedRoom(room)) {
      // Loaded when needed, like the signalling code below.
      const { resumePairedTable } = await import('$lib/session/tables/paired-tables');
      const resumed = await resumePairedTable(room, { iceServers: signalling.iceServers ?? [] });
      return resumed.ok
        ? { ok: true, value: { client: resumed.value.client, pairing: resumed.value } }
        : resumed;
    }
    // Loaded when needed: a local table's page has no use for the network code.
    const { rejoinOnlineTable } = await import('$lib/session/tables/online-tables');
    return withoutPairing(await rejoinOnlineTable(room, signalling));
  }
  return withoutPairing(await resumeLocalTable(room));
}

function withoutPairing(r: SessionResult<TableClient>): SessionResult<OpenTable> {
  return r.ok ? { ok: true, value: { client: r.value, pairing: null } } : r;
}
