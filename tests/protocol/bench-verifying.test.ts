import { describe, expect, it } from 'vitest';
import { verifying } from '../../bench/verifying';
import { applyShuffleHop, buildShuffleHop } from '$lib/protocol/deck/hops';
import { ProvenCache, withProven } from '$lib/protocol/deck/proven';
import { ctx, freshDeck, seeds } from './deck-fixture';

describe('a bench figure called "verify" verifies', () => {
  const deck = freshDeck(5);
  const hop = buildShuffleHop(ctx, deck, seeds[0]!);

  it('passes a check made by a peer that has not seen the proof', () => {
    expect(verifying(() => applyShuffleHop(ctx, deck, 0, 0, hop)).ok).toBe(true);
  });

  it('throws when the timed call took the proof from the cache', () => {
    const peer = new ProvenCache();
    verifying(() => applyShuffleHop(ctx, deck, 0, 0, hop), peer);
    expect(() => verifying(() => applyShuffleHop(ctx, deck, 0, 0, hop), peer)).toThrow(
      /took 1 proof/,
    );
  });

  it('throws when the peer built the hop it times (its own proofs are known)', () => {
    const author = new ProvenCache();
    const own = withProven(author, () => buildShuffleHop(ctx, deck, seeds[1]!));
    expect(() => verifying(() => applyShuffleHop(ctx, deck, 0, 0, own), author)).toThrow(
      /from the cache/,
    );
  });

  it('throws when the timed call checked no proof at all', () => {
    expect(() => verifying(() => deck.id)).toThrow(/checked no proof/);
  });

  it('keeps peers apart: one peer proving a hop does not spare another its check', () => {
    const a = new ProvenCache();
    const b = new ProvenCache();
    withProven(a, () => applyShuffleHop(ctx, deck, 0, 0, hop));
    withProven(b, () => applyShuffleHop(ctx, deck, 0, 0, hop));
    expect([a.misses, b.misses, a.hits, b.hits]).toEqual([1, 1, 0, 0]);
  });
});
