// The first-time walkthrough of Railominos, drawn with its railroad faces (suit
// indices, -1 for FRISCO): one line with two ends, points as you play, no
// drawing, the round's end.
import howto from '../../i18n/howto';
import type { HowtoTour } from '../../howto/steps';

const railominosTour: HowtoTour = {
  steps: [
    {
      id: 'hand',
      title: () => howto.hand_title(),
      text: () => howto.hand_railominos_text(),
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
    // the line's two ends, doubles crosswise, FRISCO anywhere.
    {
      id: 'railroads',
      title: () => howto.railroads_title(),
      text: () => howto.railroads_text(),
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
    // the lit piece leaves both ends on the same railroad.
    {
      id: 'scoring',
      title: () => howto.scoring_title(),
      text: () => howto.scoring_text(),
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
      example: () => howto.scoring_example(),
    },
    // the pieces left face down are never drawn.
    {
      id: 'no_draw',
      title: () => howto.no_draw_title(),
      text: () => howto.no_draw_text(),
      rows: [{ tiles: [], backs: 4 }],
    },
    // going out, or everyone passing.
    {
      id: 'round_score',
      title: () => howto.round_score_title(),
      text: () => howto.round_score_text(),
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
export default railominosTour;
