// One Variant for each rule set (MT-*, TT-*), built from the same engine.
import { newBaseState, withDefaults } from '../../base';
import { checkDeal, checkSpecs } from '../../options';
import { anyCard } from '../../cards';
import { doubleOf } from '../../tiles';
import type { TileSet } from '../../tiles';
import { personal } from '../../types';
import type { Move, Result } from '../../types';
import type { Called, Disclosure, GameLength, Options, Variant, Verdict } from '../../variant';
import { fits } from './board';
import { mtEvents } from './events';
import { joinSeat } from './join';
import { dutyOf, playableUnder } from './duty';
import { openingMove, needOf, performOpening, supplyOf, validateOpening } from './opening';
import { optionSpecs, setOf, startSuit } from './options';
import { placed, publicJson, scenarioJson } from './output';
import type { MtRules } from './rules';
import { scenarioHooks } from './scenario';
import { nextRound } from './scoring';
import { FRESH_STEP, emptyTrain } from './state';
import type { MtState } from './state';
import { inRun, performTurn, playableCards, runOverMove, validateTurn } from './turn';

const badMove = (message: string): Verdict => ({
  kind: 'illegal',
  error: { code: 'BAD_MOVE', rule: null, message },
});

/** Moves that are not moves of this game at all, and tiles that are not in the set. */
function malformed(set: TileSet, move: Move): Verdict | null {
  let tile: number | null = null;
  switch (move.type) {
    case 'play':
      if (move.from !== undefined || move.replace !== undefined) {
        return badMove('tiles are played from the hand');
      }
      tile = move.tile;
      break;
    case 'declare':
      tile = move.tile;
      break;
    case 'draw':
    case 'pass':
    case 'endTurn':
      break;
    default:
      return badMove(`no ${move.type} in Mexican Train`);
  }
  if (tile === null || (Number.isInteger(tile) && tile >= 0 && tile < set.tiles.length))
    return null;
  return badMove(`no tile ${tile} in a double-${set.n} set`);
}

/** Every legal move of the seat to act, from the tiles this state knows. */
function legalMoves(rules: MtRules, set: TileSet, state: MtState): Move[] {
  const seat = state.turn;
  if (seat === null) return [];
  if (state.phase === 'setup') {
    // MT-2: the honest answer is the only legal one.
    const move = openingMove(set, state);
    return move ? [move] : [];
  }
  if (state.phase !== 'playing') return [];
  const duty = dutyOf(rules, set, state, seat);
  const cards = playableCards(state, seat);
  const moves: Move[] = [];
  for (const c of cards) {
    if (c.tile === null) continue;
    for (const spot of duty.spots) {
      if (fits(set, c.tile, spot)) {
        moves.push({ seat, type: 'play', tile: c.tile, target: spot.target });
      }
    }
  }
  if (state.step.drawn !== null && duty.drawsOn && state.boneyard.length > 0) {
    // H-3: play the drawn tile (or pass, unless bound to), else draw on.
    if (moves.length === 0) moves.push({ seat, type: 'draw' });
    else if (!duty.bound) moves.push({ seat, type: 'pass' });
    return moves;
  }
  if (state.step.drawn !== null) {
    // C-5: after a draw, play the drawn tile or pass — unless it satisfies a bound double.
    if (!(duty.bound && moves.length > 0)) moves.push({ seat, type: 'pass' });
    return moves;
  }
  // H-2: the opening run goes on or ends; no drawing or passing in it.
  if (inRun(state)) return [...moves, { seat, type: 'endTurn' }];
  // MT-8: draw (or, with the boneyard empty, pass) only without a legal play.
  if (anyCard(cards, playableUnder(set, duty)) !== 'yes') {
    moves.push(state.boneyard.length > 0 ? { seat, type: 'draw' } : { seat, type: 'pass' });
  }
  return moves;
}

function newGame(rules: MtRules, players: number, given: Options): MtState {
  const fixed = rules.engine === 'fixed';
  const options = withDefaults(optionSpecs(rules), players, given);
  return {
    ...newBaseState(rules.id, players, options),
    engine: null,
    trains: Array.from({ length: players }, () => emptyTrain(-1)),
    mexican: null,
    pending: [],
    opening: null,
    starter: null,
    lastStarter: null,
    firstTurnDone: Array.from({ length: players }, () => false),
    step: FRESH_STEP,
    passes: 0,
    // TT-3: the first round's engine.
    engineSuit: fixed ? startSuit(options) : -1,
    firstPlayer: null,
    unscored: false,
  };
}

