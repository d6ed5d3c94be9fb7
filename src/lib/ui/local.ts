// Tables on this browser: the setup page starts one and hands its client to the
// table page; after a reload the table page continues it from storage.
import {
  resumeLocalTable,
  startLocalTable,
  type LocalTableSpec,
  type SessionResult,
  type TableClient,
} from '$lib/session';

const open = new Map<string, TableClient>();

export async function startTable(spec: LocalTableSpec): Promise<SessionResult<TableClient>> {
  const started = await startLocalTable(spec);
  if (started.ok) open.set(started.value.room, started.value);
  return started;
}

/** The table started on this page, or the stored one continued. */
export async function openTable(room: string): Promise<SessionResult<TableClient>> {
  const client = open.get(room);
  if (client) {
    open.delete(room);
    return { ok: true, value: client };
  }
  return resumeLocalTable(room);
}
