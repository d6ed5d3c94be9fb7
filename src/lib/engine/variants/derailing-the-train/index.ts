// Derailing the Train (DT-1 … DT-13): one round per platform double, personal
// and community trains, derailers, and scoring that charges a going-out derailer.
import { checkDeal, checkSpecs } from '../../options';
import { personal } from '../../types';
import type { Variant } from '../../variant';
import { disclosures, placedTiles, publicState, scenarioState } from './output';
import { scenarioHooks } from './scenario';
import {
  OPTION_SPECS,
  need,
  newGame,
  nextRound,
  performSetup,
  setFor,
  setupLegal,
  setupMove,
  supply,
  validateSetup,
} from './setup';
import { dtEvents } from './events';
import { update } from './state';
import type { DtState } from './state';
import { performPlaying, playingLegal, validatePlaying } from './turn';
import { illegal } from './verdicts';

export type { DtState, Train } from './state';
export { openAt, trainAt } from './state';

export const derailingTheTrain: Variant<DtState> = {
  id: 'derailing-the-train',
  title: 'Derailing the Train',
  shortTitle: 'Derailing the Train',
  minPlayers: 2,
  maxPlayers: 8,
  optionSpecs: OPTION_SPECS,
  roundName: 'platform',
  laneName: 'train',
  hasBoneyard: true,
  faces: 'pips',
  moveTypes: ['play', 'draw', 'pass', 'declare'],
  scoring: { winner: 'lowestTotal', scores: 'totals', unit: 'pips', rule: 'DT-12' },
  // DT-2: one platform per double of the set.
  length: (players, options) => ({
    kind: 'rounds',
    rounds: setFor(players, options).n + 1,
    rule: 'DT-2',
  }),
  homeTarget: personal,
  // DT-1: every hand from one deal of the whole set.
  checkOptions(players, given) {
    const specs = checkSpecs({ ...derailingTheTrain, playersRule: 'DT-1' }, players, given);
    if (!specs.ok) return specs;
    const set = setFor(players, specs.value);
    return checkDeal(specs.value, {
      players,
      handSize: specs.value.handSize ?? 10,
      tiles: set.tiles.length,
      setName: `a double-${set.n} set`,
      rule: 'DT-1',
    });
  },
  called: (state) =>
    state.phase === 'setup' && state.called !== null ? { tile: state.called, rule: 'DT-2' } : null,
  tileSet: setFor,
  newGame,
  need,
  supply,
  setupMove,
  choosers: () => [],
  legalMoves: (state) =>
    state.phase === 'setup'
      ? setupLegal(state)
      : state.phase === 'playing'
        ? playingLegal(state)
        : [],
  validate(state, move) {
    if (
      'tile' in move &&
      move.tile !== null &&
      !setFor(state.players, state.options).tiles[move.tile]
    ) {
      return {
        kind: 'illegal',
        error: { code: 'BAD_MOVE', rule: 'C-1', message: 'no such tile in the set' },
      };
    }
    if (state.phase === 'setup') return validateSetup(state, move);
    if (state.phase === 'playing') return validatePlaying(state, move);
    return illegal('DT-2', `no moves in phase ${state.phase}`);
  },
  disclosures,
  perform(state, move) {
    const changes =
      state.phase === 'setup' ? performSetup(state, move) : performPlaying(state, move);
    changes.moveIndex = state.moveIndex + 1;
    return update(state, changes);
  },
  nextRound,
  publicState,
  scenarioState,
  placedTiles,
  scenario: scenarioHooks,
  events: dtEvents,
};
