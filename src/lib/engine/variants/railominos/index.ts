// Railominos (R-1…R-9): railroad-named pieces with FRISCO, a leader, one line
// with two open ends, scoring after every play, passes without drawing.
import type { Variant } from '../../variant';
import { need, supply } from './deal';
import { SET } from './layout';
import { disclosures, legalMoves, perform, validate } from './moves';
import { checkDeal, checkSpecs } from '../../options';
import { handSize, optionSpecs, roundsPerGame, withDefaults } from './options';
import { placedTiles, publicState, scenarioState } from './output';
import { newGame, nextRound } from './rounds';
import { scenarioHooks } from './scenario-hooks';
import type { RailominosState } from './state';
import { railominosEvents } from './events';

export type { RailominosState, Layout, Line, Leader, End } from './state';
export { fits, openDoubles, place, playScore } from './layout';

export const railominos: Variant<RailominosState> = {
  id: 'railominos',
  title: 'Railominos',
  shortTitle: 'Railominos',
  // 2–5 players, the 37-piece railroad set.
  minPlayers: 2,
  maxPlayers: 5,
  optionSpecs,
  roundName: 'round',
  laneName: 'train',
  // no drawing; the unused pieces only give the leader.
  hasBoneyard: false,
  faces: 'railroads',
  moveTypes: ['play', 'pass'],
  scoring: { winner: 'highestTotal', scores: 'totals', unit: 'points', rule: 'R-8' },
  length: (players, options) => ({
    kind: 'rounds',
    rounds: roundsPerGame(withDefaults(players, options)),
    rule: 'R-8',
  }),
  // the likelier end to play on.
  homeTarget: () => 'east',
  // the hands, a leader, and one more should the leader be FRISCO.
  checkOptions(players, given) {
    const specs = checkSpecs({ ...railominos, playersRule: 'R-1' }, players, given);
    if (!specs.ok) return specs;
    return checkDeal(specs.value, {
      players,
      handSize: handSize(specs.value),
      tiles: SET.tiles.length,
      setName: 'the railroad set',
      extra: { tiles: 2, for: 'the leader, turned again if it is FRISCO (R-2)' },
      rule: 'R-2',
    });
  },
  tileSet: () => SET,
  newGame,
  need,
  supply,
  setupMove: () => null,
  choosers: () => [],
  legalMoves,
  validate,
  disclosures,
  perform,
  nextRound,
  publicState,
  scenarioState,
  placedTiles,
  scenario: scenarioHooks,
  events: railominosEvents,
};
