// The deal on proof workers (session/play/deck-work.ts, worker/proof-pool.ts):
// every hop is built and every received hop checked on the workers, a seat builds
// its hop beside the check of the hop before it, and the hops and verdicts are
// those of one thread. A cheating hop is still refused at once by every browser,
// even when the next seat had already built on it, and what it built never leaves.
import { describe, expect, it } from 'vitest';
import {
  buildShuffleHop,
  canonicalJson,
  driveSplit,
  evalChunk,
  type Chunk,
  type EntryDraft,
  type JsonValue,
  type Run,
  type Steps,
} from '$lib/protocol';
import { receiveShuffleHop, shuffleHopSteps } from '$lib/protocol/deck/hops';
import { ProvenCache, withProven } from '$lib/protocol/deck/proven';
import {
  answerChunk,
  createProofPool,
  poolSize,
  type ChunkAnswer,
  type ChunkCall,
  type ProofWorker,
} from '$lib/session/worker/proof-pool';
import type { Session } from '$lib/session';
import { ctx, freshDeck, seeds } from '../protocol/deck-fixture';
import { closeTracked, openTable, startAutoplay, until } from './harness';

const later = <T>(f: () => T, ms = 0): Promise<T> =>
  new Promise((resolve) => setTimeout(() => resolve(f()), ms));

/** A proof worker in this thread: each call answered from its structured clone, a task later. */
function fakeWorker(): ProofWorker {
  const worker: ProofWorker = {
    onmessage: null,
    onerror: null,
    postMessage(call: ChunkCall) {
      void later(() => answerChunk(structuredClone(call))).then((data) =>
        worker.onmessage?.({ data } as MessageEvent<ChunkAnswer>),
      );
    },
    terminate() {},
  };
  return worker;
}

/**
 * Steps run with `cache` as the proven-hop cache: the hops a browser builds are
 * known sound to it alone, as in a browser of its own (these browsers share one
 * process, whose cache would otherwise spare every other one its check).
 */
function* inCache<T>(cache: ProvenCache, steps: Steps<T>): Steps<T> {
  let next = withProven(cache, () => steps.next());
  while (!next.done) {
    const sums = yield next.value;
    next = withProven(cache, () => steps.next(sums));
  }
  return next.value;
}

/** One browser's workers, counting the runs in flight at once (a check beside a build). */
function workers(parts: number) {
  const seen = { inFlight: 0, most: 0 };
  const cache = new ProvenCache();
  const run: Run = <T>(steps: Steps<T>) => {
    seen.most = Math.max(seen.most, ++seen.inFlight);
    const chunk = (c: Chunk) => later(() => evalChunk(structuredClone(c)));
    return driveSplit(inCache(cache, steps), parts, chunk).finally(() => seen.inFlight--);
  };
  return { seen, run, cache };
}

/** A hop draft, as built alone or (with its seat) beside a check. */
function draftIn(x: unknown): EntryDraft | null {
  if (typeof x !== 'object' || x === null) return null;
  if ('draft' in x) return draftIn(x.draft);
  return 'kind' in x && 'body' in x ? (x as EntryDraft) : null;
}

// The hops themselves, not their place in the chain: the seed commitments before
// them may arrive in another order, which changes each hop's prev and signature.
const hopsOf = (s: Session) =>
  (s.ledger?.log ?? [])
    .map((e) => JSON.parse(e) as { kind: string; seat: number; body: JsonValue })
    .filter((e) => e.kind === 'shuffle-hop' || e.kind === 'lock-hop')
    .map(({ kind, seat, body }) => ({ kind, seat, body }));

