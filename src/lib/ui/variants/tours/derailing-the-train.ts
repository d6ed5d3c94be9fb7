// The first-time walkthrough of Derailing the Train: a platform per round, private
// trains and the community train, derailers, drawing, the pips left at the end.
import howto from '../../i18n/howto';
import { DRAW, END, HAND, MATCH, type HowtoTour } from '../../howto/steps';

const derailingTour: HowtoTour = {
  steps: [
    HAND,
    MATCH,
    // DT-2, DT-4, DT-5, DT-6: the platform, private trains, the community train, markers.
    {
      id: 'platform',
      title: () => howto.platform_title(),
      text: () => howto.platform_text(),
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
    // DT-7, DT-8, DT-9: a double on a matching end derails that train until it is put back.
    {
      id: 'derail',
      title: () => howto.derail_title(),
      text: () => howto.derail_text(),
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
    END,
  ],
};
export default derailingTour;
