// Opening a local table (solo, pass-and-play): on a page, in a Web Worker so
// dealing and bots never hold up a frame; elsewhere (Node, a worker) on this thread.
import { resumeTableHere, startTableHere, type LocalTableSpec, type TableClient } from './client';
import type { SessionResult } from './errors';
import { openInWorker } from './remote-client';

function onPage(): boolean {
  return typeof document !== 'undefined' && typeof Worker !== 'undefined';
}

export function startLocalTable(spec: LocalTableSpec): Promise<SessionResult<TableClient>> {
  if (!onPage() || spec.store !== undefined) return startTableHere(spec);
  const { store: _store, ...rest } = spec;
  return openInWorker({ start: rest });
}

export function resumeLocalTable(room: string): Promise<SessionResult<TableClient>> {
  return onPage() ? openInWorker({ resume: room }) : resumeTableHere(room);
}
