// `npm run bench` → deal: the mental-poker deck over ristretto255 and the table
// reducer. One peer's shuffle and lock hops for 91 tiles against 91 plain
// multiplications measured in the same run (hopRatio); proving and verifying one
// 91-tile shuffle (shuffleProveMs, shuffleVerifyMs: the hop's own multiplications
// are in the proving time, the point checks in the verifying time); the deal of a Mexican Train
// round through the real reducer for 91 tiles with 2, 4 and 8 peers and 136 with
// 8, entry by entry on the critical path (each entry built and signed by its
// author, then verified and applied by every other peer, the slowest counted: what
// a deal takes when peers work in parallel but each waits for the entry before); and a whole 4-peer Mexican Train round (91 tiles, 15 each, random
// legal moves): per-entry reducer cost, a private draw, the end-of-round audit.
// One browser holding all 4 seats of that deal (solo, pass-and-play) applies each
// entry to its 4 tables: applyEntryAll verifies once (localDeal4SeatsMs), against
// applyEntry on each table (localDeal4SeatsNaiveMs).
// Every peer has its own cache of proofs known sound (as each browser has), so a
// hop is checked by every peer but its author; a "verify" figure is timed by a
// peer that never saw the proof, and fails if it took one from a cache.
// Times are CPU milliseconds of this process (best of a few runs where repeated),
// so other load on the machine does not skew them.
import { createRng, type Options } from '../src/lib/engine';
import type { DealContext } from '../src/lib/protocol/deal/context';
import { openDeck, type DeckState } from '../src/lib/protocol/deck/deck';
import {
  applyLockHop,
  applyShuffleHop,
  buildLockHop,
  buildShuffleHop,
} from '../src/lib/protocol/deck/hops';
import { createDrbg } from '../src/lib/protocol/crypto/drbg';
import type { Result } from '../src/lib/protocol/errors';
import { accelerate } from '../src/lib/protocol/crypto/accelerator';
import { mulEncoded, tilePoint } from '../src/lib/protocol/crypto/group';
import { createEntry } from '../src/lib/protocol/log/entry';
import { nonZeroScalar } from '../src/lib/protocol/deal/peer-secret';
import { sign, signingKeyPair, verifySignature } from '../src/lib/protocol/crypto/signing';
import { auditTable } from '../src/lib/protocol/table/audit';
import { mayMove, moveDraft, owedEntry, type EntryDraft } from '../src/lib/protocol/table/peer';
import { applyEntry, applyEntryAll, createTable } from '../src/lib/protocol/table/reducer';
import { ProvenCache, withProven } from '../src/lib/protocol/deck/proven';
import { withEvaluate } from '../src/lib/protocol/deck/work';
import { chunkTimer, dealChain, exchange, type DealEntry, type Timed } from './chain';
import { verifying } from './verifying';
import type { TableState } from '../src/lib/protocol/table/state';

const REPEATS = 5;

function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`${r.error.code} ${r.error.detail ?? ''}`);
  return r.value;
}

