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

/** What `seat` learns of a supply: its own hand, not the others' nor the boneyard. */
export function hideSupply(input: Supply, seat: Seat): Supply {
  switch (input.kind) {
    case 'deal':
      return {
        kind: 'deal',
        hands: input.hands.map((h, s) => (s === seat ? h : hide(h))),
        boneyard: hide(input.boneyard),
      };
    case 'reshuffle':
      return { kind: 'reshuffle', boneyard: hide(input.boneyard) };
    case 'reveal':
    case 'firstPlayer':
      return input;
  }
}
