// A few workers for the point work of the deck's proofs (protocol deck/work.ts):
// each step of a proof is split in as many parts as there are workers, and the
// parts' sums are added back, so a hop or a verdict is byte-identical to one
// computed by a single worker. The table worker holds the pool; the session only
// sees its Run (session/play/deck-work.ts).
import { driveSplit, evalChunk, type Chunk, type Run } from '$lib/protocol';

/** A chunk of work sent to a proof worker, and its sums coming back. */
export interface ChunkCall {
  readonly id: number;
  readonly chunk: Chunk;
}
export type ChunkAnswer =
  | { readonly id: number; readonly sums: Uint8Array[] }
  | { readonly id: number; readonly error: string };

/** What a proof worker does with one call (proof-worker.ts; tests call it directly). */
export function answerChunk(call: ChunkCall): ChunkAnswer {
  try {
    return { id: call.id, sums: evalChunk(call.chunk) };
  } catch (e) {
    return { id: call.id, error: e instanceof Error ? e.message : String(e) };
  }
}

/** Whether `sums` is `n` point encodings. */
function fits(sums: unknown, n: number): sums is Uint8Array[] {
  return (
    Array.isArray(sums) &&
    sums.length === n &&
    sums.every((x) => x instanceof Uint8Array && x.length === 32)
  );
}

/** The part of a Worker the pool uses. */
export interface ProofWorker {
  postMessage(call: ChunkCall): void;
  onmessage: ((event: MessageEvent<ChunkAnswer>) => void) | null;
  onerror: ((event: { readonly message: string }) => void) | null;
  terminate(): void;
}

/** One core left to the page, at most a phone's four workers, at least one. */
export function poolSize(cores: number | undefined): number {
  return Math.max(1, Math.min((cores ?? 2) - 1, 4));
}

export interface ProofPool {
  readonly size: number;
  readonly run: Run;
  close(): void;
}

/**
 * How long a proof worker may take over one part: a part is a few tens of
 * milliseconds of work, so one that has not answered after this is hung (or its
 * worker was killed) and is replaced; what it was given fails, and the session
 * checks or builds that hop in line.
 */
export const PART_TIMEOUT_MS = 15_000;

/**
 * `size` workers from `spawn`; with `here`, the thread that drives the proofs
 * computes one more part itself meanwhile (it only waits otherwise), so a step
 * splits in size + 1 parts.
 */
export function createProofPool(
  size: number,
  spawn: () => ProofWorker,
  here = false,
  timeoutMs = PART_TIMEOUT_MS,
): ProofPool {
  // Each call's worker and how many sums it owes: only that worker's answer, of
  // that many encodings, is taken (a short one would count its missing sums as
  // zero, and a zero sum passes a shuffle check); ids never repeat, so a stale
  // answer finds no call.
  const pending = new Map<
    number,
    {
      resolve: (s: Uint8Array[]) => void;
      reject: (e: Error) => void;
      worker: number;
      sums: number;
      timer: ReturnType<typeof setTimeout>;
    }
  >();
  /** Fails every call worker `w` was given. */
  const fail = (w: number, why: string): void => {
    for (const [id, p] of pending) {
      if (p.worker !== w) continue;
      clearTimeout(p.timer);
      pending.delete(id);
      p.reject(new Error(`proof worker: ${why}`));
    }
  };
  const start = (w: number): ProofWorker => {
    const worker = spawn();
    worker.onmessage = ({ data }) => {
      const p = pending.get(data.id);
      if (p?.worker !== w) return;
      clearTimeout(p.timer);
      pending.delete(data.id);
      if ('error' in data) p.reject(new Error(data.error));
      else if (fits(data.sums, p.sums)) p.resolve(data.sums);
      else p.reject(new Error('proof worker: an answer that does not fit its call'));
    };
    // A worker that fails fails what it was given; the session then works in line.
    worker.onerror = (event) => fail(w, event.message);
    return worker;
  };
  const workers = Array.from({ length: size }, (_, w) => start(w));
  const hung = (w: number): void => {
    fail(w, `no answer in ${timeoutMs} ms`);
    workers[w]!.terminate();
    workers[w] = start(w);
  };
  let nextId = 1;
  let turn = 0;
  const parts = here ? size + 1 : size;
  // The last part of each step is this thread's: the others are posted first.
  const compute = (chunk: Chunk, part: number): Promise<Uint8Array[]> => {
    if (part === size) return new Promise((resolve) => resolve(evalChunk(chunk)));
    return new Promise((resolve, reject) => {
      const id = nextId++;
      const w = turn++ % size;
      const timer = setTimeout(() => hung(w), timeoutMs);
      pending.set(id, { resolve, reject, worker: w, sums: chunk.length, timer });
      workers[w]!.postMessage({ id, chunk });
    });
  };
  return {
    size,
    run: (steps) => driveSplit(steps, parts, compute),
    close() {
      for (const w of workers) w.terminate();
      for (const p of pending.values()) {
        clearTimeout(p.timer);
        p.reject(new Error('the proof pool closed'));
      }
      pending.clear();
    },
  };
}
