// A player's view: the same state with every tile it may not see hidden.
import type { BaseState, Supply } from './variant';
import type { Card, Seat } from './types';

const hide = (cards: readonly Card[]): Card[] => cards.map((c) => ({ pos: c.pos, tile: null }));

/** `seat`'s view of a full-information state: other hands and the boneyard hidden. */
export function viewOf<S extends BaseState>(state: S, seat: Seat): S {
  return {
    ...state,
    hands: state.hands.map((h, s) => (s === seat ? h : hide(h))),
    boneyard: hide(state.boneyard),
  };
}

/**
 * The supply with every card it carries passed through `f` (`owner`: the seat
 * whose hand the card goes to, null for the boneyard).
 */
export function mapSupplyCards(input: Supply, f: (card: Card, owner: Seat | null) => Card): Supply {
  switch (input.kind) {
    case 'deal':
      return {
        kind: 'deal',
        hands: input.hands.map((h, s) => h.map((c) => f(c, s))),
        boneyard: input.boneyard.map((c) => f(c, null)),
      };
    case 'reshuffle':
      return { kind: 'reshuffle', boneyard: input.boneyard.map((c) => f(c, null)) };
    case 'reveal':
    case 'firstPlayer':
      return input;
  }
}

/** What `seat` learns of a supply: its own hand, not the others' nor the boneyard. */
export function hideSupply(input: Supply, seat: Seat): Supply {
  return mapSupplyCards(input, (c, owner) => (owner === seat ? c : { pos: c.pos, tile: null }));
}