describe('the proof pool', () => {
  it('has one core left to the page, a phone’s four workers at most, one at least', () => {
    expect([undefined, 1, 2, 3, 4, 8, 16].map(poolSize)).toEqual([1, 1, 1, 2, 3, 4, 4]);
  });

  it('builds the very hop one thread builds and checks it alike, over 1 to 4 workers and this thread', async () => {
    const deck = freshDeck(13);
    const alone = canonicalJson(buildShuffleHop(ctx, deck, seeds[0]!) as JsonValue);
    for (const [size, here] of [
      [1, false],
      [1, true],
      [2, false],
      [3, true],
      [4, false],
    ] as const) {
      const pool = createProofPool(size, fakeWorker, here);
      const hop = await pool.run(shuffleHopSteps(ctx, deck, seeds[0]!));
      expect(canonicalJson(hop as JsonValue)).toBe(alone);
      const received = withProven(new ProvenCache(), () => receiveShuffleHop(ctx, deck, 0, 0, hop));
      if (!received.ok || !received.value.check) throw new Error('an unchecked hop');
      expect(await pool.run(received.value.check.steps())).toBe(true);
      const swapped = { ...hop, points: [hop.points[1]!, hop.points[0]!, ...hop.points.slice(2)] };
      const bad = withProven(new ProvenCache(), () => receiveShuffleHop(ctx, deck, 0, 0, swapped));
      if (!bad.ok || !bad.value.check) throw new Error('an unchecked hop');
      expect(await pool.run(bad.value.check.steps())).toBe(false);
      pool.close();
    }
  });

  it('fails what a broken worker was given, so the session works in line', async () => {
    const pool = createProofPool(2, () => {
      const w = fakeWorker();
      w.postMessage = () => later(() => w.onerror?.({ message: 'gone' } as ErrorEvent));
      return w;
    });
    await expect(pool.run(shuffleHopSteps(ctx, freshDeck(5), seeds[0]!))).rejects.toThrow(/gone/);
  });

  it('replaces a worker that never answers: what it was given fails, the next run works', async () => {
    let spawned = 0;
    const pool = createProofPool(
      1,
      () => {
        const w = fakeWorker();
        // The first worker hangs: it takes every call and answers none.
        if (spawned++ === 0) w.postMessage = () => {};
        return w;
      },
      false,
      50,
    );
    const steps = () => shuffleHopSteps(ctx, freshDeck(5), seeds[0]!);
    await expect(pool.run(steps())).rejects.toThrow(/no answer in 50 ms/);
    expect(spawned).toBe(2);
    const alone = canonicalJson(buildShuffleHop(ctx, freshDeck(5), seeds[0]!) as JsonValue);
    expect(canonicalJson((await pool.run(steps())) as JsonValue)).toBe(alone);
    pool.close();
  });
});

