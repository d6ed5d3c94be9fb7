import { describe, expect, it } from 'vitest';
import { canonicalJson } from '$lib/protocol/log/canonical-json';
import { baseMulEncoded } from '$lib/protocol/crypto/group';
import type { DeckState } from '$lib/protocol/deck/deck';
import {
  applyLockHop,
  applyShuffleHop,
  buildLockHop,
  buildShuffleHop,
  lockHopSteps,
  receiveLockHop,
  receiveShuffleHop,
  shuffleHopSteps,
} from '$lib/protocol/deck/hops';
import { buildOnReceived, runHere, type Run } from '$lib/protocol/deck/pipeline';
import { ProvenCache, withProven } from '$lib/protocol/deck/proven';
import type { Steps } from '$lib/protocol/deck/work';
import { ctx, dishonestLock, freshDeck, provenShuffle, seeds, shuffled } from './deck-fixture';
import { unwrap } from './helpers';

const code = (r: { ok: boolean; error?: { code: string } }) => (r.ok ? 'ok' : r.error?.code);

/** Runs a build to its end, recording that it did. */
function tracked<T>(build: (deck: DeckState) => Steps<T>) {
  const log = { built: false };
  const wrapped = (deck: DeckState): Steps<T> =>
    (function* () {
      const hop = yield* build(deck);
      log.built = true;
      return hop;
    })();
  return { log, wrapped };
}

describe('a seat builds its hop while the hop it received is checked', () => {
  it('releases the same hop as one built after the check, and takes the checked deck', async () => {
    const deck = freshDeck(9);
    const hop0 = buildShuffleHop(ctx, deck, seeds[0]!);
    const next = new ProvenCache();
    const received = withProven(next, () => unwrap(receiveShuffleHop(ctx, deck, 0, 0, hop0)));
    expect(received.check).not.toBeNull();
    const piped = unwrap(
      await buildOnReceived(received, (d) => shuffleHopSteps(ctx, d, seeds[1]!)),
    );
    const checked = unwrap(applyShuffleHop(ctx, deck, 0, 0, hop0));
    expect(canonicalJson(piped.hop as never)).toBe(
      canonicalJson(buildShuffleHop(ctx, checked, seeds[1]!) as never),
    );
    expect(piped.deck.shuffles.map((s) => s.deck.encoded)).toEqual(
      checked.shuffles.map((s) => s.deck.encoded),
    );
  });

  it('holds its hop until the check has passed, even when the build finished first', async () => {
    const deck = freshDeck(6);
    const hop0 = buildShuffleHop(ctx, deck, seeds[0]!);
    const received = withProven(new ProvenCache(), () =>
      unwrap(receiveShuffleHop(ctx, deck, 0, 0, hop0)),
    );
    expect(received.check).not.toBeNull();
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slowCheck: Run = (steps) => gate.then(() => runHere(steps));
    const { log, wrapped } = tracked((d) => shuffleHopSteps(ctx, d, seeds[1]!));
    let settled = false;
    const result = buildOnReceived(received, wrapped, { check: slowCheck, build: runHere }).then(
      (r) => ((settled = true), r),
    );
    for (let i = 0; i < 5; i++) await Promise.resolve();
    expect(log.built).toBe(true);
    expect(settled).toBe(false);
    release();
    expect(code(await result)).toBe('ok');
  });

  it('refuses a cheating shuffle at once, though the next seat had built on it; so does every other peer', async () => {
    const deck = freshDeck(8);
    const cheat = provenShuffle(
      ctx,
      deck,
      0,
      { perm: [2, 1, 0, 3, 4, 5, 6, 7], s: 99n, seed: seeds[0]! },
      (out) => void (out[5] = baseMulEncoded(1234n)),
    );
    const nextSeat = new ProvenCache();
    const received = withProven(nextSeat, () => unwrap(receiveShuffleHop(ctx, deck, 0, 0, cheat)));
    const { log, wrapped } = tracked((d) => shuffleHopSteps(ctx, d, seeds[1]!));
    const result = await withProven(nextSeat, () => buildOnReceived(received, wrapped));
    expect(log.built).toBe(true);
    expect(result).toEqual({ ok: false, error: { code: 'BAD_SHUFFLE_PROOF' } });
    // not remembered as sound: the next seat, asked again, checks and refuses again
    expect(code(withProven(nextSeat, () => applyShuffleHop(ctx, deck, 0, 0, cheat)))).toBe(
      'BAD_SHUFFLE_PROOF',
    );
    const other = new ProvenCache();
    expect(code(withProven(other, () => applyShuffleHop(ctx, deck, 0, 0, cheat)))).toBe(
      'BAD_SHUFFLE_PROOF',
    );
  });

  it('refuses a cheating lock at once, though the next seat had built on it; so does every other peer', async () => {
    const ready = shuffled(8);
    const cheat = dishonestLock(ready, 0, (after) => {
      [after[2], after[3]] = [after[3]!, after[2]!];
    });
    const nextSeat = new ProvenCache();
    const received = withProven(nextSeat, () => unwrap(receiveLockHop(ctx, ready, 0, 3, cheat)));
    const { log, wrapped } = tracked((d) => lockHopSteps(ctx, d, 1, seeds[1]!));
    const result = await withProven(nextSeat, () => buildOnReceived(received, wrapped));
    expect(log.built).toBe(true);
    expect(result).toEqual({ ok: false, error: { code: 'BAD_LOCK_PROOF' } });
    for (const peer of [nextSeat, new ProvenCache()]) {
      expect(code(withProven(peer, () => applyLockHop(ctx, ready, 0, 3, cheat)))).toBe(
        'BAD_LOCK_PROOF',
      );
    }
  });

  it('does not check again a hop this peer knows sound (its own, coming back)', async () => {
    const ready = shuffled(6);
    const own = new ProvenCache();
    const hop = withProven(own, () => buildLockHop(ctx, ready, 0, seeds[0]!));
    const received = withProven(own, () => unwrap(receiveLockHop(ctx, ready, 0, 3, hop)));
    expect(received.check).toBeNull();
    const piped = await buildOnReceived(received, (d) => lockHopSteps(ctx, d, 1, seeds[1]!));
    expect(code(piped)).toBe('ok');
  });
});
