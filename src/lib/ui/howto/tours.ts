// The walkthroughs of the variants whose rules differ from Mexican Train's
// (steps.ts holds the shared steps and Mexican Train's own).
import { DRAW, HAND, MATCH, PIPS_LEFT, type HowtoTour } from './steps';

/** Derailing the Train: a platform per double, private trains, derailers (DT-2…DT-12). */
export const DERAILING_TOUR: HowtoTour = {
  steps: [
    HAND,
    MATCH,
    {
      id: 'platform',
      rows: [
        {
          tiles: [
            [9, 9],
            [9, 4],
          ],
        },
        {
          tiles: [
            [9, 9],
            [9, 2],
          ],
          marker: true,
        },
      ],
    },
    {
      id: 'derail',
      rows: [
        {
          tiles: [
            [9, 4],
            [4, 4],
            [4, 7],
          ],
          lit: 1,
        },
      ],
    },
    DRAW,
    PIPS_LEFT,
  ],
};

/** Engine 191: lines from the main station, stations, the score yard, win tokens (E-1…E-12). */
export const ENGINE_191_TOUR: HowtoTour = {
  steps: [
    HAND,
    MATCH,
    {
      id: 'lines',
      rows: [
        {
          tiles: [
            [8, 8],
            [8, 3],
            [3, 5],
          ],
        },
        {
          tiles: [
            [8, 8],
            [8, 1],
          ],
        },
      ],
    },
    {
      id: 'stations',
      rows: [
        {
          tiles: [
            [8, 2],
            [2, 2],
          ],
          lit: 1,
        },
      ],
    },
    { id: 'yard', rows: [{ tiles: [[6, 1]], backs: 3, lit: 0 }] },
    { id: 'tokens', rows: [{ tiles: PIPS_LEFT.rows[0]!.tiles }] },
  ],
};

/** Railominos: railroads instead of pips, one line with two ends, points as you play (R-1…R-8). */
export const RAILOMINOS_TOUR: HowtoTour = {
  railroads: true,
  steps: [
    {
      id: 'hand',
      rows: [
        {
          tiles: [
            [0, 3],
            [2, 2],
            [5, 1],
            [-1, -1],
            [7, 4],
          ],
        },
      ],
    },
    {
      id: 'railroads',
      rows: [
        {
          tiles: [
            [6, 1],
            [1, 1],
            [1, 4],
          ],
          lit: 2,
        },
      ],
    },
    {
      id: 'scoring',
      rows: [
        {
          tiles: [
            [3, 0],
            [0, 0],
            [0, 3],
          ],
          lit: 2,
        },
      ],
    },
    { id: 'no_draw', rows: [{ tiles: [[5, 2]] }] },
    {
      id: 'round_score',
      rows: [
        {
          tiles: [
            [4, 6],
            [2, 7],
          ],
        },
      ],
    },
  ],
};
