// One proof worker of the table worker's pool (proof-pool.ts): sums of points,
// with the same accelerator as the table worker, so results are byte-identical.
/// <reference lib="webworker" />
import { accelerate } from '$lib/protocol';
import { answerChunk, type ChunkCall } from './proof-pool';

const scope = self as unknown as DedicatedWorkerGlobalScope;
const ready = accelerate();

scope.onmessage = (event: MessageEvent<ChunkCall>) => {
  void ready.then(() => scope.postMessage(answerChunk(event.data)));
};
