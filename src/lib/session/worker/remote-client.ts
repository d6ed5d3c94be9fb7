// A TableClient whose session runs in a Web Worker (table-worker.ts): intents
// go over as calls, snapshots come back after every change. An online table's
// transport stays on the page (WebRTC lives there) and reaches the worker's
// session through a bridge. The page keeps nothing of the session but its last snapshot.
import type { Transport } from '$lib/net';
import type { LocalTableSpec, TableClient } from '../tables/client';
import { fail, type SessionResult } from '../errors';
import type { SessionSnapshot } from '../snapshot';
import { hostProofWorkers } from './proof-ports';
import { exposeTransport } from './transport-bridge';
import {
  CLIENT_CALLS,
  type ClientCall,
  type FromWorker,
  type OnlineOpen,
  type ToWorker,
} from './worker-calls';

type Pending = (result: SessionResult<unknown>) => void;

export type WorkerOpen =
  | { readonly start: Omit<LocalTableSpec, 'store'> }
  | { readonly resume: string }
  | {
      readonly online: OnlineOpen;
      readonly kind: 'host' | 'join' | 'rejoin';
      readonly transport: Transport;
    };

type Call = ToWorker extends infer T ? (T extends { id: number } ? Omit<T, 'id'> : never) : never;

/** A table worker, and how to end it with the proof workers the page started for it. */
interface TableWorker {
  readonly worker: Worker;
  end(): void;
}

function newWorker(): TableWorker {
  const worker = new Worker(new URL('./table-worker.ts', import.meta.url), { type: 'module' });
  const endProofs = hostProofWorkers(worker);
  return {
    worker,
    end() {
      endProofs();
      worker.terminate();
    },
  };
}

/** A table worker started ahead of need, for the next table this page opens. */
let spare: TableWorker | null = null;

/**
 * Starts the next table's worker now (the setup page, the lobby): its code, its
 * accelerator and its proof workers load while the table is set up, not after Start.
 */
export function prepareTableWorker(): void {
  if (spare || typeof Worker === 'undefined') return;
  const prepared = newWorker();
  prepared.worker.onerror = () => {
    if (spare !== prepared) return;
    spare = null;
    prepared.end();
  };
  spare = prepared;
}

/**
 * How long a table with no network to wait for (solo, pass-and-play) may take to
 * open: a deal takes seconds; a worker silent this long is dead.
 */
export const OPEN_TIMEOUT_MS = 40_000;

/**
 * Opens a table in a new worker (the one prepared, if any); settles once it is
 * open or refused, or for a local table after OPEN_TIMEOUT_MS with NO_ANSWER.
 */
export async function openInWorker(open: WorkerOpen): Promise<SessionResult<TableClient>> {
  const table = spare ?? newWorker();
  const { worker } = table;
  spare = null;
  const bridge =
    'online' in open ? exposeTransport(open.transport, (m) => worker.postMessage(m)) : null;
  const pending = new Map<number, Pending>();
  const listeners = new Set<(s: SessionSnapshot) => void>();
  let nextId = 1;
  let snapshot: SessionSnapshot | null = null;
  let firstSnapshot: () => void = () => {};
  const gotSnapshot = new Promise<void>((resolve) => (firstSnapshot = resolve));

  worker.onmessage = (event: MessageEvent<FromWorker>) => {
    const m = event.data;
    if ('bridge' in m) {
      bridge?.handle(m);
    } else if ('proofWorker' in m || 'proofEnd' in m) {
      // The proof workers' business (hostProofWorkers).
    } else if ('snapshot' in m) {
      snapshot = m.snapshot;
      firstSnapshot();
      for (const l of listeners) l(m.snapshot);
    } else {
      pending.get(m.id)?.(m.result);
      pending.delete(m.id);
    }
  };
  const call = (message: Call): Promise<SessionResult<unknown>> =>
    new Promise((resolve) => {
      const id = nextId++;
      pending.set(id, resolve);
      worker.postMessage({ ...message, id });
    });
  worker.onerror = (event) => {
    for (const resolve of pending.values()) resolve(fail('NOT_NOW', `worker: ${event.message}`));
    pending.clear();
  };
  const end = (): void => {
    bridge?.dispose();
    if ('online' in open) open.transport.close();
    table.end();
  };

  const opening = (async () => {
    const opened =
      'start' in open
        ? await call({ open: 'start', spec: open.start })
        : 'resume' in open
          ? await call({ open: 'resume', room: open.resume })
          : await call({ open: open.kind, online: open.online });
    if (opened.ok) await gotSnapshot;
    return opened;
  })();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const silent = new Promise<SessionResult<never>>((resolve) => {
    if ('online' in open) return;
    const why = `the table gave no answer in ${OPEN_TIMEOUT_MS / 1000} s and was stopped`;
    timer = setTimeout(() => resolve(fail('NO_ANSWER', why)), OPEN_TIMEOUT_MS);
  });
  const opened = await Promise.race([opening, silent]);
  clearTimeout(timer);
  if (!opened.ok) {
    end();
    return opened;
  }
  const { room, contact } = opened.value as { room: string; contact: string };
  // Each intent becomes a call; its answer is the session's, cloned.
  const intents = Object.fromEntries(
    CLIENT_CALLS.map((name: ClientCall) => [
      name,
      (...args: unknown[]) => call({ call: name, args }),
    ]),
  ) as Pick<TableClient, ClientCall>;
  const client: TableClient = {
    ...intents,
    room,
    contact,
    get snapshot() {
      return snapshot as SessionSnapshot;
    },
    subscribe(listener: (s: SessionSnapshot) => void) {
      listeners.add(listener);
      if (snapshot) listener(snapshot);
      return () => listeners.delete(listener);
    },
    close() {
      void call({ close: true }).then(end);
      listeners.clear();
    },
  };
  return { ok: true, value: client };
}
