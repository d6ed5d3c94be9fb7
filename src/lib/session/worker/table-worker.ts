// The worker that runs a page's table: the session, its deck arithmetic and its
// bots all run here (the proofs' point work on a pool of workers the page starts for it), so
// the page's thread only draws. A local table (solo,
// pass-and-play) has its own in-memory network; an online one uses the page's
// transport through a bridge. One table per worker.
/// <reference lib="webworker" />
import { accelerate } from '$lib/protocol';
import {
  hostOnlineHere,
  joinOnlineHere,
  resumeOnlineHere,
  resumeTableHere,
  startTableHere,
  type TableClient,
} from '../tables/client';
import { fail, type SessionResult } from '../errors';
import { useDeckWorkers } from '../play/deck-work';
import { createProofPool, poolSize } from './proof-pool';
import { portedProofWorkers } from './proof-ports';
import { serveProofs } from './proof-worker';
import { BridgedTransport } from './transport-bridge';
import {
  PROOF_WORKER_NAME,
  type FromWorker,
  type OnlineOpen,
  type ProofsDown,
  type ToWorker,
} from './worker-calls';

// This module runs in a dedicated worker: its global is the worker's scope.
declare const self: DedicatedWorkerGlobalScope;
const scope = self;
let client: TableClient | null = null;
let bridge: BridgedTransport | null = null;
/** Link events from the page that came before the session opened (a peer linking first). */
let early: Extract<ToWorker, { bridge: string }>[] = [];
let ready: Promise<unknown> = Promise.resolve();

function post(message: FromWorker): void {
  scope.postMessage(message);
}

function openOnline(
  kind: 'host' | 'join' | 'rejoin',
  o: OnlineOpen,
): Promise<SessionResult<TableClient>> {
  bridge = new BridgedTransport(o.peer, o.links, post);
  for (const m of early) bridge.handle(m);
  early = [];
  const spec = {
    transport: bridge,
    room: o.room,
    member: o.member,
    name: o.name,
    ...(o.person ? { person: o.person } : {}),
  };
  if (kind === 'host') return hostOnlineHere({ ...spec, ...(o.draft ? { draft: o.draft } : {}) });
  if (kind === 'rejoin') return resumeOnlineHere(spec);
  if (!o.contact) return Promise.resolve(fail('NOT_NOW', 'no one to join'));
  return joinOnlineHere({ ...spec, contact: o.contact });
}

function open(m: Extract<ToWorker, { open: string }>): Promise<SessionResult<TableClient>> {
  switch (m.open) {
    case 'start':
      return startTableHere(m.spec);
    case 'resume':
      return resumeTableHere(m.room);
    default:
      return openOnline(m.open, m.online);
  }
}

async function handle(m: Exclude<ToWorker, ProofsDown>): Promise<void> {
  if ('bridge' in m) {
    if (bridge) bridge.handle(m);
    else early.push(m);
    return;
  }
  await ready;
  if ('open' in m) {
    if (client) return post({ id: m.id, result: fail('NOT_NOW', 'this worker holds a table') });
    const opened = await open(m);
    if (!opened.ok) return post({ id: m.id, result: opened });
    client = opened.value;
    client.subscribe((snapshot) => post({ snapshot }));
    const value = { room: client.room, contact: client.contact };
    return post({ id: m.id, result: { ok: true, value } });
  }
  if ('close' in m) {
    client?.close();
    client = null;
    return post({ id: m.id, result: { ok: true, value: true } });
  }
  if (!client) return post({ id: m.id, result: fail('NOT_NOW', 'no table open') });
  const method = client[m.call] as (...args: readonly unknown[]) => Promise<SessionResult<unknown>>;
  post({ id: m.id, result: await method(...m.args) });
}

function serveTable(): void {
  ready = accelerate();
  // The deck's proofs split across a few workers of their own and this one, asked
  // of the page now so they are ready (their accelerator loaded) by the deal. They
  // run this very script (the browser has it already), named as proof workers.
  const ported = portedProofWorkers(scope.location.href, post);
  const proofs = createProofPool(poolSize(navigator.hardwareConcurrency), ported.spawn, true);
  useDeckWorkers(proofs.run);
  scope.onmessage = ({ data }: MessageEvent<ToWorker>) => {
    if ('proofPort' in data || 'proofFailed' in data) ported.handle(data);
    else void handle(data);
  };
}

if (scope.name === PROOF_WORKER_NAME) serveProofs(scope);
else serveTable();
