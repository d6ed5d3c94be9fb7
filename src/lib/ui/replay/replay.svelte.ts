// The replay page's state: a record file read, verified in slices (the verifier
// is synchronous, so the page yields between slices and shows progress), then
// its rounds stepped through frame by frame.
import {
  parseRecord,
  RecordVerifier,
  replayFrames,
  type RecordError,
  type ReplayFrame,
  type Verdict,
  type VerifyProgress,
} from '$lib/record';

export type ReplayStatus = 'idle' | 'reading' | 'verifying' | 'done' | 'malformed';

/** How long one slice of verification may hold the page. */
const SLICE_MS = 30;

const yieldToPage = () => new Promise<void>((r) => setTimeout(r, 0));

export class ReplayState {
  status = $state<ReplayStatus>('idle');
  fileName = $state('');
  error = $state<RecordError | null>(null);
  progress = $state<VerifyProgress>({ done: 0, total: 0 });
  verdict = $state.raw<Verdict | null>(null);
  frames = $state.raw<readonly ReplayFrame[]>([]);
  /** Seat names by segment. */
  names = $state.raw<readonly (readonly string[])[]>([]);
  index = $state(0);
  #run = 0;

  readonly frame = $derived(this.frames[this.index] ?? null);

  async open(file: File): Promise<void> {
    const run = ++this.#run;
    this.status = 'reading';
    this.fileName = file.name;
    this.error = null;
    this.verdict = null;
    this.frames = [];
    this.index = 0;
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
    await this.verify(text, run);
  }

  async verify(text: string, run = ++this.#run): Promise<void> {
    const parsed = parseRecord(text);
    if (!parsed.ok) {
      this.error = parsed.error;
      this.status = 'malformed';
      return;
    }
    this.status = 'verifying';
    const verifier = new RecordVerifier(parsed.value);
    this.progress = verifier.progress;
    for (;;) {
      const until = performance.now() + SLICE_MS;
      let done = false;
      while (!done && performance.now() < until) done = verifier.run(1);
      this.progress = verifier.progress;
      if (done) break;
      await yieldToPage();
      if (run !== this.#run) return;
    }
    this.verdict = verifier.verdict();
    await yieldToPage();
    if (run !== this.#run) return;
    this.frames = replayFrames(verifier.traces);
    this.names = parsed.value.segments.map((s) => {
      try {
        const setup = JSON.parse(s.setup) as { seats?: { name?: unknown }[] };
        return (setup.seats ?? []).map((x, i) =>
          typeof x.name === 'string' ? x.name : `Seat ${i + 1}`,
        );
      } catch {
        return [];
      }
    });
    this.index = 0;
    this.status = 'done';
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
