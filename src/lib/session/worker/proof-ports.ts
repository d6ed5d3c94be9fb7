// A table worker's proof workers, started by the page (a worker starting workers
// itself can hang in Firefox, see worker-calls.ts): the table worker asks for
// each, the page starts it and hands each side one end of a channel. The pool
// (proof-pool.ts) sees a ProofWorker as before.
import type { ChunkAnswer, ChunkCall, ProofWorker } from './proof-pool';
import { PROOF_WORKER_NAME, type ProofsDown, type ProofsUp } from './worker-calls';

/**
 * On the page: starts the proof workers `table` asks for, until the returned
 * function ends them all (with the table worker).
 */
export function hostProofWorkers(
  table: Worker,
  start: (url: string) => Worker = (url) =>
    new Worker(url, { type: 'module', name: PROOF_WORKER_NAME }),
): () => void {
  const started = new Map<number, Worker>();
  const down = (m: ProofsDown, transfer: Transferable[] = []) => table.postMessage(m, transfer);
  const listener = ({ data }: MessageEvent<ProofsUp | object>): void => {
    if ('proofEnd' in data) {
      started.get(data.proofEnd)?.terminate();
      started.delete(data.proofEnd);
    } else if ('proofWorker' in data) {
      const n = data.proofWorker;
      const proof = start(data.url);
      proof.onerror = (event) => down({ proofFailed: n, message: event.message });
      const { port1, port2 } = new MessageChannel();
      proof.postMessage({ port: port2 }, [port2]);
      down({ proofPort: n, port: port1 }, [port1]);
      started.set(n, proof);
    }
  };
  table.addEventListener('message', listener);
  return () => {
    table.removeEventListener('message', listener);
    for (const proof of started.values()) proof.terminate();
    started.clear();
  };
}

/**
 * In the table worker: proof workers asked of the page through `up` (with this
 * worker's script `url`); `handle` takes the page's answers.
 */
export function portedProofWorkers(
  url: string,
  up: (m: ProofsUp) => void,
): { spawn(): ProofWorker; handle(m: ProofsDown): void } {
  const live = new Map<number, PortedWorker>();
  let next = 1;
  return {
    spawn() {
      const n = next++;
      const worker = new PortedWorker(() => {
        live.delete(n);
        up({ proofEnd: n });
      });
      live.set(n, worker);
      up({ proofWorker: n, url });
      return worker;
    },
    handle(m) {
      if ('proofPort' in m) live.get(m.proofPort)?.connect(m.port);
      else live.get(m.proofFailed)?.onerror?.({ message: m.message });
    },
  };
}

/** A proof worker seen through its port; calls made before the port came wait for it. */
class PortedWorker implements ProofWorker {
  onmessage: ((event: MessageEvent<ChunkAnswer>) => void) | null = null;
  onerror: ((event: { readonly message: string }) => void) | null = null;
  #port: MessagePort | null = null;
  #queued: ChunkCall[] = [];
  readonly #end: () => void;

  constructor(end: () => void) {
    this.#end = end;
  }

  connect(port: MessagePort): void {
    this.#port = port;
    port.onmessage = (event: MessageEvent<ChunkAnswer>) => this.onmessage?.(event);
    for (const call of this.#queued) port.postMessage(call);
    this.#queued = [];
  }

  postMessage(call: ChunkCall): void {
    if (this.#port) this.#port.postMessage(call);
    else this.#queued.push(call);
  }

  terminate(): void {
    this.#port?.close();
    this.#queued = [];
    this.#end();
  }
}
