// The first-time walkthrough of Mexican Train under tournament rules: as Mexican
// Train's, but each round's engine is set in advance and anyone may start the
// Mexican Train at any time (TT-3, TT-4), and after a double one more tile goes
// anywhere, the double left for the next player to cover (TT-5, TT-6).
import howto from '../../i18n/howto';
import { DRAW, END, HAND, MATCH, type HowtoTour } from '../../howto/steps';

const tournamentTour: HowtoTour = {
  steps: [
    HAND,
    MATCH,
    {
      id: 'trains',
      title: () => howto.trains_title(),
      text: () => howto.trains_tournament_text(),
      rows: [
        {
          tiles: [
            [9, 9],
            [9, 7],
            [7, 3],
          ],
        },
        {
          tiles: [
            [9, 9],
            [9, 1],
          ],
          marker: true,
        },
      ],
    },
    {
      id: 'doubles',
      title: () => howto.doubles_title(),
      text: () => howto.doubles_tournament_text(),
      rows: [
        {
          tiles: [
            [8, 3],
            [3, 3],
          ],
        },
        {
          tiles: [
            [8, 5],
            [5, 10],
          ],
          lit: 1,
        },
      ],
    },
    DRAW,
    END,
  ],
};
export default tournamentTour;
