// The proof workers' answers (worker/proof-pool.ts), attacked as a bug or a stale
// message would: a verdict or a hop is made only of the answers to its own calls,
// from the worker each was given to, each of the size its call asked for. A
// cheating shuffle's check must never come out sound because a worker's answer
// was short (missing sums were counted as zero, and a zero sum passes a shuffle
// check), came from another worker, or was an old one.
import { beforeAll, describe, expect, it } from 'vitest';
import { accelerate, buildShuffleHop, canonicalJson, type JsonValue } from '$lib/protocol';
import { receiveShuffleHop, shuffleHopSteps } from '$lib/protocol/deck/hops';
import { ProvenCache, withProven } from '$lib/protocol/deck/proven';
import {
  answerChunk,
  createProofPool,
  type ChunkAnswer,
  type ChunkCall,
  type ProofWorker,
} from '$lib/session/worker/proof-pool';
import { ctx, freshDeck, seeds } from '../protocol/deck-fixture';

beforeAll(() => accelerate());

const later = (f: () => void, ms = 0): void => void setTimeout(f, ms);

/** A worker in this thread whose answers `answer` makes from the honest one. */
function worker(answer: (call: ChunkCall, post: (a: ChunkAnswer) => void) => void): ProofWorker {
  const w: ProofWorker = {
    onmessage: null,
    onerror: null,
    postMessage: (call) =>
      answer(structuredClone(call), (data) =>
        w.onmessage?.({ data: structuredClone(data) } as MessageEvent<ChunkAnswer>),
      ),
    terminate() {},
  };
  return w;
}

const honest = (call: ChunkCall, post: (a: ChunkAnswer) => void) =>
  later(() => post(answerChunk(call)));

const zeros = (n: number) => Array.from({ length: n }, () => new Uint8Array(32));

/** A shuffle whose first two points are swapped: its proof no longer holds. */
function cheatingCheck() {
  const deck = freshDeck(21);
  const hop = buildShuffleHop(ctx, deck, seeds[0]!);
  const swapped = { ...hop, points: [hop.points[1]!, hop.points[0]!, ...hop.points.slice(2)] };
  const received = withProven(new ProvenCache(), () => receiveShuffleHop(ctx, deck, 0, 0, swapped));
  if (!received.ok || !received.value.check) throw new Error('an unchecked hop');
  return received.value.check;
}

describe('proof workers’ answers', () => {
  // Relies on the pool taking only an answer of as many sums as its call asked for
  // (fits, proof-pool.ts): without it the missing sum is zero and the check passes.
  it('a short answer (a sum missing) fails the call: a cheating shuffle is never found sound', async () => {
    const check = cheatingCheck();
    const pool = createProofPool(1, () =>
      worker((call, post) => {
        const a = answerChunk(call);
        later(() => post('sums' in a ? { id: a.id, sums: a.sums.slice(1) } : a));
      }),
    );
    await expect(pool.run(check.steps())).rejects.toThrow(/does not fit/);
    // Honest workers find it unsound, as the session does in line once a call fails.
    const sound = createProofPool(1, () => worker(honest));
    expect(await sound.run(cheatingCheck().steps())).toBe(false);
  });

  // Relies on the pool taking a call's answer only from the worker it was given to
  // (p.worker, proof-pool.ts): without it the zeros of the first one are taken.
  it('an answer from a worker for a call it was not given is not taken', async () => {
    const deck = freshDeck(22);
    const alone = canonicalJson(buildShuffleHop(ctx, deck, seeds[1]!) as JsonValue);
    let spawned = 0;
    const pool = createProofPool(2, () =>
      spawned++ === 0
        ? // The first worker also answers the next call (the second worker's) with zeros, first.
          worker((call, post) =>
            later(() => {
              post({ id: call.id + 1, sums: zeros(call.chunk.length) });
              post(answerChunk(call));
            }),
          )
        : worker((call, post) => later(() => post(answerChunk(call)), 5)),
    );
    const hop = await pool.run(shuffleHopSteps(ctx, deck, seeds[1]!));
    expect(canonicalJson(hop as JsonValue)).toBe(alone);
  });

  // Relies on ids that never repeat in a pool (nextId): an old answer sent again
  // finds no call. Held as it was.
  it('an answer sent again later (a stale one, from a call already answered) is not taken', async () => {
    const pool = createProofPool(1, () =>
      worker((call, post) => {
        later(() => post(answerChunk(call)));
        later(() => post({ id: call.id, sums: zeros(call.chunk.length) }), 1);
      }),
    );
    const deck = freshDeck(23);
    for (const seed of [seeds[0]!, seeds[1]!]) {
      const alone = canonicalJson(buildShuffleHop(ctx, deck, seed) as JsonValue);
      const hop = await pool.run(shuffleHopSteps(ctx, deck, seed));
      expect(canonicalJson(hop as JsonValue)).toBe(alone);
      expect(await pool.run(cheatingCheck().steps())).toBe(false);
    }
  });
});