/** MT-2: the rounds option; TT-3: one round per engine from the starting double down to 0-0. */
function length(rules: MtRules, players: number, given: Options): GameLength {
  const options = withDefaults(optionSpecs(rules), players, given);
  return rules.engine === 'fixed'
    ? { kind: 'rounds', rounds: startSuit(options) + 1, rule: 'TT-3' }
    : { kind: 'rounds', rounds: options.rounds ?? 13, rule: 'MT-2' };
}

/** MT-1 / TT-1: the hands, and TT-3's engine taken out of the set before the deal. */
function checkOptions(
  rules: MtRules,
  players: number,
  given: Readonly<Record<string, unknown>>,
): Result<Options> {
  const specs = checkSpecs(
    { ...rules, optionSpecs: optionSpecs(rules), playersRule: rules.dealRule },
    players,
    given,
  );
  if (!specs.ok) return specs;
  const set = setOf(specs.value);
  return checkDeal(specs.value, {
    players,
    handSize: specs.value.handSize ?? rules.handSize(players),
    tiles: set.tiles.length,
    setName: `a double-${set.n} set`,
    extra: rules.engine === 'fixed' ? { tiles: 1, for: 'the engine (TT-3)' } : undefined,
    rule: rules.dealRule,
  });
}

/** MT-2: the double the call-down asks for now. */
function called(state: MtState): Called | null {
  const opening = state.opening;
  return state.phase === 'setup' && opening?.kind === 'callDown'
    ? { tile: doubleOf(opening.suit), rule: 'MT-2' }
    : null;
}

export function makeVariant(rules: MtRules): Variant<MtState> {
  const specs = optionSpecs(rules);
  return {
    id: rules.id,
    title: rules.title,
    shortTitle: rules.shortTitle,
    minPlayers: rules.minPlayers,
    maxPlayers: rules.maxPlayers,
    optionSpecs: specs,
    roundName: 'round',
    laneName: 'train',
    hasBoneyard: true,
    faces: 'pips',
    moveTypes: ['play', 'draw', 'pass', 'declare', 'endTurn'],
    scoring: { winner: 'lowestTotal', scores: 'totals', unit: 'pips', rule: rules.resultRule },
    length: (players, options) => length(rules, players, options),
    homeTarget: personal,
    called,
    ...(rules.newcomers ? { join: joinSeat } : {}),
    checkOptions: (players, options) => checkOptions(rules, players, options),
    tileSet: (_players, options) => setOf(options),
    newGame: (players, options) => newGame(rules, players, options),
    need: (state) => needOf(rules, setOf(state.options), state),
    supply: (state, input) => supplyOf(rules, setOf(state.options), state, input),
    // MT-2's honest answers, and H-2's run ending by itself when nothing fits.
    setupMove: (state) =>
      openingMove(setOf(state.options), state) ?? runOverMove(setOf(state.options), state),
    choosers: () => [],
    legalMoves: (state) => legalMoves(rules, setOf(state.options), state),
    validate(state, move) {
      const set = setOf(state.options);
      const bad = malformed(set, move);
      if (bad) return bad;
      return state.phase === 'setup'
        ? validateOpening(set, state, move)
        : validateTurn(rules, set, state, move);
    },
    disclosures(state, move): Disclosure[] {
      const top = state.boneyard[0];
      if (move.type === 'draw') return top ? [{ pos: top.pos, to: move.seat, when: 'after' }] : [];
      const shown =
        move.type === 'play' || (move.type === 'declare' && move.tile !== null)
          ? (state.hands[move.seat] ?? []).find((c) => c.tile === move.tile)
          : undefined;
      const played: Disclosure[] = shown ? [{ pos: shown.pos, to: 'all', when: 'before' }] : [];
      // MT-10/MT-11: the move that ends the round shows every hand, so every view scores it.
      const set = setOf(state.options);
      const verdict =
        state.phase === 'setup'
          ? validateOpening(set, state, move)
          : validateTurn(rules, set, state, move);
      if (verdict.kind === 'illegal') return played;
      const after =
        state.phase === 'setup'
          ? performOpening(rules, set, state, move)
          : performTurn(rules, set, state, move);
      if (after.phase !== 'roundOver' && after.phase !== 'gameOver') return played;
      const rest = state.hands.flatMap((h) =>
        h
          .filter((c) => c.pos !== shown?.pos)
          .map((c): Disclosure => ({ pos: c.pos, to: 'all', when: 'before' })),
      );
      return [...played, ...rest];
    },
    perform(state, move) {
      const set = setOf(state.options);
      return state.phase === 'setup'
        ? performOpening(rules, set, state, move)
        : performTurn(rules, set, state, move);
    },
    nextRound: (state) => nextRound(rules, state),
    publicState: publicJson,
    scenarioState: (state) => scenarioJson(rules, setOf(state.options), state),
    placedTiles: placed,
    scenario: scenarioHooks(rules),
    events: mtEvents(rules),
  };
}
