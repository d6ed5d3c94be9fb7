// `npm run bench` → deal: the mental-poker deck over ristretto255. One peer's
// shuffle and lock hops for 91 tiles against 91 plain multiplications measured in
// the same run (hopRatio), the whole deal run entry by entry through one table
// (every entry built, signed and verified in order: the critical path when peers
// work in parallel) for 91 tiles with 2, 4 and 8 peers and 136 with 8, a private
// draw, and the deck audit. Times are CPU milliseconds of this process (best of a
// few runs where repeated), so other load on the machine does not skew them.
import { toBase64url } from '../src/lib/protocol/bytes';
import type { JsonValue } from '../src/lib/protocol/canonical-json';
import type { DealContext } from '../src/lib/protocol/context';
import { auditDeal } from '../src/lib/protocol/deal-audit';
import { owedDealEntry } from '../src/lib/protocol/deal-peer';
import { applyToTable, createDealTable, type DealTable } from '../src/lib/protocol/deal-table';
import { openDeck, type DeckState } from '../src/lib/protocol/deck';
import {
  applyLockHop,
  applyShuffleHop,
  buildLockHop,
  buildShuffleHop,
} from '../src/lib/protocol/deck-hops';
import { applyKeys, keysToShare, knownFace, knownFaces } from '../src/lib/protocol/deck-keys';
import { createDrbg } from '../src/lib/protocol/drbg';
import type { EntryKind } from '../src/lib/protocol/entry-kinds';
import type { Result } from '../src/lib/protocol/errors';
import { tilePoint } from '../src/lib/protocol/group';
import { createEntry } from '../src/lib/protocol/log-entry';
import { nonZeroScalar } from '../src/lib/protocol/peer-secret';
import { signingKeyPair, type SigningKeyPair } from '../src/lib/protocol/signing';

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
  let plain = Infinity;
  let shuffle = Infinity;
  let lock = Infinity;
  // interleaved, so load on the machine weighs on all three alike
  for (let i = 0; i < REPEATS; i++) {
    plain = Math.min(
      plain,
      best(1, () => points.forEach((p, j) => p.multiply(scalars[j]!))),
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
    shuffle,
    lock,
    verifyShuffle: best(REPEATS, () => applyShuffleHop(ctx, fresh, 0, 0, shuffleBody)),
    verifyLock: best(REPEATS, () => applyLockHop(ctx, shuffled, 0, 2, lockBody)),
  };
}

interface Table {
  table: DealTable;
  readonly seeds: readonly Uint8Array[];
  readonly signers: readonly SigningKeyPair[];
}

function newTable(n: number, seats: number, hand: number): Table {
  const ctx: DealContext = { game: `bench-${n}x${seats}`, round: 0, seats };
  const seeds = seedsFor(ctx.game, seats);
  const signers = seedsFor(`${ctx.game}/sign`, seats).map((s) => signingKeyPair(s)!);
  const keys = signers.map((s) => s.publicKey);
  const deck = { set: 'double-12', tiles: ids(n) };
  return { table: unwrap(createDealTable(ctx, keys, deck, hand)), seeds, signers };
}

function publish(t: Table, seat: number, kind: EntryKind, body: JsonValue): void {
  const { encoded } = createEntry(t.table.head, seat, kind, body, t.signers[seat]!.secretKey);
  t.table = unwrap(applyToTable(t.table, encoded));
}

/** Publishes what the seats owe, in seat order, until nobody owes anything. */
function settle(t: Table): void {
  for (let progressed = true; progressed;) {
    progressed = false;
    for (let seat = 0; seat < t.seeds.length; seat++) {
      const draft = owedDealEntry(t.table.deal, seat, t.seeds[seat]!, new Map());
      if (!draft) continue;
      publish(t, seat, draft.kind, draft.body);
      progressed = true;
    }
  }
}

/** Commitments, shuffle chain, lock chain, hands dealt, and seat 0 reading its hand. */
function deal(n: number, seats: number, hand: number): { ms: number; table: Table } {
  const t = newTable(n, seats, hand);
  const start = cpuNow();
  settle(t);
  const faces = knownFaces(t.table.deal.ctx, t.table.deal.decks[0]!, 0, t.seeds[0]!);
  const elapsed = cpuNow() - start;
  if (faces.filter((f) => typeof f === 'number').length !== hand) throw new Error('bad hand');
  return { ms: elapsed, table: t };
}

/**
 * Seat 1 draws: it asks, every other seat shares its key for the drawn position,
 * seat 1 reads the tile. `crypto` is the same without the log (no signatures).
 */
function privateDraw(t: Table): { signed: number; crypto: number } {
  const start = cpuNow();
  publish(t, 1, 'move', { type: 'draw', deck: 0 });
  const ctx = t.table.deal.ctx;
  const others = ids(t.seeds.length).filter((s) => s !== 1);
  const cryptoStart = cpuNow();
  let deck = t.table.deal.decks[0]!;
  for (const seat of others) {
    const body = keysToShare(ctx, deck, seat, t.seeds[seat]!)!;
    deck = unwrap(applyKeys(ctx, deck, seat, 0, 'key-share', body));
  }
  const drawn = deck.owners.lastIndexOf(1);
  if (typeof knownFace(ctx, deck, 1, t.seeds[1]!, drawn) !== 'number') throw new Error('draw');
  const crypto = cpuNow() - cryptoStart;
  for (const seat of others) {
    publish(t, seat, 'key-share', keysToShare(ctx, t.table.deal.decks[0]!, seat, t.seeds[seat]!)!);
  }
  const face = knownFace(ctx, t.table.deal.decks[0]!, 1, t.seeds[1]!, drawn);
  if (typeof face !== 'number') throw new Error('draw failed');
  return { signed: cpuNow() - start - crypto, crypto };
}

export async function run(): Promise<Record<string, unknown>> {
  const h = hops(91);
  const hop = h.shuffle + h.lock;
  const deals: Record<string, number> = {};
  let audits: Record<string, number> = {};
  let draw = { signed: 0, crypto: 0 };
  for (const [n, seats, hand] of [
    [91, 2, 15],
    [91, 4, 15],
    [91, 8, 10],
    [136, 8, 12],
  ] as const) {
    const { ms: dealMs, table } = deal(n, seats, hand);
    deals[`${n}x${seats}`] = ms(dealMs);
    if (n === 91 && seats === 4) draw = privateDraw(table);
    for (let seat = 0; seat < seats; seat++) {
      publish(table, seat, 'seed-reveal', { seed: toBase64url(table.seeds[seat]!) });
    }
    const auditMs = best(1, () => {
      const audit = auditDeal(table.table.deal);
      if (audit.violations.length > 0) throw new Error('audit found violations');
    });
    audits = { ...audits, [`${n}x${seats}`]: ms(auditMs) };
  }
  return {
    mulMs: +(h.plain / 91).toFixed(3),
    plain91Ms: ms(h.plain),
    shuffleHop91Ms: ms(h.shuffle),
    lockHop91Ms: ms(h.lock),
    hop91Ms: ms(hop),
    hopRatio: +(hop / h.plain).toFixed(2),
    shuffleRatio: +(h.shuffle / h.plain).toFixed(2),
    lockRatio: +(h.lock / h.plain).toFixed(2),
    hopRatioTarget: 0.6,
    verifyShuffleHop91Ms: ms(h.verifyShuffle),
    verifyLockHop91Ms: ms(h.verifyLock),
    dealMs: deals,
    privateDraw91x4Ms: ms(draw.signed),
    privateDrawCryptoMs: ms(draw.crypto),
    auditMs: audits,
  };
}
