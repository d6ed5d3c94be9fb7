// Opening a local table (solo, pass-and-play): on a page, in a Web Worker so
// dealing and bots never hold up a frame; elsewhere (Node, a worker) on this thread.
// The session itself is imported only off the page: a page must not load it twice.
import type { LocalTableSpec, TableClient } from './client';
import type { SessionResult } from '../errors';
import { openInWorker } from '../worker/remote-client';

function onPage(): boolean {
  return typeof document !== 'undefined' && typeof Worker !== 'undefined';
}

export async function startLocalTable(spec: LocalTableSpec): Promise<SessionResult<TableClient>> {
  if (!onPage() || spec.store !== undefined) return (await import('./client')).startTableHere(spec);
  const { store: _store, ...rest } = spec;
  return openInWorker({ start: rest });
}

export async function resumeLocalTable(room: string): Promise<SessionResult<TableClient>> {
  if (onPage()) return openInWorker({ resume: room });
  return (await import('./client')).resumeTableHere(room);
}
