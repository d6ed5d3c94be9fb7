// What the state shows: the public part every peer agrees on, the scenario
// output of docs/scenarios.md, and where every dealt tile is.
import { knownTiles } from '../../cards';
import { tileName } from '../../tiles';
import type { TileId, TileSet } from '../../tiles';
import { personal } from '../../types';
import type { Json } from '../../types';
import type { MtRules } from './rules';
import { places } from './scoring';
import type { MtState, Train } from './state';

// Compact on purpose: this is hashed after every move on every peer.
const list = (items: readonly (number | string)[]): string => items.join('.');
const trainText = (t: Train): string => `${list(t.tiles)}|${t.open}|${t.marker ? 'm' : ''}`;

/**
 * Hand and boneyard positions (C-6: hand sizes are public), the board, the turn
 * and the round's progress. Totals and winners are left out: they rest on the pips left in hand, which a
 * view learns only when the hands are revealed at the end-of-round audit.
 */
export function publicJson(state: MtState): Json {
  const { opening, step } = state;
  const options = Object.entries(state.options).map(([k, v]) => `${k}=${v}`);
  return {
    game: `${state.variant} ${state.players} ${list(options)}`,
    round: state.round,
    phase: state.phase,
    turn: state.turn,
    moveIndex: state.moveIndex,
    hands: state.hands.map((h) => list(h.map((c) => c.pos))).join(' '),
    boneyard: state.boneyard.length,
    scores: list(state.scores),
    winners: list(state.winners),
    // engine; personal trains; Mexican Train; unsatisfied doubles
    board: [
      state.engine,
      state.trains.map(trainText).join(' '),
      state.mexican ? trainText(state.mexican) : '-',
      list(state.pending.map((p) => `${p.tile}@${p.target}`)),
    ].join(' ; '),
    // opening; drawn, laid; passes; starter, last starter, first player, engine suit; first turns
    progress: [
      opening ? list(Object.values(opening)) : '-',
      // H-2: the opening run's length, only while one is under way.
      list([step.drawn ?? '-', step.laid ? 1 : 0, ...(step.run === undefined ? [] : [step.run])]),
      state.passes,
      list([
        state.starter ?? '-',
        state.lastStarter ?? '-',
        state.firstPlayer ?? '-',
        state.engineSuit,
      ]),
      state.firstTurnDone.map((d) => (d ? 1 : 0)).join(''),
    ].join(' ; '),
  };
}

/** The scenario output's `state` (docs/scenarios.md), with every tile known. */
export function scenarioJson(rules: MtRules, set: TileSet, state: MtState): Json {
  const name = (t: TileId | null) => (t === null ? null : tileName(set, t));
  const train = (t: Train): Json => ({
    tiles: t.tiles.map(name),
    open: t.open < 0 ? null : t.open,
    marker: t.marker,
  });
  const trains: Record<string, Json> = {};
  state.trains.forEach((t, s) => (trains[personal(s)] = train(t)));
  if (state.mexican) trains.mexican = train(state.mexican);
  const out: Record<string, Json> = {
    round: state.round,
    phase: state.phase,
    turn: state.turn,
    hands: state.hands.map((h) => h.map((c) => name(c.tile))),
    boneyard: state.boneyard.length,
    trains,
    engine: name(state.engine),
    pendingDoubles: state.pending.map((p) => ({ tile: name(p.tile), target: p.target })),
    scores: [...state.scores],
    winners: [...state.winners],
    starter: state.starter,
  };
  // TT-8: every player's place, lowest total first.
  if (rules.engine === 'fixed' && state.phase === 'gameOver') out.places = places(state.scores);
  return out;
}

/** Every tile the round dealt, wherever it is now (known tiles only on a view). */
export function placed(state: MtState): TileId[] {
  const tiles = knownTiles(...state.hands, state.boneyard);
  for (const t of state.trains) tiles.push(...t.tiles);
  if (state.mexican) tiles.push(...state.mexican.tiles);
  if (state.engine !== null) tiles.push(state.engine);
  return tiles;
}
