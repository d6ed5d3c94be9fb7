// Engine positions and deck positions. The engine names cards by position; the
// round's decks (the deal, E-2 redeals, E-10 reshuffles) are numbered one after
// another, so deck d's position i is the engine's position base(d) + i.
import { deckSize, type Owner } from '../deck/deck';
import type { DealState } from '../deal/state';

export interface DeckPosition {
  readonly deck: number;
  readonly pos: number;
}

export function deckBase(deal: DealState, deck: number): number {
  return deal.decks.slice(0, deck).reduce((base, d) => base + deckSize(d), 0);
}

export function locate(deal: DealState, enginePos: number): DeckPosition | null {
  if (!Number.isSafeInteger(enginePos) || enginePos < 0) return null;
  let base = 0;
  for (const deck of deal.decks) {
    const size = deckSize(deck);
    if (enginePos < base + size) return { deck: deck.id, pos: enginePos - base };
    base += size;
  }
  return null;
}

export function ownerAt(deal: DealState, at: DeckPosition): Owner | null {
  return deal.decks[at.deck]?.owners[at.pos] ?? null;
}

/** Whether `seat` has published its key for a position. */
export function keyPublished(deal: DealState, at: DeckPosition, seat: number): boolean {
  return (deal.decks[at.deck]?.keys[at.pos]?.[seat] ?? null) !== null;
}

/** The public face at a position: a tile id, 'not-a-tile', or null while keys are missing. */
export function publicFace(deal: DealState, at: DeckPosition): number | 'not-a-tile' | null {
  return deal.decks[at.deck]?.faces[at.pos] ?? null;
}

/** Groups positions by deck, keeping their order. */
export function byDeck<T extends { readonly at: DeckPosition }>(items: readonly T[]): T[][] {
  const groups = new Map<number, T[]>();
  for (const item of items) {
    const group = groups.get(item.at.deck) ?? [];
    group.push(item);
    groups.set(item.at.deck, group);
  }
  return [...groups.values()];
}
