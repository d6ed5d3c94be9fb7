// What the replay page and its verification worker (verify-worker.ts) say to
// each other: the page sends a record file's text; the worker answers with
// progress as it goes, then the verdict and the replay — or why the file is
// not a record.
import type { RecordError } from './format';
import type { ReplayFrame } from './replay';
import type { Verdict, VerifyProgress } from './verify';

export interface VerifyRequest {
  readonly text: string;
}

/** A record verified: the verdict, the replay's frames and each segment's seat names. */
export interface Verified {
  readonly verdict: Verdict;
  readonly frames: readonly ReplayFrame[];
  readonly names: readonly (readonly string[])[];
}

export type VerifyOutcome =
  | { readonly kind: 'verified'; readonly verified: Verified }
  | { readonly kind: 'malformed'; readonly error: RecordError }
  /** The worker itself stopped (a bug or no memory left), not the record. */
  | { readonly kind: 'failed'; readonly message: string };

export type FromVerifyWorker =
  { readonly kind: 'progress'; readonly progress: VerifyProgress } | VerifyOutcome;
