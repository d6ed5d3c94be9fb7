// The end-of-round audit of the deal, once seeds are revealed (each reveal was
// checked against its commitment when it arrived). From every seed it re-derives
// the peer's secrets and checks each hop it published, each key and each
// commit–reveal value, then opens every position and rebuilds every hand.
// Hops are checked in one random linear combination per hop (weights hashed from
// the hop), which any wrong point spoils except with probability about 2^-128.
// A seed that never came leaves that seat unchecked (its own list, not a
// violation); everything the other seeds show is still checked.
import { concatBytes } from '../crypto/bytes';
import type { DealContext } from './context';
import type {
  DeckState,
  LockHopRecord,
  MaskedDeck,
  ShuffleHopRecord,
  TileFace,
} from '../deck/deck';
import { unmask } from '../deck/keys';
import type { DealState } from './state';
import { createDrbg } from '../crypto/drbg';
import {
  baseMulEncoded,
  msmPublicEncoded,
  mulPublicEncoded,
  scalar,
  type Point,
  type PointList,
  type Scalar,
} from '../crypto/group';
import { bytesEqual } from '../crypto/bytes';
import {
  choiceSalt,
  lockScalars,
  randomContribution,
  shufflePermutation,
  shuffleScalar,
} from './peer-secret';

export const AUDIT_CODES = [
  'SHUFFLE_MISMATCH',
  'LOCK_MISMATCH',
  'KEY_MISMATCH',
  'RANDOM_MISMATCH',
  'CHOICE_MISMATCH',
  // named by the table audit: the seat whose early seed reveal stopped the round
  'ROUND_ABORTED',
] as const;
export type AuditCode = (typeof AUDIT_CODES)[number];

/**
 * Why the audit could not check a seat's part of the round. A seed that never
 * came is no proof of cheating: the log cannot tell a player who left (its
 * browser closed, its link died) from one who withheld it on purpose.
 */
export const UNCHECKED_CODES = ['SEED_NOT_REVEALED'] as const;
export type UncheckedCode = (typeof UNCHECKED_CODES)[number];

export interface AuditViolation {
  readonly seat: number;
  /** The entry at fault. */
  readonly seq: number | null;
  readonly code: AuditCode;
}

/** A seat whose hops, keys and hand the audit could not check (its seed never came). */
export interface AuditUnchecked {
  readonly seat: number;
  /** The seat's seed commitment, if it made one. */
  readonly seq: number | null;
  readonly code: UncheckedCode;
}

export interface DeckAudit {
  readonly deck: number;
  /** Every position's face, where every key for it is known. */
  readonly faces: readonly (TileFace | null)[];
  /** hands[seat]: the faces of the positions dealt to that seat, in deck order. */
  readonly hands: readonly (readonly (TileFace | null)[])[];
}

export interface DealAudit {
  readonly violations: readonly AuditViolation[];
  /** Seats not checked (their seed never came): left open, never counted as a cheat. */
  readonly unchecked: readonly AuditUnchecked[];
  readonly decks: readonly DeckAudit[];
}

function hopWeights(ctx: DealContext, deck: number, hop: ShuffleHopRecord): Scalar[] {
  const drbg = createDrbg('trainyard/audit-weights/v1', [
    ctx.game,
    ctx.round,
    deck,
    hop.seat,
    concatBytes(hop.deck.bytes),
  ]);
  return hop.deck.bytes.map(() => scalar.fromWide(drbg.bytes(16)));
}

/** The masked deck `before` in the order `perm` puts it in. */
function permuted(before: MaskedDeck, perm: readonly number[]): PointList {
  return {
    bytes: perm.map((j) => before.bytes[j] as Uint8Array),
    get points() {
      return perm.map((j) => before.points[j] as Point);
    },
  };
}

function shuffleHolds(
  ctx: DealContext,
  deck: DeckState,
  before: MaskedDeck,
  hop: ShuffleHopRecord,
  seed: Uint8Array,
): boolean {
  const s = shuffleScalar(ctx, seed, deck.id);
  const perm = shufflePermutation(ctx, seed, deck.id, before.bytes.length);
  const w = hopWeights(ctx, deck.id, hop);
  return bytesEqual(
    msmPublicEncoded(hop.deck, w),
    mulPublicEncoded(msmPublicEncoded(permuted(before, perm), w), s),
  );
}

