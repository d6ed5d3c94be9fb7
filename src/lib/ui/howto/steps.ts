// The walkthrough's steps: each a picture drawn with real tile faces and words of
// its own (messages/howto: `<id>_title`, `<id>_text`). A variant's file
// (ui/variants) lists the steps its rules need, in order; the shared ones are here.

/** Every step any variant's walkthrough shows. */
export const HOWTO_STEP_IDS = [
  'hand',
  'match',
  'trains',
  'doubles',
  'draw',
  'end',
  'platform',
  'derail',
  'lines',
  'stations',
  'yard',
  'tokens',
  'railroads',
  'scoring',
  'no_draw',
  'round_score',
] as const;
export type HowtoStepId = (typeof HOWTO_STEP_IDS)[number];

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
  readonly id: HowtoStepId;
  readonly rows: readonly HowtoRow[];
  /** The pips left in hand counted under the picture (the end of a round). */
  readonly pips?: number;
}

/** A walkthrough: its steps, and whether its faces are railroads (Railominos). */
export interface HowtoTour {
  readonly steps: readonly HowtoStep[];
  readonly railroads?: boolean;
}

const LEFT_IN_HAND: readonly Ends[] = [
  [5, 4],
  [2, 0],
];

export const HAND: HowtoStep = {
  id: 'hand',
  rows: [
    {
      tiles: [
        [3, 5],
        [6, 6],
        [9, 2],
        [12, 4],
        [1, 0],
      ],
    },
  ],
};

export const MATCH: HowtoStep = {
  id: 'match',
  rows: [
    {
      tiles: [
        [12, 5],
        [5, 9],
        [9, 4],
      ],
      lit: 2,
    },
  ],
};

export const DRAW: HowtoStep = { id: 'draw', rows: [{ tiles: [[6, 2]], backs: 3, lit: 0 }] };

export const PIPS_LEFT: HowtoStep = {
  id: 'end',
  rows: [{ tiles: LEFT_IN_HAND }],
  pips: LEFT_IN_HAND.reduce((sum, [a, b]) => sum + a + b, 0),
};

/** Mexican Train's walkthrough (the tournament rules share it). */
export const MEXICAN_TRAIN_TOUR: HowtoTour = {
  steps: [
    HAND,
    MATCH,
    {
      id: 'trains',
      rows: [
        {
          tiles: [
            [12, 12],
            [12, 7],
            [7, 3],
          ],
        },
        {
          tiles: [
            [12, 12],
            [12, 1],
          ],
          marker: true,
        },
      ],
    },
    {
      id: 'doubles',
      rows: [
        {
          tiles: [
            [8, 3],
            [3, 3],
            [3, 10],
          ],
          lit: 2,
        },
      ],
    },
    DRAW,
    PIPS_LEFT,
  ],
};
