// The critical path of a deal, from each step's measured time along the
// dependency chain. Every proof's point work is timed in CHUNKS equal parts
// (work.ts splits it, as workers would run it), so the time of a build or a
// check on w workers is its serial part plus, per step, the slowest of w groups of
// chunks. Whatever is not point work (hashing, decoding, the reducer, signing)
// stays serial. Sending chunks to workers and their partial sums back is counted
// as their structured clone, all of it serial, whenever more than one worker is
// used; a message's latency and worker start-up are not modelled.
import { evalChunk, joinChunks, splitWork, type Evaluate } from '../src/lib/protocol/deck/work';

/** Divisible by every worker count modelled (1, 2, 3, 4, 6). */
export const CHUNKS = 12;

/**
 * One timed piece of work: its total time, the chunk times of each step of point
 * work, and the time to clone every chunk and its result (messaging to workers).
 */
export interface Timed {
  readonly ms: number;
  readonly steps: readonly (readonly number[])[];
  readonly cloneMs?: number;
}

/** A proof evaluator (work.ts) that times each chunk with `now`, and the cloning apart. */
export function chunkTimer(now: () => number): {
  evaluate: Evaluate;
  steps: number[][];
  clone: { ms: number };
} {
  const steps: number[][] = [];
  const clone = { ms: 0 };
  const evaluate: Evaluate = (work) => {
    const chunks = splitWork(work, CHUNKS);
    const times: number[] = [];
    const partials = chunks.map((chunk) => {
      const start = now();
      const partial = evalChunk(chunk);
      const done = now();
      structuredClone(chunk);
      structuredClone(partial);
      clone.ms += now() - done;
      times.push(done - start);
      return partial;
    });
    steps.push(times);
    return joinChunks(work, chunks, partials);
  };
  return { evaluate, steps, clone };
}

/** The time of `t` on `workers` workers (1…CHUNKS, dividing CHUNKS). */
export function onWorkers(t: Timed, workers: number): number {
  const per = CHUNKS / workers;
  if (!Number.isInteger(per) || per < 1)
    throw new Error(`${workers} workers do not divide ${CHUNKS}`);
  const cloned = t.cloneMs ?? 0;
  let serial = t.ms - cloned;
  let split = workers > 1 ? cloned : 0;
  for (const chunks of t.steps) {
    serial -= chunks.reduce((a, x) => a + x, 0);
    let slowest = 0;
    for (let g = 0; g < workers; g++) {
      slowest = Math.max(
        slowest,
        chunks.slice(g * per, (g + 1) * per).reduce((a, x) => a + x, 0),
      );
    }
    split += slowest;
  }
  return Math.max(0, serial) + split;
}

/** Its serial part: what no worker count shortens. */
function serialOf(t: Timed): number {
  return Math.max(0, t.ms - (t.cloneMs ?? 0) - t.steps.flat().reduce((a, x) => a + x, 0));
}

/** One entry of the deal: its author's build (with signing) and each peer's check and apply. */
export interface DealEntry {
  readonly kind: string;
  readonly seat: number;
  readonly build: Timed;
  readonly apply: readonly Timed[];
}

const hopKinds = new Set(['shuffle-hop', 'lock-hop']);

/**
 * The deal's critical path. `pipelined`: a seat builds its hop on the deck it
 * received while the check of that deck runs beside it on the other workers
 * (the best split of its workers between the two), releasing its hop when both
 * are done; its first hop is built while the seed commitments are exchanged.
 * Otherwise each seat checks, then builds, each on all its workers in turn.
 * Every seat checks every hop: those it does not build on in the background, in
 * order, as they come (a seat's workers are otherwise idle until its turn); a
 * seat starts its turn only once that backlog is done, so the background checks
 * are off the chain only when they keep up. Everyone has checked the last lock
 * before the key shares, which are built and checked at the end (each peer
 * applies the others' in turn).
 */
export function dealChain(
  entries: readonly DealEntry[],
  workers: number,
  pipelined: boolean,
): number {
  const hops = entries.filter((e) => hopKinds.has(e.kind));
  const rest = entries.filter(
    (e) => !hopKinds.has(e.kind) && e.kind !== 'seed-commit' && e.kind !== 'key-share',
  );
  if (rest.length > 0)
    throw new Error(`unmodelled deal entries: ${rest.map((e) => e.kind).join(', ')}`);
  const commits = exchange(entries, 'seed-commit');
  const first = hops[0]!;
  let at = pipelined
    ? Math.max(commits, onWorkers(first.build, workers))
    : commits + onWorkers(first.build, workers);
  // when each seat has checked every hop released so far
  const checked = first.apply.map(() => at);
  const background = (hop: DealEntry, except: number) => {
    hop.apply.forEach((t, k) => {
      if (k === hop.seat) checked[k] = Math.max(checked[k]!, at);
      else if (k !== except) checked[k] = Math.max(checked[k]!, at) + onWorkers(t, workers);
    });
  };
  for (let h = 1; h < hops.length; h++) {
    const hop = hops[h]!;
    background(hops[h - 1]!, hop.seat);
    // the author of hop h checks hop h - 1 and builds on it, once its backlog is done
    const check = hops[h - 1]!.apply[hop.seat]!;
    at =
      Math.max(at, checked[hop.seat]!) +
      (pipelined
        ? pipelinedStep(check, hop.build, workers)
        : onWorkers(check, workers) + onWorkers(hop.build, workers));
    checked[hop.seat] = at;
  }
  background(hops.at(-1)!, -1);
  return Math.max(...checked) + exchange(entries, 'key-share');
}

/**
 * Every seat sending an entry of `kind` at once (seed commitments, key shares):
 * the slowest build, then the peer slowest to apply all the others'.
 */
export function exchange(entries: readonly DealEntry[], kind: string): number {
  const sent = entries.filter((e) => e.kind === kind);
  const build = Math.max(0, ...sent.map((e) => e.build.ms));
  const peers = sent[0]?.apply.length ?? 0;
  const apply = Array.from({ length: peers }, (_, p) =>
    sent.filter((e) => e.seat !== p).reduce((a, e) => a + e.apply[p]!.ms, 0),
  );
  return build + Math.max(0, ...apply);
}

/**
 * Check and build side by side, c workers checking and the rest building; the
 * build starts once the received deck is decoded (counted as the whole serial part
 * of the check, so this errs long).
 */
function pipelinedStep(check: Timed, build: Timed, workers: number): number {
  let best = onWorkers(check, workers) + onWorkers(build, workers);
  for (let c = 1; c < workers; c++) {
    if (CHUNKS % c !== 0 || CHUNKS % (workers - c) !== 0) continue;
    best = Math.min(
      best,
      Math.max(onWorkers(check, c), serialOf(check) + onWorkers(build, workers - c)),
    );
  }
  return best;
}
