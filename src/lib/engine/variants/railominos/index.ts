// Railominos (R-1…R-9): railroad-named pieces with FRISCO, a leader, one line
// with two open ends, scoring after every play, passes without drawing.
import type { Variant } from '../../variant';
import { need, supply } from './deal';
import { SET } from './layout';
import { disclosures, legalMoves, perform, validate } from './moves';
import { optionSpecs } from './options';
import { placedTiles, publicState, scenarioState } from './output';
import { newGame, nextRound } from './rounds';
import { scenarioHooks } from './scenario-hooks';
import type { RailominosState } from './state';

export type { RailominosState, Layout, Line, Leader, End } from './state';
export { openDoubles } from './layout';

export const railominos: Variant<RailominosState> = {
  id: 'railominos',
  title: 'Railominos',
  // 2–5 players, the 37-piece railroad set.
  minPlayers: 2,
  maxPlayers: 5,
  optionSpecs,
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
};
