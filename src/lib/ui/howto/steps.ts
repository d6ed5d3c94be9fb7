// What a walkthrough is made of: a few steps, each a picture drawn with real tile
// faces and its own words (the howto area's messages, read when shown, so in the
// active language). Each variant's tour is its own (ui/variants/tours/<id>.ts);
// the steps several variants share are here.
import howto from '../i18n/howto';

/** Two ends as the face shows them (railroads: suit indices, -1 for FRISCO). */
export type Ends = readonly [number, number];

/** A picture's row: `lit` rings one tile, `marker` ends the row with a train marker, `backs` face-down tiles. */
export interface HowtoRow {
  readonly tiles: readonly Ends[];
  readonly lit?: number;
  readonly marker?: boolean;
  readonly backs?: number;
}

export interface HowtoStep {
  /** Names the step (`data-step`): the same idea keeps its id from one variant's tour to another's. */
  readonly id: string;
  readonly title: () => string;
  readonly text: () => string;
  readonly rows: readonly HowtoRow[];
  /** A line under the text, worked from the picture (the pips left in hand). */
  readonly example?: () => string;
}

/** A variant's walkthrough: its steps, in order (the first is the hand). */
export interface HowtoTour {
  readonly steps: readonly HowtoStep[];
}

// The shared pictures use a double-6 set's tiles, so they fit every pip table
// (Engine 191 for two plays with one).

/** The hand, in pips (a set without pips draws its own, in its tour). */
export const HAND: HowtoStep = {
  id: 'hand',
  title: () => howto.hand_title(),
  text: () => howto.hand_text(),
  rows: [
    {
      tiles: [
        [3, 5],
        [6, 6],
        [4, 2],
        [6, 1],
        [1, 0],
      ],
    },
  ],
};

/** Where a tile can go: a half matching an open end. */
export const MATCH: HowtoStep = {
  id: 'match',
  title: () => howto.match_title(),
  text: () => howto.match_text(),
  rows: [
    {
      tiles: [
        [6, 5],
        [5, 2],
        [2, 4],
      ],
      lit: 2,
    },
  ],
};

/** Drawing from the boneyard, and the marker when the drawn tile does not fit (MT-8, DT-6). */
export const DRAW: HowtoStep = {
  id: 'draw',
  title: () => howto.draw_title(),
  text: () => howto.draw_text(),
  rows: [{ tiles: [[6, 2]], backs: 3, lit: 0 }],
};

const LEFT_IN_HAND: readonly Ends[] = [
  [5, 4],
  [2, 0],
];
const PIPS_LEFT = LEFT_IN_HAND.reduce((sum, [a, b]) => sum + a + b, 0);

/** The end of a round: the pips left in hand count, lowest total wins (MT-10, MT-11, DT-11, DT-12). */
export const END: HowtoStep = {
  id: 'end',
  title: () => howto.end_title(),
  text: () => howto.end_text(),
  rows: [{ tiles: LEFT_IN_HAND }],
  example: () => howto.end_example({ pips: PIPS_LEFT }),
};
