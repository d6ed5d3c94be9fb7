// The worker that verifies a record for the replay page: parsing, every
// signature and proof, the audits and the replay's frames all run here, so the
// page's thread only draws. One record per worker; progress after every slice.
/// <reference lib="webworker" />
import { accelerate } from '$lib/protocol';
import { parseRecord, seatNames } from './format';
import { replayFrames } from './replay';
import { RecordVerifier } from './verify';
import type { FromVerifyWorker, VerifyRequest } from './verify-calls';

/** How long a slice runs before the page hears how far it got. */
const SLICE_MS = 50;

// This module runs in a dedicated worker: its global is the worker's scope.
declare const self: DedicatedWorkerGlobalScope;
const scope = self;
const ready = accelerate();

function post(message: FromVerifyWorker): void {
  scope.postMessage(message);
}

scope.onmessage = async (event: MessageEvent<VerifyRequest>) => {
  const parsed = parseRecord(event.data.text);
  if (!parsed.ok) return post({ kind: 'malformed', error: parsed.error });
  await ready;
  const verifier = new RecordVerifier(parsed.value);
  post({ kind: 'progress', progress: verifier.progress });
  for (;;) {
    const until = performance.now() + SLICE_MS;
    let done = false;
    while (!done && performance.now() < until) done = verifier.run(1);
    post({ kind: 'progress', progress: verifier.progress });
    if (done) break;
  }
  const verdict = verifier.verdict();
  const frames = replayFrames(verifier.traces);
  post({ kind: 'verified', verified: { verdict, frames, names: seatNames(parsed.value) } });
};
