// The railominos state: the two-ended line through the leader and
// what a round keeps besides hands and the unused pieces.
import type { TileId } from '../../tiles';
import type { BaseState } from '../../variant';
import type { Card, Seat } from '../../types';

export const ENDS = ['west', 'east'] as const;
export type End = (typeof ENDS)[number];

export interface Line {
  /** Pieces from the leader outward. */
  readonly tiles: readonly TileId[];
  /** The railroad (suit index) a piece must match at this end. */
  readonly open: number;
}

export interface Leader {
  readonly tile: TileId;
  /** The railroads of the leader's west and east halves. */
  readonly west: number;
  readonly east: number;
}

export interface Layout {
  readonly leader: Leader;
  readonly west: Line;
  readonly east: Line;
}

export interface RailominosState extends BaseState {
  readonly variant: 'railominos';
  /** Null until the leader is turned up. */
  readonly layout: Layout | null;
  /** FRISCO turned up as leader: face up, out of play for the round. */
  readonly setAside: readonly Card[];
  /** This round's first player; null until chance decides it in round 1. */
  readonly firstPlayer: Seat | null;
  /** Passes in a row with no play between (R-8, C-7). */
  readonly passes: number;
}

export function layoutOf(leader: Leader): Layout {
  return {
    leader,
    west: { tiles: [], open: leader.west },
    east: { tiles: [], open: leader.east },
  };
}