function lockHolds(
  ctx: DealContext,
  deck: DeckState,
  before: MaskedDeck,
  hop: LockHopRecord,
  seed: Uint8Array,
): boolean {
  const n = before.bytes.length;
  const s = shuffleScalar(ctx, seed, deck.id);
  const k = lockScalars(ctx, seed, deck.id, n);
  const w = hopWeights(ctx, deck.id, hop);
  const wk = w.map((wi, i) => scalar.mul(wi, k[i] ?? 0n));
  const sInv = scalar.inv(s);
  const lockKeys = { bytes: hop.lockKeyBytes, points: hop.lockKeys };
  return (
    bytesEqual(hop.shuffleKey.toBytes(), baseMulEncoded(s)) &&
    bytesEqual(msmPublicEncoded(lockKeys, w), baseMulEncoded(wk.reduce(scalar.add, 0n))) &&
    bytesEqual(
      msmPublicEncoded(hop.deck, w),
      msmPublicEncoded(
        before,
        wk.map((x) => scalar.mul(x, sInv)),
      ),
    )
  );
}

function auditDeck(
  ctx: DealContext,
  deck: DeckState,
  seeds: readonly (Uint8Array | null)[],
  violations: AuditViolation[],
): DeckAudit {
  const n = deck.spec.tiles.length;
  let before = deck.initial;
  for (const hop of deck.shuffles) {
    const seed = seeds[hop.seat];
    if (seed && !shuffleHolds(ctx, deck, before, hop, seed)) {
      violations.push({ seat: hop.seat, seq: hop.seq, code: 'SHUFFLE_MISMATCH' });
    }
    before = hop.deck;
  }
  for (const hop of deck.locks) {
    const seed = seeds[hop.seat];
    if (seed && !lockHolds(ctx, deck, before, hop, seed)) {
      violations.push({ seat: hop.seat, seq: hop.seq, code: 'LOCK_MISMATCH' });
    }
    before = hop.deck;
  }
  const derived = seeds.map((seed) => seed && lockScalars(ctx, seed, deck.id, n));
  deck.keys.forEach((row, pos) =>
    row.forEach((published, seat) => {
      const own = derived[seat]?.[pos];
      if (published && own !== undefined && published.key !== own) {
        violations.push({ seat, seq: published.seq, code: 'KEY_MISMATCH' });
      }
    }),
  );
  const ready = deck.locks.length === ctx.seats;
  const faces = deck.keys.map((row, pos) => {
    const keys = row.map((published, seat) => derived[seat]?.[pos] ?? published?.key ?? null);
    if (!ready || keys.some((k) => k === null)) return null;
    return unmask(deck, pos, keys as Scalar[], false);
  });
  const hands = Array.from({ length: ctx.seats }, (_, seat) =>
    faces.filter((_, pos) => deck.owners[pos] === seat),
  );
  return { deck: deck.id, faces, hands };
}

/**
 * The audits made, by deal state: a browser with several seats folds the same
 * (immutable) deal state into each seat's table, and audits it once.
 */
const audited = new WeakMap<DealState, DealAudit>();

export function auditDeal(deal: DealState): DealAudit {
  const known = audited.get(deal);
  if (known) return known;
  const audit = auditSeeds(deal);
  audited.set(deal, audit);
  return audit;
}

function auditSeeds(deal: DealState): DealAudit {
  const { ctx } = deal;
  const violations: AuditViolation[] = [];
  const unchecked: AuditUnchecked[] = [];
  const seeds = deal.seeds.reveals.map((r) => r?.seed ?? null);
  seeds.forEach((seed, seat) => {
    if (!seed) {
      const seq = deal.seeds.commits[seat]?.seq ?? null;
      unchecked.push({ seat, seq, code: 'SEED_NOT_REVEALED' });
    }
  });
  const decks = deal.decks.map((deck) => auditDeck(ctx, deck, seeds, violations));
  for (const [label, round] of deal.randoms) {
    round.reveals.forEach((r, seat) => {
      const seed = seeds[seat];
      if (r && seed && !bytesEqual(r.value, randomContribution(ctx, seed, label))) {
        violations.push({ seat, seq: r.seq, code: 'RANDOM_MISMATCH' });
      }
    });
  }
  for (const [label, round] of deal.choices) {
    round.reveals.forEach((r, seat) => {
      const seed = seeds[seat];
      if (r && seed && !bytesEqual(r.salt, choiceSalt(ctx, seed, label))) {
        violations.push({ seat, seq: r.seq, code: 'CHOICE_MISMATCH' });
      }
    });
  }
  return { violations, unchecked, decks };
}
