// The proof workers' answers (worker/proof-pool.ts), attacked as a bug or a stale
// message would: a verdict or a hop is made only of the answers to its own calls,
// from the worker each was given to, each of the size its call asked for. A
// cheating shuffle's check must never come out sound because a worker's answer
// was short (missing sums were counted as zero, and a zero sum passes a shuffle
// check), came from another worker, or was an old one. And the cost of the
// pipelined deal (session/play/deck-work.ts) has a bound: a seat flooding the
// next one with shuffles of its own, each signed and each false, sets off only a
// few checks (and builds beside them) on its workers at once; and since issue 30
// a second signed one names the seat and the rest are dropped unread.
import { describe, expect, it } from 'vitest';
import {
  buildShuffleHop,
  canonicalJson,
  createEntry,
  driveSplit,
  evalChunk,
  type Chunk,
  type JsonValue,
  type Run,
  type Steps,
} from '$lib/protocol';
import { receiveShuffleHop, shuffleHopSteps } from '$lib/protocol/deck/hops';
import { ProvenCache, withProven } from '$lib/protocol/deck/proven';
import {
  answerChunk,
  createProofPool,
  type ChunkAnswer,
  type ChunkCall,
  type ProofWorker,
} from '$lib/session/worker/proof-pool';
import type { Session } from '$lib/session';
import { MAX_CHECKING } from '$lib/session/play/deck-work';
import { ctx, freshDeck, seeds } from '../protocol/deck-fixture';
import { Adversary } from './adversary';
import { openTable, startAutoplay, until } from './harness';

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

/** One browser's workers (a task per chunk), counting the runs in flight at once. */
function counted() {
  const seen = { inFlight: 0, most: 0 };
  const run: Run = <T>(steps: Steps<T>) => {
    seen.most = Math.max(seen.most, ++seen.inFlight);
    const chunk = (c: Chunk) =>
      new Promise<Uint8Array[]>((resolve) => later(() => resolve(evalChunk(c))));
    return driveSplit(steps, 2, chunk).finally(() => seen.inFlight--);
  };
  return { seen, run };
}

describe('a flood of false hops for the head', () => {
  // Relies on the bound on hops checked at once on the workers (MAX_CHECKING,
  // play/deck-work.ts): without it every false shuffle sets off a check and a
  // build of the next seat's own shuffle on it, all at once.
  it('sets off only a few checks on the workers at once; each is refused, none applied', async () => {
    const browsers = [counted(), counted(), counted()];
    const t = await openTable({
      variant: 'mexican-train',
      people: 3,
      options: { rounds: 1, set: 5, handSize: 4 },
      seed: 98,
      deckWorkers: (i) => browsers[i]!.run,
    });
    const [, cheat, victim] = t.sessions as [Session, Session, Session];
    // Seat 1's own shuffle is held back: the head stays at it while its browser floods.
    let honest: string | null = null;
    const deliver = t.network.deliver.bind(t.network);
    t.network.deliver = (from, to, link, data) => {
      const own =
        typeof data === 'string' &&
        from === cheat.transport.id &&
        /^\{"t":"(submit|ahead)"/.test(data) &&
        /shuffle-hop/.test(data) &&
        /\\"seat\\":1/.test(data);
      if (!own) return deliver(from, to, link, data);
      honest ??= (JSON.parse(data) as { entry: string }).entry;
    };
    await startAutoplay(t);
    await until('seat 1’s shuffle is built', () => honest !== null);
    const entry = JSON.parse(honest!) as {
      game: string;
      seq: number;
      prev: string;
      body: { points: string[] };
    };
    const key = cheat.storedKeys().find((k) => k.seat === 1)!;
    const head = { game: entry.game, seq: entry.seq, prev: entry.prev, seatKeys: [] };
    const falseHops = Array.from({ length: 12 }, (_, k) => {
      const points = [...entry.body.points];
      [points[0], points[k + 1]] = [points[k + 1]!, points[0]!];
      const body = { ...entry.body, points } as unknown as JsonValue;
      return createEntry(head, 1, 'shuffle-hop', body, key.signing).encoded;
    });
    await until('the victim is at seat 1’s shuffle', () => victim.ledger?.seq === entry.seq);
    const mallory = Adversary.inside(cheat.transport);
    for (const e of falseHops) {
      mallory.send({ t: 'entry', game: entry.game, seq: entry.seq, entry: e }, victim.transport.id);
    }
    const refused = () =>
      victim.snapshot.events.filter(
        (e) => e.code === 'REFUSED' && /BAD_SHUFFLE_PROOF/.test(e.detail),
      ).length;
    // Bounded work per seat and position (issue 30): a few are checked and refused, a
    // second signed one names seat 1 (kept without a check), the rest are dropped unread.
    await until('seat 1 named', () => victim.snapshot.equivocations.length === 1, 60_000);
    await t.network.settle();
    await until('the checks on the workers done', () => browsers[2]!.seen.inFlight === 0);
    expect(refused()).toBeGreaterThanOrEqual(1);
    expect(refused()).toBeLessThanOrEqual(MAX_CHECKING + 1);
    expect(victim.snapshot.equivocations[0]).toMatchObject({ seat: 1, seq: entry.seq });
    expect(browsers[2]!.seen.most).toBeLessThanOrEqual(4);
    expect(victim.ledger!.seq).toBe(entry.seq);
    mallory.close(false);
  });
});