/** CPU milliseconds of this process: the machine may be shared, and wall time then lies. */
function cpuNow(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function best(repeats: number, work: () => void): number {
  let min = Infinity;
  for (let i = 0; i < repeats; i++) {
    const start = cpuNow();
    work();
    min = Math.min(min, cpuNow() - start);
  }
  return min;
}

const ms = (x: number): number => +x.toFixed(1);

function seedsFor(label: string, seats: number): Uint8Array[] {
  const drbg = createDrbg('bench/deal', [label]);
  return Array.from({ length: seats }, () => drbg.bytes(32));
}

const ids = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

/** One peer's hops on an n-tile deck (2 seats), and the plain multiplications to compare. */
function hops(n: number) {
  const ctx: DealContext = { game: 'bench-hop', round: 0, seats: 2 };
  const seeds = seedsFor('hop', 2);
  const fresh = unwrap(openDeck(ctx, 0, { set: 'double-12', tiles: ids(n) }));
  const drbg = createDrbg('bench/plain', []);
  const points = fresh.spec.tiles.map((t) => tilePoint(ctx.game, 'bench', t));
  const scalars = points.map(() => nonZeroScalar(drbg));
  let shuffled: DeckState = fresh;
  for (const seat of [0, 1]) {
    const body = buildShuffleHop(ctx, shuffled, seeds[seat]!);
    shuffled = unwrap(applyShuffleHop(ctx, shuffled, seat, seat, body));
  }
  const shuffleBody = buildShuffleHop(ctx, fresh, seeds[0]!);
  const lockBody = buildLockHop(ctx, shuffled, 0, seeds[0]!);
  const encoded = points.map((p) => p.toBytes());
  let plain = Infinity;
  let plainEncoded = Infinity;
  let shuffle = Infinity;
  let lock = Infinity;
  // interleaved, so load on the machine weighs on all alike
  for (let i = 0; i < REPEATS; i++) {
    plain = Math.min(
      plain,
      best(1, () => points.forEach((p, j) => p.multiply(scalars[j]!))),
    );
    plainEncoded = Math.min(
      plainEncoded,
      best(1, () => encoded.forEach((p, j) => mulEncoded(p, scalars[j]!))),
    );
    shuffle = Math.min(
      shuffle,
      best(1, () => buildShuffleHop(ctx, fresh, seeds[0]!)),
    );
    lock = Math.min(
      lock,
      best(1, () => buildLockHop(ctx, shuffled, 0, seeds[0]!)),
    );
  }
  return {
    plain,
    plainEncoded,
    shuffle,
    lock,
    // each check by a peer that has not seen the proof (verifying.ts)
    verifyShuffle: best(REPEATS, () =>
      verifying(() => applyShuffleHop(ctx, fresh, 0, 0, shuffleBody)),
    ),
    verifyLock: best(REPEATS, () => verifying(() => applyLockHop(ctx, shuffled, 0, 2, lockBody))),
  };
}

/**
 * Peers at one Mexican Train table, each with its own table and its own cache of
 * proofs known sound (as each browser has): a peer skips only the checks of hops
 * it built itself. CPU time is summed per part.
 */
class Table {
  tables: TableState[];
  readonly signers;
  readonly caches: ProvenCache[];
  /** Critical path: the author builds and signs, then the slowest other peer verifies and applies. */
  criticalMs = 0;
  /** applyEntry on the table of the seat after the author, per entry kind. */
  readonly apply = new Map<string, { n: number; ms: number }>();
  entries = 0;
  /** Every entry: its author's build and each peer's apply, timed with their proof work's chunks. */
  readonly record: DealEntry[] = [];
  readonly rng = createRng(7);
  /** Every entry sent, encoded. */
  readonly log: string[] = [];
  /** The tables before any entry. */
  readonly fresh: () => TableState[];

  constructor(label: string, players: number, options: Options) {
    const game = `bench-${label}`;
    this.signers = seedsFor(`${game}/sign`, players).map((s) => signingKeyPair(s)!);
    const secrets = seedsFor(`${game}/secret`, players);
    const config = {
      game,
      variant: 'mexican-train' as const,
      players,
      options: { rounds: 1, ...options },
      seatKeys: this.signers.map((s) => s.publicKey),
    };
    this.fresh = () => secrets.map((secret, seat) => unwrap(createTable(config, { seat, secret })));
    this.tables = this.fresh();
    this.caches = this.tables.map(() => new ProvenCache());
  }

  /** The next entry any seat sends (protocol entries first, then the move due), or null. */
  next(): {
    seat: number;
    draft: EntryDraft;
    ms: number;
    steps: number[][];
    cloneMs: number;
  } | null {
    for (const [seat, table] of this.tables.entries()) {
      const timer = chunkTimer(cpuNow);
      const start = cpuNow();
      const draft = withEvaluate(timer.evaluate, () =>
        withProven(this.caches[seat]!, () => {
          const owed = owedEntry(table);
          if (owed || !mayMove(table)) return owed;
          const legal = table.variant.legalMoves(table.view).filter((m) => m.seat === seat);
          const move = table.variant.setupMove(table.view) ?? legal[this.rng.int(legal.length)];
          return move ? moveDraft(table, move) : null;
        }),
      );
      if (draft) {
        return { seat, draft, ms: cpuNow() - start, steps: timer.steps, cloneMs: timer.clone.ms };
      }
    }
    return null;
  }

  /** Sends one entry to every peer; its kind and critical-path time, or null when nobody owes anything. */
  step(): { kind: string; ms: number } | null {
    const next = this.next();
    if (!next) return null;
    const { seat, draft } = next;
    const start = cpuNow();
    const { encoded } = createEntry(
      this.tables[seat]!.head,
      seat,
      draft.kind,
      draft.body,
      this.signers[seat]!.secretKey,
    );
    const signed = cpuNow();
    this.log.push(encoded);
    const applyMs = this.tables.map(() => 0);
    const apply: Timed[] = [];
    this.tables = this.tables.map((t, s) => {
      const timer = chunkTimer(cpuNow);
      const at = cpuNow();
      const applied = withEvaluate(timer.evaluate, () =>
        withProven(this.caches[s]!, () => unwrap(applyEntry(t, encoded))),
      );
      applyMs[s] = cpuNow() - at;
      apply.push({ ms: applyMs[s], steps: timer.steps, cloneMs: timer.clone.ms });
      return applied;
    });
    const kind =
      draft.kind === 'move'
        ? `move:${(draft.body as { move: { type: string } }).move.type}`
        : draft.kind;
    const a = this.apply.get(kind) ?? { n: 0, ms: 0 };
    const nextSeat = (seat + 1) % this.tables.length;
    this.apply.set(kind, { n: a.n + 1, ms: a.ms + applyMs[nextSeat]! });
    const others = applyMs.filter((_, s) => s !== seat);
    const critical = next.ms + signed - start + Math.max(0, ...others);
    this.criticalMs += critical;
    this.entries++;
    this.record.push({
      kind,
      seat,
      build: { ms: next.ms + signed - start, steps: next.steps, cloneMs: next.cloneMs },
      apply,
    });
    return { kind, ms: critical };
  }

  applyMs(kinds?: (kind: string) => boolean): number {
    let n = 0;
    let total = 0;
    for (const [kind, a] of this.apply) {
      if (kinds && !kinds(kind)) continue;
      n += a.n;
      total += a.ms;
    }
    return n === 0 ? 0 : total / n;
  }
}

/** A phone's worker count (issue 25). */
const PHONE_WORKERS = 4;

/**
 * Commitments, shuffle chain, lock chain, hands dealt and read: until the first
 * move is due. Entry by entry (deal4Ms, dealMs), and as the critical path of the
 * dependency chain (chain.ts): pipelined on a phone's 4 workers, and the
 * unpipelined chain on one worker as the baseline, from the same measured steps.
 */
function deal(n: number, seats: number, hand: number) {
  const t = new Table(`${n}x${seats}`, seats, { set: n === 136 ? 15 : 12, handSize: hand });
  while (!t.tables.some(mayMove)) if (!t.step()) throw new Error('the deal stalled');
  if (t.tables.some((table, s) => table.view.hands[s]!.some((c) => c.tile === null))) {
    throw new Error('a hand is unread');
  }
  return {
    entries: t.criticalMs,
    chain: dealChain(t.record, PHONE_WORKERS, true),
    baseline: dealChain(t.record, 1, false),
    splitOnly: dealChain(t.record, PHONE_WORKERS, false),
    pipelineOnly: dealChain(t.record, 2, true),
    seedCommits: exchange(t.record, 'seed-commit'),
    keyShares: exchange(t.record, 'key-share'),
  };
}

/**
 * The 4-player deal (91 tiles, 15 each) applied to one browser's 4 local tables.
 * That browser built every hop itself, so it knows every proof sound (one cache
 * for the process): what is timed is signatures and the reducer.
 */
function localDeal() {
  const t = new Table('local-91x4', 4, { handSize: 15 });
  while (!t.tables.some(mayMove)) if (!t.step()) throw new Error('the deal stalled');
  const browser = new ProvenCache();
  withProven(browser, () => {
    let tables: readonly TableState[] = t.fresh();
    for (const e of t.log) tables = unwrap(applyEntryAll(tables, e));
  });
  return withProven(browser, () => timeLocal(t));
}

function timeLocal(t: Table) {
  let all = Infinity;
  let naive = Infinity;
  // interleaved, so load on the machine weighs on both alike
  for (let i = 0; i < 2; i++) {
    let tables: readonly TableState[] = t.fresh();
    all = Math.min(
      all,
      best(1, () => {
        for (const e of t.log) tables = unwrap(applyEntryAll(tables, e));
      }),
    );
    if (tables.some((x, s) => x.hash !== t.tables[s]!.hash))
      throw new Error('applyEntryAll differs');
    tables = t.fresh();
    naive = Math.min(
      naive,
      best(1, () => {
        for (const e of t.log) tables = tables.map((x) => unwrap(applyEntry(x, e)));
      }),
    );
  }
  return { entries: t.log.length, all, naive };
}

/** A whole 4-peer round with 91 tiles, 15 each: one peer's reducer cost per entry, draws, audit. */
async function round() {
  const t = new Table('round-91x4', 4, { handSize: 15 });
  const start = cpuNow();
  let drawMs = 0;
  let draws = 0;
  let drawing = false;
  // a private draw: the draw entry and the key shares that let the drawer read its tile
  for (let step = t.step(); step; step = t.step()) {
    if (step.kind === 'move:draw') draws++;
    drawing = step.kind === 'move:draw' || (drawing && step.kind === 'key-share');
    if (drawing) drawMs += step.ms;
  }
  const allPeersMs = cpuNow() - start;
  const table = t.tables[0]!;
  if (table.audits[0]?.violations.length !== 0) throw new Error('the audit found violations');
  // A copy of the deal state each time: auditDeal keeps its audit by deal state, and
  // this one was audited at the round's end (the figure would be a cache hit).
  const fresh = () => ({ ...table, deal: { ...table.deal } });
  const auditMs = best(1, () => auditTable(fresh()));
  await accelerate(false);
  const auditNobleMs = best(1, () => auditTable(fresh()));
  await accelerate();
  return {
    entries: t.entries,
    criticalPathMs: ms(t.criticalMs),
    allPeersCpuMs: ms(allPeersMs),
    applyEntryMs: ms(t.applyMs()),
    applyMoveEntryMs: ms(t.applyMs((k) => k.startsWith('move:'))),
    applyKeyShareMs: ms(t.applyMs((k) => k === 'key-share')),
    privateDrawMs: ms(draws === 0 ? 0 : drawMs / draws),
    auditMs: ms(auditMs),
    /** The same audit on the pure-JS path (a browser without WebAssembly). */
    auditNobleMs: ms(auditNobleMs),
  };
}

function signatureVerifyMs(): number {
  const signer = signingKeyPair(new Uint8Array(32).fill(5))!;
  const message = new Uint8Array(400).fill(1);
  const signature = sign(message, signer.secretKey);
  return (
    best(REPEATS, () => {
      for (let i = 0; i < 10; i++) verifySignature(message, signature, signer.publicKey);
    }) / 10
  );
}

export async function run(): Promise<Record<string, unknown>> {
  await accelerate(false);
  const noble = hops(91);
  const accelerated = await accelerate();
  const h = hops(91);
  const hop = h.shuffle + h.lock;
  const deals: Record<string, number> = {};
  const chains: Record<string, ReturnType<typeof deal>> = {};
  for (const [n, seats, hand] of [
    [91, 2, 15],
    [91, 4, 15],
    [91, 8, 10],
    [136, 8, 12],
  ] as const) {
    const d = deal(n, seats, hand);
    deals[`${n}x${seats}`] = ms(d.entries);
    chains[`${n}x${seats}`] = d;
  }
  const chain = (key: string) => chains[key]!;
  const local = localDeal();
  return {
    accelerated,
    mulMs: +(h.plain / 91).toFixed(3),
    plain91Ms: ms(h.plain),
    acceleratedMulMs: +(h.plainEncoded / 91).toFixed(3),
    shuffleHop91Ms: ms(h.shuffle),
    lockHop91Ms: ms(h.lock),
    hop91Ms: ms(hop),
    hopRatio: +(hop / h.plain).toFixed(2),
    shuffleRatio: +(h.shuffle / h.plain).toFixed(2),
    lockRatio: +(h.lock / h.plain).toFixed(2),
    hopRatioTarget: 0.6,
    /** One 91-tile shuffle hop built with its proof, and checked on arrival (one core). */
    shuffleProveMs: ms(h.shuffle),
    shuffleVerifyMs: ms(h.verifyShuffle),
    shuffleProveTargetMs: 500,
    shuffleVerifyTargetMs: 250,
    /** The whole 4-player deal with proofs (91 tiles, 15 each), on the critical path. */
    deal4Ms: deals['91x4'],
    deal4TargetMs: 2500,
    /**
     * The critical path of a whole deal (chain.ts), one cache per peer: pipelined
     * on a phone's 4 workers, against the unpipelined chain on one worker (Baseline)
     * from the same measured steps; ratios within a run are what to compare.
     */
    chain4Ms: ms(chain('91x4').chain),
    chain8Ms: ms(chain('91x8').chain),
    chain8x136Ms: ms(chain('136x8').chain),
    chain4BaselineMs: ms(chain('91x4').baseline),
    chain8BaselineMs: ms(chain('91x8').baseline),
    chain8x136BaselineMs: ms(chain('136x8').baseline),
    chain4TargetMs: 500,
    chain8TargetMs: 1000,
    chain8x136TargetMs: 1600,
    chainWorkers: PHONE_WORKERS,
    /** Each chain over its baseline, and the parts alone: split on 4 workers, pipelined on 2. */
    chainRatios: Object.fromEntries(
      Object.entries(chains).map(([key, c]) => [
        key,
        {
          pipelinedSplit: +(c.chain / c.baseline).toFixed(2),
          splitOnly: +(c.splitOnly / c.baseline).toFixed(2),
          pipelineOnly2Workers: +(c.pipelineOnly / c.baseline).toFixed(2),
        },
      ]),
    ),
    /**
     * The exchanges around the hops, in each chain: the seed commitments (overlapped
     * with the first hop's build) and the key shares, which stay after the last lock
     * (a share may leave only once that lock is checked: issue 25's note).
     */
    chainExchanges: Object.fromEntries(
      Object.entries(chains).map(([key, c]) => [
        key,
        { seedCommitsMs: ms(c.seedCommits), keySharesMs: ms(c.keyShares) },
      ]),
    ),
    /** That deal's entries applied to one browser's 4 local tables: verified once, and on each. */
    localDeal4SeatsMs: ms(local.all),
    localDeal4SeatsNaiveMs: ms(local.naive),
    localDeal4SeatsEntries: local.entries,
    /** The same hop on noble alone (no WebAssembly), against its own plain multiplications. */
    nobleOnly: {
      hop91Ms: ms(noble.shuffle + noble.lock),
      hopRatio: +((noble.shuffle + noble.lock) / noble.plain).toFixed(2),
      shuffleProveMs: ms(noble.shuffle),
      shuffleVerifyMs: ms(noble.verifyShuffle),
    },
    verifyShuffleHop91Ms: ms(h.verifyShuffle),
    verifyLockHop91Ms: ms(h.verifyLock),
    dealMs: deals,
    signatureVerifyMs: ms(signatureVerifyMs()),
    round91x4: await round(),
  };
}