describe('a deal on proof workers', () => {
  const options = { rounds: 1, set: 5, handSize: 4 };

  it('deals the hops one thread deals, each seat building beside the check of the hop before', async () => {
    const inLine = await openTable({ variant: 'mexican-train', people: 3, options, seed: 31 });
    await startAutoplay(inLine);
    await until('dealt in line', () => inLine.sessions.every((s) => hopsOf(s).length === 6));
    const expected = hopsOf(inLine.sessions[0]!);
    closeTracked();

    const browsers = [workers(3), workers(2), workers(1)];
    const table = await openTable({
      variant: 'mexican-train',
      people: 3,
      options,
      seed: 31,
      deckWorkers: (i) => browsers[i]!.run,
      caches: browsers.map((b) => b.cache),
    });
    await startAutoplay(table);
    await until('dealt on workers', () => table.sessions.every((s) => hopsOf(s).length === 6));
    for (const s of table.sessions) expect(hopsOf(s)).toEqual(expected);
    // A seat that received a hop checked it while it built its own on it.
    expect(browsers.some((b) => b.seen.most >= 2)).toBe(true);
    await until('playing', () =>
      table.sessions.every((s) => s.snapshot.table?.view.phase === 'playing'),
    );
  });

  it('builds the first shuffle while the seed commitments come in, once, and sends it when they are all in', async () => {
    const commits = (s: Session | undefined) =>
      (s?.ledger?.log ?? []).filter((e) => /"kind":"seed-commit"/.test(e)).length;
    const at: { host?: Session } = {};
    const built: { draft: EntryDraft; commits: number }[] = [];
    const first = workers(2);
    const run: Run = async <T>(steps: Steps<T>) => {
      const out = await first.run(steps);
      const draft = draftIn(out);
      if (draft) built.push({ draft, commits: commits(at.host) });
      return out;
    };
    const others = [workers(2), workers(2)];
    const table = await openTable({
      variant: 'mexican-train',
      people: 3,
      options,
      seed: 33,
      deckWorkers: (i) => (i === 0 ? run : others[i - 1]!.run),
      caches: [first.cache, ...others.map((b) => b.cache)],
    });
    const host = table.sessions[0]!;
    at.host = host;
    // Seat 2's commitment is held back until seat 0 has built its shuffle.
    const held: (() => void)[] = [];
    let holding = true;
    const deliver = table.network.deliver.bind(table.network);
    table.network.deliver = (from, to, link, data) => {
      const send = () => deliver(from, to, link, data);
      if (holding && from === `${table.room}-p2` && /seed-commit/.test(String(data)))
        held.push(send);
      else send();
    };
    await startAutoplay(table);
    await until('seat 0 built its shuffle', () =>
      built.some((b) => b.draft.kind === 'shuffle-hop'),
    );
    expect(held.length).toBeGreaterThan(0);
    expect(built[0]).toMatchObject({ draft: { kind: 'shuffle-hop' } });
    expect(built[0]!.commits).toBeLessThan(3);
    expect(hopsOf(host)).toEqual([]);
    holding = false;
    for (const send of held.splice(0)) send();
    await until('dealt', () => table.sessions.every((s) => hopsOf(s).length === 6));
    // The hop sent is the one built ahead, built once.
    expect(built.filter((b) => b.draft.kind === 'shuffle-hop' && b.commits < 3)).toHaveLength(1);
    expect(built.filter((b) => b.draft.kind === 'shuffle-hop')).toHaveLength(1);
    expect(hopsOf(host)[0]).toMatchObject({ seat: 0, body: built[0]!.draft.body });
    await until('playing', () =>
      table.sessions.every((s) => s.snapshot.table?.view.phase === 'playing'),
    );
  });

  it('refuses a cheating shuffle at every browser, though the next seat built on it; that hop never leaves', async () => {
    const host = workers(2);
    // Seat 1's browser swaps two points of its shuffle: the proof no longer holds.
    const cheat = workers(2);
    const cheatRun: Run = async <T>(steps: Steps<T>) => {
      const out = await cheat.run(steps);
      const draft = draftIn(out);
      if (draft?.kind !== 'shuffle-hop') return out;
      const body = draft.body as { points: string[] };
      const points = [body.points[1]!, body.points[0]!, ...body.points.slice(2)];
      const cheated = { ...draft, body: { ...body, points } };
      return (out === draft ? cheated : { ...out, draft: cheated }) as T;
    };
    // Seat 2's browser checks slowly: its own shuffle is built long before the verdict.
    const next = workers(2);
    const built: EntryDraft[] = [];
    const slowRun: Run = async <T>(steps: Steps<T>) => {
      const out = await next.run(steps);
      const draft = draftIn(out);
      if (draft) built.push(draft);
      else if (typeof out === 'boolean') await later(() => null, 100);
      return out;
    };
    const runs = [host.run, cheatRun, slowRun];
    const table = await openTable({
      variant: 'mexican-train',
      people: 3,
      options,
      seed: 32,
      deckWorkers: (i) => runs[i]!,
      caches: [host.cache, cheat.cache, next.cache],
    });
    const sent: string[] = [];
    const deliver = table.network.deliver.bind(table.network);
    table.network.deliver = (from, to, link, data) => {
      if (from === `${table.room}-p2` && typeof data === 'string') sent.push(data);
      deliver(from, to, link, data);
    };
    await startAutoplay(table);
    const refused = (s: Session) =>
      s.snapshot.refusals.some((r) => r.seat === 1 && r.code === 'BAD_SHUFFLE_PROOF');
    await until('every browser refuses seat 1’s shuffle', () => table.sessions.every(refused));
    await until('seat 2 built its shuffle on it', () =>
      built.some((d) => d.kind === 'shuffle-hop'),
    );
    // Its own check's verdict too (it refuses it itself): the hop it built is dropped.
    await until('seat 2 refused it too', () =>
      table.sessions[2]!.snapshot.events.some(
        (e) => e.code === 'REFUSED' && e.detail.includes('BAD_SHUFFLE_PROOF'),
      ),
    );
    for (const s of table.sessions) {
      expect(hopsOf(s).map((h) => h.seat)).toEqual([0]);
    }
    const hopOfSeat2 = (text: string) => /shuffle-hop/.test(text) && /\\"seat\\":2/.test(text);
    expect(sent.filter(hopOfSeat2)).toEqual([]);
  });
});
