import { describe, expect, it, vi } from 'vitest';
import { canonicalJson } from '$lib/protocol/log/canonical-json';
import {
  applyLockHop,
  applyShuffleHop,
  buildLockHop,
  buildShuffleHop,
} from '$lib/protocol/deck/hops';
import type { LockHopBody, ShuffleHopBody } from '$lib/protocol/log/entry-kinds';
import { markProven, provenKey } from '$lib/protocol/deck/proven';
import { ctx, freshDeck, seeds, shuffled } from './deck-fixture';

const calls = vi.hoisted(() => ({ shuffle: 0, lock: 0 }));

vi.mock('$lib/protocol/deck/shuffle-proof', async (original) => {
  const real = await original<typeof import('$lib/protocol/deck/shuffle-proof')>();
  return {
    ...real,
    verifyShuffle: (...args: Parameters<typeof real.verifyShuffle>) => {
      calls.shuffle++;
      return real.verifyShuffle(...args);
    },
  };
});
vi.mock('$lib/protocol/deck/lock-proof', async (original) => {
  const real = await original<typeof import('$lib/protocol/deck/lock-proof')>();
  return {
    ...real,
    verifyLock: (...args: Parameters<typeof real.verifyLock>) => {
      calls.lock++;
      return real.verifyLock(...args);
    },
  };
});

/** As a body comes out of a log entry: canonical JSON, keys sorted. */
const throughLog = <T>(body: T): T => JSON.parse(canonicalJson(body as never)) as T;

describe('proofs are checked once per process', () => {
  it('does not check a hop built here when it comes back through the log', () => {
    const deck = freshDeck(6);
    const before = { ...calls };
    const hop = throughLog<ShuffleHopBody>(buildShuffleHop(ctx, deck, seeds[0]!));
    expect(applyShuffleHop(ctx, deck, 0, 0, hop).ok).toBe(true);
    const ready = shuffled(6);
    const lockBefore = calls.lock;
    const lock = throughLog<LockHopBody>(buildLockHop(ctx, ready, 0, seeds[0]!));
    expect(applyLockHop(ctx, ready, 0, 3, lock).ok).toBe(true);
    expect(calls.shuffle).toBe(before.shuffle);
    expect(calls.lock).toBe(lockBefore);
  });

  it('checks a hop it has not seen, once: then takes it again without checking', () => {
    const deck = freshDeck(7);
    const hop = throughLog<ShuffleHopBody>(buildShuffleHop(ctx, deck, seeds[1]!));
    // Another statement (another game) is checked, and refused.
    const before = calls.shuffle;
    expect(applyShuffleHop({ ...ctx, game: 'other' }, deck, 0, 0, hop).ok).toBe(false);
    expect(calls.shuffle).toBe(before + 1);
    // Forgotten (more recent proofs pushed it out), the hop is as one from another browser.
    for (let i = 0; i < 64; i++) markProven(provenKey('filler', [i], { i }));
    expect(applyShuffleHop(ctx, deck, 0, 0, hop).ok).toBe(true);
    expect(calls.shuffle).toBe(before + 2);
    expect(applyShuffleHop(ctx, deck, 0, 0, hop).ok).toBe(true);
    expect(calls.shuffle).toBe(before + 2);
  });
});
