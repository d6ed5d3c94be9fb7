// Hands and the boneyard as deck positions with tiles known or not (views).
import { parseTile } from './tiles';
import type { TileId, TileSet } from './tiles';
import type { BaseState } from './variant';
import type { Card, Result, Seat } from './types';
import { fail, ok } from './types';

/** Whether some card satisfies `pred`: `yes` on a known tile, `unknown` if only hidden cards could. */
export type Maybe = 'yes' | 'no' | 'unknown';

export function anyCard(cards: readonly Card[], pred: (tile: TileId) => boolean): Maybe {
  let hidden = false;
  for (const c of cards) {
    if (c.tile === null) hidden = true;
    else if (pred(c.tile)) return 'yes';
  }
  return hidden ? 'unknown' : 'no';
}

export function knownTiles(...groups: readonly (readonly Card[])[]): TileId[] {
  const tiles: TileId[] = [];
  for (const cards of groups) for (const c of cards) if (c.tile !== null) tiles.push(c.tile);
  return tiles;
}

export function indexOfTile(cards: readonly Card[], tile: TileId): number {
  return cards.findIndex((c) => c.tile === tile);
}

export function without<T>(items: readonly T[], index: number): T[] {
  return [...items.slice(0, index), ...items.slice(index + 1)];
}

export function replaceAt<T>(items: readonly T[], index: number, item: T): T[] {
  const copy = items.slice();
  copy[index] = item;
  return copy;
}

/** Removes the card holding `tile` from a seat's hand; null if the hand has no such known card. */
export function takeFromHand<S extends BaseState>(state: S, seat: Seat, tile: TileId): S | null {
  const hand = state.hands[seat];
  if (!hand) return null;
  const i = indexOfTile(hand, tile);
  if (i < 0) return null;
  return { ...state, hands: replaceAt(state.hands, seat, without(hand, i)) };
}

/** Moves the boneyard's top card into a seat's hand. */
export function drawToHand<S extends BaseState>(state: S, seat: Seat): S {
  const [top, ...rest] = state.boneyard;
  const hand = state.hands[seat];
  if (!top || !hand) return state;
  return { ...state, boneyard: rest, hands: replaceAt(state.hands, seat, [...hand, top]) };
}

/**
 * A view learns the tile at a deck position (its own draw, a play, a public
 * reveal). A position already known must agree.
 */
export function revealCard<S extends BaseState>(state: S, pos: number, tile: TileId): Result<S> {
  const learn = (cards: readonly Card[]): readonly Card[] | 'conflict' | null => {
    const i = cards.findIndex((c) => c.pos === pos);
    if (i < 0) return null;
    const card = cards[i] as Card;
    if (card.tile !== null) return card.tile === tile ? cards : 'conflict';
    return replaceAt(cards, i, { pos, tile });
  };
  const conflict = () => fail<S>('UNKNOWN_CARD', null, `position ${pos} holds another tile`);
  for (let s = 0; s < state.hands.length; s++) {
    const hand = learn(state.hands[s] ?? []);
    if (hand === 'conflict') return conflict();
    if (hand) return ok({ ...state, hands: replaceAt(state.hands, s, hand) });
  }
  const boneyard = learn(state.boneyard);
  if (boneyard === 'conflict') return conflict();
  if (boneyard) return ok({ ...state, boneyard });
  return fail('UNKNOWN_CARD', null, `no card at position ${pos} in any hand or the boneyard`);
}

/** A fully known deal from tile names; positions number the hands, then the boneyard. */
export function dealCards(
  set: TileSet,
  hands: readonly (readonly string[])[],
  boneyard: readonly string[],
): { hands: Card[][]; boneyard: Card[] } {
  let pos = 0;
  const card = (t: string): Card => ({ pos: pos++, tile: parseTile(set, t) });
  return { hands: hands.map((h) => h.map(card)), boneyard: boneyard.map(card) };
}
