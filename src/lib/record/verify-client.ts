// Verifying a record in a Web Worker (verify-worker.ts), so a long check leaves
// the page free to draw and answer input; progress comes back as it goes.
import type { VerifyProgress } from './verify';
import type { FromVerifyWorker, VerifyOutcome, VerifyRequest } from './verify-calls';

export interface VerifyJob {
  readonly outcome: Promise<VerifyOutcome>;
  /** Stops the worker; the outcome then never settles. */
  cancel(): void;
}

export function verifyInWorker(
  text: string,
  onProgress: (progress: VerifyProgress) => void,
): VerifyJob {
  const worker = new Worker(new URL('./verify-worker.ts', import.meta.url), { type: 'module' });
  const outcome = new Promise<VerifyOutcome>((resolve) => {
    worker.onmessage = (event: MessageEvent<FromVerifyWorker>) => {
      const m = event.data;
      if (m.kind === 'progress') return onProgress(m.progress);
      worker.terminate();
      resolve(m);
    };
    worker.onerror = (event) => {
      worker.terminate();
      resolve({ kind: 'failed', message: event.message || 'the verifier could not start' });
    };
  });
  const request: VerifyRequest = { text };
  worker.postMessage(request);
  return { outcome, cancel: () => worker.terminate() };
}
