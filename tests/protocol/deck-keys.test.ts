import { describe, expect, it } from 'vitest';
import { toBase64url } from '$lib/protocol/crypto/bytes';
import type { DealContext } from '$lib/protocol/deal/context';
import { assignPositions, maskedDeck, type DeckState } from '$lib/protocol/deck/deck';
import {
  applyLockHop,
  applyShuffleHop,
  buildLockHop,
  buildShuffleHop,
} from '$lib/protocol/deck/hops';
import { applyKeys, keysToReveal, keysToShare, knownFace } from '$lib/protocol/deck/keys';
import type { KeysBody } from '$lib/protocol/log/entry-kinds';
import { baseMul, mul, scalar } from '$lib/protocol/crypto/group';
import { lockScalars, shuffleScalar } from '$lib/protocol/deal/peer-secret';
import { ctx, freshDeck, locked, seeds, shuffled } from './deck-fixture';
import { unwrap } from './helpers';

/** What a seat sees at every position of the deck. */
const knownFaces = (c: DealContext, deck: DeckState, seat: number, seed: Uint8Array) =>
  deck.faces.map((_, pos) => knownFace(c, deck, seat, seed, pos));

const codeOf = (r: { ok: boolean; error?: { code: string } }): string | undefined =>
  r.ok ? undefined : r.error?.code;

function dealTo(deck: DeckState, positions: number[], owner: number | 'public'): DeckState {
  return unwrap(assignPositions(ctx, deck, positions, owner));
}

function shareAll(deck: DeckState): DeckState {
  for (let s = 0; s < ctx.seats; s++) {
    const body = keysToShare(ctx, deck, s, seeds[s]!);
    if (body) deck = unwrap(applyKeys(ctx, deck, s, 20 + s, 'key-share', body));
  }
  return deck;
}

const keyText = (seat: number, pos: number, n = 8): string =>
  toBase64url(scalar.encode(lockScalars(ctx, seeds[seat]!, 0, n)[pos]!));

describe('private deal', () => {
  it('lets only the owner open its positions', () => {
    const deck = shareAll(dealTo(dealTo(locked(), [0, 1, 2], 0), [3, 4, 5], 1));
    const views = [0, 1, 2].map((s) => knownFaces(ctx, deck, s, seeds[s]!));
    expect(views[0]!.slice(0, 3).every((f) => typeof f === 'number')).toBe(true);
    expect(views[0]!.slice(3)).toEqual([null, null, null, null, null]);
    expect(views[1]!.slice(3, 6).every((f) => typeof f === 'number')).toBe(true);
    expect(views[1]!.slice(0, 3)).toEqual([null, null, null]);
    expect(views[2]).toEqual(Array(8).fill(null));
    expect(deck.faces).toEqual(Array(8).fill(null));
    // nothing left to share
    expect([0, 1, 2].map((s) => keysToShare(ctx, deck, s, seeds[s]!))).toEqual([null, null, null]);
  });

  it('checks each key against the lock key it was committed to', () => {
    const deck = dealTo(locked(), [0], 1);
    const wrong: KeysBody = { deck: 0, keys: [{ pos: 0, key: keyText(0, 1) }] };
    expect(codeOf(applyKeys(ctx, deck, 0, 30, 'key-share', wrong))).toBe('KEY_MISMATCH');
    const zero: KeysBody = { deck: 0, keys: [{ pos: 0, key: toBase64url(new Uint8Array(32)) }] };
    expect(codeOf(applyKeys(ctx, deck, 0, 30, 'key-share', zero))).toBe('BAD_SCALAR');
    const right: KeysBody = { deck: 0, keys: [{ pos: 0, key: keyText(0, 0) }] };
    const once = unwrap(applyKeys(ctx, deck, 0, 30, 'key-share', right));
    expect(codeOf(applyKeys(ctx, once, 0, 31, 'key-share', right))).toBe('DUPLICATE_KEY');
  });

  it('refuses keys nobody is owed', () => {
    const deck = dealTo(locked(), [0], 1);
    const body = (pos: number, seat: number): KeysBody => ({
      deck: 0,
      keys: [{ pos, key: keyText(seat, pos % 8) }],
    });
    expect(codeOf(applyKeys(ctx, deck, 0, 30, 'key-share', body(5, 0)))).toBe('KEY_NOT_EXPECTED');
    expect(codeOf(applyKeys(ctx, deck, 1, 30, 'key-share', body(0, 1)))).toBe('KEY_NOT_EXPECTED');
    expect(codeOf(applyKeys(ctx, deck, 0, 30, 'reveal', body(0, 0)))).toBe('KEY_NOT_EXPECTED');
    expect(codeOf(applyKeys(ctx, deck, 0, 30, 'key-share', body(8, 0)))).toBe('BAD_POSITION');
    expect(codeOf(applyKeys(ctx, shuffled(), 0, 30, 'key-share', body(0, 0)))).toBe('WRONG_STAGE');
  });
});

describe('opening positions', () => {
  it('opens a public position once every seat reveals', () => {
    let deck = dealTo(locked(), [7], 'public');
    for (let s = 0; s < ctx.seats; s++) {
      expect(deck.faces[7]).toBeNull();
      deck = unwrap(
        applyKeys(ctx, deck, s, 40 + s, 'reveal', keysToReveal(ctx, deck, s, seeds[s]!)!),
      );
    }
    expect(deck.faces[7]).toBeTypeOf('number');
  });

  it('opens a played tile with the owner’s key, showing what it held', () => {
    let deck = shareAll(dealTo(locked(), [2], 2));
    const held = knownFaces(ctx, deck, 2, seeds[2]!)[2];
    expect(keysToReveal(ctx, deck, 1, seeds[1]!, [2])).toBeNull();
    const play = keysToReveal(ctx, deck, 2, seeds[2]!, [2])!;
    deck = unwrap(applyKeys(ctx, deck, 2, 50, 'reveal', play));
    expect(deck.faces[2]).toBe(held);
    expect(knownFaces(ctx, deck, 0, seeds[0]!)[2]).toBe(held);
  });

  it('shows a corrupted position as no tile', () => {
    // a deck as an unproven shuffle with a foreign point would leave it (refused
    // today: BAD_SHUFFLE_PROOF), to show what opening such a position gives
    let deck = freshDeck();
    const s = shuffleScalar(ctx, seeds[0]!, 0);
    const points = [...deck.initial.points.slice(0, 7), mul(deck.initial.points[0]!, 99n)];
    const hop = { seat: 0, seq: 0, deck: maskedDeck(points.map((p) => mul(p, s))) };
    deck = { ...deck, shuffles: [{ ...hop, shuffleKey: baseMul(s) }] };
    for (const s of [1, 2]) {
      deck = unwrap(applyShuffleHop(ctx, deck, s, s, buildShuffleHop(ctx, deck, seeds[s]!)));
    }
    for (let s = 0; s < ctx.seats; s++) {
      deck = unwrap(applyLockHop(ctx, deck, s, 3 + s, buildLockHop(ctx, deck, s, seeds[s]!)));
    }
    deck = dealTo(deck, [0, 1, 2, 3, 4, 5, 6, 7], 'public');
    for (let s = 0; s < ctx.seats; s++) {
      deck = unwrap(
        applyKeys(ctx, deck, s, 10 + s, 'reveal', keysToReveal(ctx, deck, s, seeds[s]!)!),
      );
    }
    expect(deck.faces.filter((f) => f === 'not-a-tile')).toHaveLength(1);
  });
});
