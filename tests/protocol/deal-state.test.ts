import { describe, expect, it } from 'vitest';
import { toBase64url } from '$lib/protocol/crypto/bytes';
import {
  buildChoiceCommit,
  buildChoiceReveal,
  buildRandomCommit,
  buildRandomReveal,
  jointRandom,
  randomIndex,
  randomOrder,
} from '$lib/protocol/deal/commit-reveal';
import type { DealContext } from '$lib/protocol/deal/context';
import { applyDealEntry, createDeal, openDealDeck, type DealState } from '$lib/protocol/deal/state';
import { buildShuffleHop } from '$lib/protocol/deck/hops';
import type { DealBodies, DealEntry, DealEntryKind } from '$lib/protocol/log/entry-kinds';
import { seedCommitment } from '$lib/protocol/deal/peer-secret';
import { testSeed, tiles, unwrap } from './helpers';

const ctx: DealContext = { game: 'state-test', round: 2, seats: 3 };
const seeds = [0, 1, 2].map((i) => testSeed('state', i));
let seq = 0;

function entry<K extends DealEntryKind>(kind: K, seat: number, body: DealBodies[K]): DealEntry {
  return { kind, seat, seq: seq++, body } as DealEntry;
}

function apply(state: DealState, ...entries: DealEntry[]): DealState {
  return entries.reduce((s, e) => unwrap(applyDealEntry(s, e)), state);
}

const codeOf = (r: { ok: boolean; error?: { code: string } }): string | undefined =>
  r.ok ? undefined : r.error?.code;

const commitSeed = (seat: number, seed = seeds[seat]!) =>
  entry('seed-commit', seat, { commitment: toBase64url(seedCommitment(ctx, seat, seed)) });

describe('seeds', () => {
  const fresh = unwrap(openDealDeck(unwrap(createDeal(ctx)), { set: 'double-6', tiles: tiles(4) }));

  it('are committed by every seat before the first shuffle', () => {
    const partial = apply(fresh, commitSeed(0), commitSeed(1));
    const hop = entry('shuffle-hop', 0, buildShuffleHop(ctx, partial.decks[0]!, seeds[0]!));
    expect(codeOf(applyDealEntry(partial, hop))).toBe('NOT_ALL_COMMITTED');
    expect(codeOf(applyDealEntry(apply(partial, commitSeed(2)), hop))).toBeUndefined();
    expect(codeOf(applyDealEntry(partial, commitSeed(0)))).toBe('ALREADY_COMMITTED');
  });

  it('are revealed only as committed', () => {
    const all = apply(fresh, commitSeed(0), commitSeed(1), commitSeed(2));
    const reveal = (seat: number, seed: Uint8Array) =>
      entry('seed-reveal', seat, { seed: toBase64url(seed) });
    expect(codeOf(applyDealEntry(all, reveal(1, seeds[0]!)))).toBe('COMMITMENT_MISMATCH');
    const revealed = apply(all, reveal(1, seeds[1]!));
    expect(revealed.seeds.reveals[1]?.seed).toEqual(seeds[1]);
    expect(codeOf(applyDealEntry(revealed, reveal(1, seeds[1]!)))).toBe('ALREADY_REVEALED');
  });

  it('refuse seats and decks that do not exist', () => {
    expect(codeOf(applyDealEntry(fresh, commitSeed(3, seeds[0]!)))).toBe('UNKNOWN_SEAT');
    const hop = entry('shuffle-hop', 0, {
      ...buildShuffleHop(ctx, fresh.decks[0]!, seeds[0]!),
      deck: 5,
    });
    const all = apply(fresh, commitSeed(0), commitSeed(1), commitSeed(2));
    expect(codeOf(applyDealEntry(all, hop))).toBe('UNKNOWN_DECK');
  });
});

describe('joint randomness', () => {
  const base = unwrap(createDeal(ctx));
  const commits = [0, 1, 2].map((s) =>
    entry('random-commit', s, buildRandomCommit(ctx, s, seeds[s]!, 'first-player')),
  );
  const reveals = [0, 1, 2].map((s) =>
    entry('random-reveal', s, buildRandomReveal(ctx, seeds[s]!, 'first-player')),
  );

  it('opens only after every seat committed, and each reveal must match', () => {
    const two = apply(base, commits[0]!, commits[1]!);
    expect(codeOf(applyDealEntry(two, reveals[0]!))).toBe('NOT_ALL_COMMITTED');
    const three = apply(two, commits[2]!);
    const forged = entry('random-reveal', 0, buildRandomReveal(ctx, seeds[1]!, 'first-player'));
    expect(codeOf(applyDealEntry(three, forged))).toBe('COMMITMENT_MISMATCH');
    // a copied commitment is bound to its seat and cannot be revealed by another
    const copier = apply(base, commits[0]!, { ...commits[0]!, seat: 1 } as DealEntry, commits[2]!);
    const copy = entry('random-reveal', 1, buildRandomReveal(ctx, seeds[0]!, 'first-player'));
    expect(codeOf(applyDealEntry(copier, copy))).toBe('COMMITMENT_MISMATCH');
  });

  it('gives every seat the same bytes, usable for a first player and a seat order', () => {
    const done = apply(base, ...commits, ...reveals);
    const round = done.randoms.get('first-player')!;
    const bytes = jointRandom(ctx, 'first-player', round)!;
    expect(bytes).toHaveLength(64);
    expect(
      jointRandom(ctx, 'first-player', apply(base, ...commits).randoms.get('first-player')!),
    ).toBeNull();
    expect(randomIndex(bytes, 3)).toBeLessThan(3);
    expect([...randomOrder(bytes, 8)].sort()).toEqual(tiles(8));
  });
});

describe('simultaneous choices', () => {
  it('are revealed after all commit, each as committed', () => {
    const base = unwrap(createDeal(ctx));
    const picks = [4, 0, 9];
    const commits = [0, 1, 2].map((s) =>
      entry('choice-commit', s, buildChoiceCommit(ctx, s, seeds[s]!, 'e2', picks[s]!)),
    );
    const all = apply(base, ...commits);
    const changed = entry('choice-reveal', 0, buildChoiceReveal(ctx, seeds[0]!, 'e2', 5));
    expect(codeOf(applyDealEntry(all, changed))).toBe('COMMITMENT_MISMATCH');
    const done = apply(
      all,
      ...[0, 1, 2].map((s) =>
        entry('choice-reveal', s, buildChoiceReveal(ctx, seeds[s]!, 'e2', picks[s]!)),
      ),
    );
    expect(done.choices.get('e2')!.reveals.map((r) => r?.choice)).toEqual(picks);
  });
});
