// A TableClient whose session runs in a Web Worker (table-worker.ts): intents
// go over as calls, snapshots come back after every change. The page keeps no
// session state of its own beyond the last snapshot.
import { fail, type SessionResult } from './errors';
import type { LocalTableSpec, TableClient } from './client';
import type { SessionSnapshot } from './snapshot';
import { CLIENT_CALLS, type ClientCall, type FromWorker, type ToWorker } from './worker-calls';

type Pending = (result: SessionResult<unknown>) => void;

/** Opens a local table in a new worker; the promise settles once it is dealt or refused. */
export async function openInWorker(
  open: { readonly start: Omit<LocalTableSpec, 'store'> } | { readonly resume: string },
): Promise<SessionResult<TableClient>> {
  const worker = new Worker(new URL('./table-worker.ts', import.meta.url), { type: 'module' });
  const pending = new Map<number, Pending>();
  const listeners = new Set<(s: SessionSnapshot) => void>();
  let nextId = 1;
  let snapshot: SessionSnapshot | null = null;
  let firstSnapshot: () => void = () => {};
  const gotSnapshot = new Promise<void>((resolve) => (firstSnapshot = resolve));

  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    const m = event.data;
    if ('snapshot' in m) {
      snapshot = m.snapshot;
      firstSnapshot();
      for (const l of listeners) l(m.snapshot);
      return;
    }
    pending.get(m.id)?.(m.result);
    pending.delete(m.id);
  };
  const call = (message: Omit<ToWorker, 'id'>): Promise<SessionResult<unknown>> =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      worker.postMessage({ ...message, id } as ToWorker);
    });
  worker.onerror = (event) => {
    for (const resolve of pending.values()) resolve(fail('NOT_NOW', `worker: ${event.message}`));
    pending.clear();
  };

  const opened =
    'start' in open
      ? await call({ open: 'start', spec: open.start })
      : await call({ open: 'resume', room: open.resume });
  if (!opened.ok) {
    worker.terminate();
    return opened;
  }
  await gotSnapshot;
  const room = opened.value as string;
  const intents = Object.fromEntries(
    CLIENT_CALLS.map((name: ClientCall) => [
      name,
      (...args: unknown[]) => call({ call: name, args }),
    ]),
  );
  const client = {
    ...intents,
    room,
    get snapshot() {
      return snapshot as SessionSnapshot;
    },
    subscribe(listener: (s: SessionSnapshot) => void) {
      listeners.add(listener);
      if (snapshot) listener(snapshot);
      return () => listeners.delete(listener);
    },
    close() {
      void call({ close: true }).then(() => worker.terminate());
      listeners.clear();
    },
  };
  return { ok: true, value: client as unknown as TableClient };
}
