// The point arithmetic of a proof, as work that splits across workers. A proof
// is built or checked in steps (a generator): each step yields a list of sums
// Σ k·P (plus k·G) it needs, and gets back their encodings. Any split of a
// step's terms into parts, each summed on its own and the partial sums added,
// gives the same points, hence the same bytes: the proof or the verdict does not
// depend on how many workers computed it. Everything here is structured-cloneable.
import {
  addEncoded,
  baseMulEncoded,
  isIdentityEncoding,
  msmSecretEncoded,
  mulEncoded,
  type Scalar,
} from '../crypto/group';

/** base·G + Σ scalars[i]·points[i]; a scalar of exactly 1 is an addition. Scalars may be secret. */
export interface Sum {
  readonly base: Scalar;
  readonly points: readonly Uint8Array[];
  readonly scalars: readonly Scalar[];
}

export type Work = readonly Sum[];

/** One part of a step's work: a slice of some of its sums, by their index in the step. */
export type Chunk = readonly { readonly sum: number; readonly part: Sum }[];

/** The steps of one proof: yields work, receives each sum's encoding, returns the result. */
export type Steps<T> = Generator<Work, T, readonly Uint8Array[]>;

/** A point term (a variable-base multiplication) costs about six times a base one. */
const BASE_COST = 1;
const TERM_COST = 6;
const ADD_COST = 0.1;

const termCost = (k: Scalar): number => (k === 1n ? ADD_COST : TERM_COST);

/** Splits the terms into `parts` contiguous chunks of about equal cost (some may be empty). */
export function splitWork(work: Work, parts: number): Chunk[] {
  const n = Math.max(1, Math.floor(parts));
  let total = 0;
  for (const s of work)
    total += (s.base === 0n ? 0 : BASE_COST) + s.scalars.reduce((a, k) => a + termCost(k), 0);
  const chunks: {
    sum: number;
    part: { base: Scalar; points: Uint8Array[]; scalars: Scalar[] };
  }[][] = Array.from({ length: n }, () => []);
  let done = 0;
  const slot = (sum: number, cost: number) => {
    const at = Math.min(n - 1, Math.floor((done * n) / (total || 1)));
    done += cost;
    const chunk = chunks[at]!;
    let last = chunk.at(-1);
    if (last?.sum !== sum) {
      last = { sum, part: { base: 0n, points: [], scalars: [] } };
      chunk.push(last);
    }
    return last.part;
  };
  work.forEach((s, sum) => {
    if (s.base !== 0n) slot(sum, BASE_COST).base = s.base;
    s.points.forEach((p, i) => {
      const k = s.scalars[i] ?? 0n;
      const part = slot(sum, termCost(k));
      part.points.push(p);
      part.scalars.push(k);
    });
  });
  return chunks;
}

function plus(a: Uint8Array | null, b: Uint8Array): Uint8Array {
  if (!a || isIdentityEncoding(a)) return b;
  return isIdentityEncoding(b) ? a : addEncoded(a, b);
}

function evalSum(s: Sum): Uint8Array {
  let acc: Uint8Array | null = s.base === 0n ? null : baseMulEncoded(s.base);
  const multiplied: Uint8Array[] = [];
  const scalars: Scalar[] = [];
  s.points.forEach((p, i) => {
    const k = s.scalars[i] ?? 0n;
    if (k === 1n) acc = plus(acc, p);
    else {
      multiplied.push(p);
      scalars.push(k);
    }
  });
  if (multiplied.length === 1) acc = plus(acc, mulEncoded(multiplied[0]!, scalars[0]!));
  else if (multiplied.length > 1) acc = plus(acc, msmSecretEncoded(multiplied, scalars));
  return acc ?? new Uint8Array(32);
}

/** What one worker computes: the partial sum of each slice in its chunk. */
export function evalChunk(chunk: Chunk): Uint8Array[] {
  return chunk.map(({ part }) => evalSum(part));
}

/** Adds the chunks' partial sums back into one encoding per sum of the step. */
export function joinChunks(
  work: Work,
  chunks: readonly Chunk[],
  partials: readonly (readonly Uint8Array[])[],
): Uint8Array[] {
  const out: (Uint8Array | null)[] = work.map(() => null);
  chunks.forEach((chunk, c) =>
    chunk.forEach(({ sum }, i) => {
      out[sum] = plus(out[sum] ?? null, partials[c]![i]!);
    }),
  );
  return out.map((p) => p ?? new Uint8Array(32));
}

/** How a step's work is computed: by default whole, on this thread. */
export type Evaluate = (work: Work) => Uint8Array[];

export const evaluateHere: Evaluate = (work) => {
  const chunks = splitWork(work, 1);
  return joinChunks(work, chunks, chunks.map(evalChunk));
};

let current: Evaluate = evaluateHere;

/** Runs `work` (synchronous) with `evaluate` computing every proof step in it (a bench's timer). */
export function withEvaluate<T>(evaluate: Evaluate, work: () => T): T {
  const outer = current;
  current = evaluate;
  try {
    return work();
  } finally {
    current = outer;
  }
}

/** Runs the steps of a proof to its end on this thread. */
export function drive<T>(steps: Steps<T>, evaluate: Evaluate = current): T {
  let next = steps.next();
  while (!next.done) next = steps.next(evaluate(next.value));
  return next.value;
}

/** Runs them with each step's work split across `parts` (e.g. workers; `part` is 0…parts-1), results joined. */
export async function driveSplit<T>(
  steps: Steps<T>,
  parts: number,
  run: (chunk: Chunk, part: number) => Promise<Uint8Array[]>,
): Promise<T> {
  let next = steps.next();
  while (!next.done) {
    const work = next.value;
    const chunks = splitWork(work, parts);
    next = steps.next(joinChunks(work, chunks, await Promise.all(chunks.map((c, i) => run(c, i)))));
  }
  return next.value;
}
