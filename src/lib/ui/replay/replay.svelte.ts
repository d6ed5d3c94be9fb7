// The replay page's state: a record file read, verified in a Web Worker (the
// page's thread stays free; progress comes back as it goes), then its rounds
// stepped through frame by frame.
import {
  MAX_RECORD_BYTES,
  tooLarge,
  verifyInWorker,
  type RecordError,
  type ReplayFrame,
  type Verdict,
  type VerifyJob,
  type VerifyProgress,
} from '$lib/record';

export type ReplayStatus = 'idle' | 'reading' | 'verifying' | 'done' | 'malformed' | 'failed';

export class ReplayState {
  status = $state<ReplayStatus>('idle');
  fileName = $state('');
  error = $state<RecordError | null>(null);
  /** Why verification stopped when the verifier itself failed (status 'failed'). */
  failure = $state('');
  progress = $state<VerifyProgress>({ done: 0, total: 0 });
  verdict = $state.raw<Verdict | null>(null);
  frames = $state.raw<readonly ReplayFrame[]>([]);
  /** Seat names by segment. */
  names = $state.raw<readonly (readonly string[])[]>([]);
  index = $state(0);
  #job: VerifyJob | null = null;
  #run = 0;

  readonly frame = $derived(this.frames[this.index] ?? null);

  async open(file: File): Promise<void> {
    const run = ++this.#run;
    this.#job?.cancel();
    this.#job = null;
    this.status = 'reading';
    this.fileName = file.name;
    this.error = null;
    this.failure = '';
    this.verdict = null;
    this.frames = [];
    this.names = [];
    this.index = 0;
    this.progress = { done: 0, total: 0 };
    if (file.size > MAX_RECORD_BYTES) {
      this.error = tooLarge();
      this.status = 'malformed';
      return;
    }
    let text: string;
    try {
      text = await file.text();
    } catch (e) {
      const message = e instanceof Error ? e.message : String(e);
      this.error = { code: 'UNREADABLE', path: '', message };
      this.status = 'malformed';
      return;
    }
    if (run !== this.#run) return;
    this.status = 'verifying';
    const job = verifyInWorker(text, (p) => {
      if (run === this.#run) this.progress = p;
    });
    this.#job = job;
    const outcome = await job.outcome;
    if (run !== this.#run) return;
    this.#job = null;
    if (outcome.kind === 'malformed') {
      this.error = outcome.error;
      this.status = 'malformed';
    } else if (outcome.kind === 'failed') {
      this.failure = outcome.message;
      this.status = 'failed';
    } else {
      const { verdict, frames, names } = outcome.verified;
      this.verdict = verdict;
      this.frames = frames;
      this.names = names;
      this.status = 'done';
    }
  }

  go(index: number): void {
    this.index = Math.max(0, Math.min(this.frames.length - 1, index));
  }

  /** The frame of a violation: the first one showing it. */
  frameOf(segment: number, round: number, seq: number | null, code: string): number {
    return this.frames.findIndex((f) =>
      f.findings.some(
        (v) => v.segment === segment && v.round === round && v.seq === seq && v.code === code,
      ),
    );
  }
}
