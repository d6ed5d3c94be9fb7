// The worker that runs a page's local table (solo, pass-and-play): the session,
// its deck arithmetic and its bots all run here, so the page's thread only draws.
// One table per worker.
/// <reference lib="webworker" />
import { accelerate } from '$lib/protocol';
import { resumeTableHere, startTableHere, type TableClient } from './client';
import { fail } from './errors';
import type { FromWorker, ToWorker } from './worker-calls';

const scope = self as unknown as DedicatedWorkerGlobalScope;
let client: TableClient | null = null;
const ready = accelerate();

function post(message: FromWorker): void {
  scope.postMessage(message);
}

async function handle(m: ToWorker): Promise<void> {
  await ready;
  if ('open' in m) {
    if (client) return post({ id: m.id, result: fail('NOT_NOW', 'this worker holds a table') });
    const opened =
      m.open === 'start' ? await startTableHere(m.spec) : await resumeTableHere(m.room);
    if (opened.ok) {
      client = opened.value;
      client.subscribe((snapshot) => post({ snapshot }));
    }
    return post({ id: m.id, result: opened.ok ? { ok: true, value: opened.value.room } : opened });
  }
  if ('close' in m) {
    client?.close();
    client = null;
    return post({ id: m.id, result: { ok: true, value: true } });
  }
  if (!client) return post({ id: m.id, result: fail('NOT_NOW', 'no table open') });
  const method = client[m.call] as (...args: readonly unknown[]) => Promise<unknown>;
  const result = (await method(...m.args)) as FromWorker & { id: number };
  post({ id: m.id, result: result as never });
}

scope.onmessage = (event: MessageEvent<ToWorker>) => {
  void handle(event.data);
};
