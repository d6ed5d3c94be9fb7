// A proof worker of a table worker's pool (proof-pool.ts): sums of points, with the
// same accelerator as the table worker, so results are byte-identical. It runs the
// table worker's own script (table-worker.ts), so a page fetches one worker file;
// the page starts it and hands it a port to its table worker (proof-ports.ts).
/// <reference lib="webworker" />
import { accelerate } from '$lib/protocol';
import { answerChunk, type ChunkCall } from './proof-pool';

export function serveProofs(scope: DedicatedWorkerGlobalScope): void {
  const ready = accelerate();
  scope.onmessage = ({ data }: MessageEvent<{ port: MessagePort }>) => {
    const { port } = data;
    port.onmessage = (event: MessageEvent<ChunkCall>) => {
      void ready.then(() => port.postMessage(answerChunk(event.data)));
    };
  };
}
