// A proof worker of a table worker's pool (proof-pool.ts): sums of points, with the
// same accelerator as the table worker, so results are byte-identical. It runs the
// table worker's own script (table-worker.ts), so a page fetches one worker file.
/// <reference lib="webworker" />
import { accelerate } from '$lib/protocol';
import { answerChunk, type ChunkCall } from './proof-pool';

/** The name a table worker gives its proof workers. */
export const PROOF_WORKER_NAME = 'trainyard-proofs';

export function serveProofs(scope: DedicatedWorkerGlobalScope): void {
  const ready = accelerate();
  scope.onmessage = (event: MessageEvent<ChunkCall>) => {
    void ready.then(() => scope.postMessage(answerChunk(event.data)));
  };
}
