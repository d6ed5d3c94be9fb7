// The first-time walkthrough of Engine 191: lines from the main station, stations,
// the score yard and Remove track, win tokens. Its pictures fit a double-6 set
// (two players, E-1).
import howto from '../../i18n/howto';
import { HAND, MATCH, type HowtoTour } from '../../howto/steps';

const engine191Tour: HowtoTour = {
  steps: [
    HAND,
    MATCH,
    // E-2, E-3, E-6: the main station, a line per player, a draw after playing on another's.
    {
      id: 'lines',
      title: () => howto.lines_title(),
      text: () => howto.lines_text(),
      rows: [
        {
          tiles: [
            [6, 6],
            [6, 3],
            [3, 5],
          ],
        },
        {
          tiles: [
            [6, 6],
            [6, 1],
          ],
        },
      ],
    },
    // E-5, E-8: a station lets you play again; one left open is continued first.
    {
      id: 'stations',
      title: () => howto.stations_title(),
      text: () => howto.stations_text(),
      rows: [
        {
          tiles: [
            [4, 2],
            [2, 2],
          ],
          lit: 1,
        },
      ],
    },
    // E-4, E-7, E-9: drawing into the score yard, playing from it, Remove track.
    {
      id: 'yard',
      title: () => howto.yard_title(),
      text: () => howto.yard_text(),
      rows: [{ tiles: [[6, 1]], backs: 3, lit: 0 }],
    },
    // E-11, E-12: hand and yard count against you; the lowest wins a token.
    {
      id: 'tokens',
      title: () => howto.tokens_title(),
      text: () => howto.tokens_text(),
      rows: [
        {
          tiles: [
            [5, 4],
            [2, 0],
          ],
        },
      ],
    },
  ],
};
export default engine191Tour;
