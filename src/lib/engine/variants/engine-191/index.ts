// Engine 191 (E-1 … E-12): lines from a main station chosen by secret commitment,
// stations and chaining, removing track, score yards, win tokens.
import type { Variant, Verdict } from '../../variant';
import { checkDeal, checkSpecs } from '../../options';
import { personal } from '../../types';
import type { Move } from '../../types';
import { validateDraw, validatePass, validatePlay, validateRemove } from './checks';
import { legalMoves } from './legal';
import { need, supply } from './needs';
import { disclosures, placedTiles, publicState, scenarioState } from './output';
import { performTurnMove } from './perform';
import { scenarioHooks } from './scenario-hooks';
import { engine191Events } from './events';
import { nextRound } from './scoring';
import { performChoose, validateChoose } from './setup';
import { newGame, optionSpecs, setOf, tileSet, withDefaults } from './state';
import type { Engine191State } from './state';
import { illegal } from './verdicts';

function badTile(count: number, t: number | null | undefined): boolean {
  return t !== undefined && (t === null || !Number.isInteger(t) || t < 0 || t >= count);
}

function validate(state: Engine191State, move: Move): Verdict {
  const set = setOf(state);
  const count = set.tiles.length;
  if (move.seat < 0 || move.seat >= state.players || !Number.isInteger(move.seat)) {
    return illegal(null, 'no such seat', 'BAD_MOVE');
  }
  if ('tile' in move && badTile(count, move.tile)) {
    return illegal(null, 'no such tile in this set', 'BAD_MOVE');
  }
  if (
    move.type === 'play' &&
    (badTile(count, move.replace) || (move.replace !== undefined) !== (move.from === 'yard'))
  ) {
    return illegal(null, 'a play from the yard names a replacing tile, and only then', 'BAD_MOVE');
  }
  if (move.type === 'declare' || move.type === 'endTurn') {
    return illegal(null, `engine 191 has no ${move.type} move`, 'BAD_MOVE');
  }
  if (state.phase === 'setup') {
    return move.type === 'choose'
      ? validateChoose(state, move)
      : illegal('E-2', 'every seat first commits a tile', 'WRONG_PHASE');
  }
  if (move.type === 'choose')
    return illegal('E-2', 'tiles are committed only at setup', 'WRONG_PHASE');
  // E-10: a draw due while the boneyard was empty is taken before anything else.
  if (state.owed !== null && move.type !== 'draw') {
    return illegal('E-10', 'the draw that is due comes first');
  }
  switch (move.type) {
    case 'play':
      return validatePlay(state, set, move);
    case 'draw':
      return validateDraw(state, set, move.seat);
    case 'pass':
      return validatePass(state, set, move.seat);
    case 'removeTrack':
      return validateRemove(state, move.seat);
  }
}

function perform(state: Engine191State, move: Move): Engine191State {
  return move.type === 'choose'
    ? performChoose({ ...state, moveIndex: state.moveIndex + 1 }, move)
    : performTurnMove(state, move);
}

/** E-10: the draw owed after a reshuffle is made for the seat to act. */
function setupMove(state: Engine191State): Move | null {
  if (state.phase !== 'playing' || state.owed === null || state.boneyard.length === 0) return null;
  return state.turn === null ? null : { seat: state.turn, type: 'draw' };
}

export type { Engine191State, Line } from './state';

export const engine191: Variant<Engine191State> = {
  id: 'engine-191',
  title: 'Engine 191',
  shortTitle: 'Engine 191',
  minPlayers: 2,
  maxPlayers: 4,
  optionSpecs,
  roundName: 'round',
  laneName: 'line',
  hasBoneyard: true,
  faces: 'pips',
  moveTypes: ['play', 'draw', 'pass', 'choose', 'removeTrack'],
  scoring: { winner: 'tokens', scores: 'lastRound', unit: 'pips', rule: 'E-12' },
  length: (players, options) => ({
    kind: 'tokens',
    tokens: withDefaults(players, options).tokensToWin ?? 3,
    rule: 'E-12',
  }),
  homeTarget: personal,
  // E-1: every hand from one deal of the set.
  checkOptions(players, given) {
    const specs = checkSpecs({ ...engine191, playersRule: 'E-1' }, players, given);
    if (!specs.ok) return specs;
    const set = tileSet(players, specs.value);
    return checkDeal(specs.value, {
      players,
      handSize: specs.value.handSize ?? 9,
      tiles: set.tiles.length,
      setName: `a double-${set.n} set`,
      rule: 'E-1',
    });
  },
  tokens: (state) => state.tokens,
  yard: (state, seat) => state.yards[seat] ?? [],
  discard: (state) => state.discard,
  tileSet,
  newGame,
  need,
  supply,
  setupMove,
  choosers: (state) =>
    state.phase === 'setup'
      ? state.chosen.flatMap((tile, seat) => (tile === null ? [seat] : []))
      : [],
  legalMoves,
  validate,
  disclosures,
  perform,
  nextRound,
  publicState,
  scenarioState,
  placedTiles,
  scenario: scenarioHooks,
  events: engine191Events,
};
