// The first-time walkthrough of Mexican Train: personal trains and the Mexican Train
// from the engine, markers, doubles to cover, drawing, the pips left at the end.
import howto from '../../i18n/howto';
import { DRAW, END, HAND, MATCH, type HowtoTour } from '../../howto/steps';

const mexicanTrainTour: HowtoTour = {
  steps: [
    HAND,
    MATCH,
    // MT-5, MT-9: a train of one's own and the Mexican Train, from the engine; a marker opens a train.
    {
      id: 'trains',
      title: () => howto.trains_title(),
      text: () => howto.trains_text(),
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
    // MT-6, MT-7: a double is covered before anything else.
    {
      id: 'doubles',
      title: () => howto.doubles_title(),
      text: () => howto.doubles_text(),
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
    END,
  ],
};
export default mexicanTrainTour;
