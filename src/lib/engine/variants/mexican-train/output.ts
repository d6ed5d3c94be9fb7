// What the state shows: the public part every peer agrees on, the scenario
// output of SCENARIOS.md, and where every dealt tile is.
import { tileName } from '../../tiles';
import type { TileId, TileSet } from '../../tiles';
import { personal } from '../../types';
import type { Json } from '../../types';
import type { MtRules } from './rules';
import { places } from './scoring';
import type { MtState, Train } from './state';

// Compact on purpose: this is hashed after every move on every peer.
const list = (items: readonly number[]): string => items.join('.');
const trainJson = (t: Train): string => `${list(t.tiles)}|${t.open}|${t.marker ? 'm' : ''}`;

/**
 * Hand and boneyard positions, the board, the turn and the round's progress.
 * Totals and winners are left out: they rest on the pips left in hand, which a
 * view learns only when the hands are revealed at the end-of-round audit.
 */
export function publicJson(state: MtState): Json {
  const { opening, step } = state;
  return {
    variant: state.variant,
    players: state.players,
    options: { ...state.options },
    round: state.round,
    phase: state.phase,
    turn: state.turn,
    moveIndex: state.moveIndex,
    hands: state.hands.map((h) => list(h.map((c) => c.pos))),
    boneyard: state.boneyard.length,
    engine: state.engine,
    trains: state.trains.map(trainJson),
    mexican: state.mexican && trainJson(state.mexican),
    pending: state.pending.map((p) => `${p.tile}@${p.target}`),
    opening: opening && Object.values(opening).join('.'),
    starter: state.starter,
    lastStarter: state.lastStarter,
    firstTurnDone: state.firstTurnDone.map((d) => (d ? 1 : 0)).join(''),
    step: `${step.drawn}.${step.drew}.${step.laid}`,
    passes: state.passes,
    engineSuit: state.engineSuit,
    firstPlayer: state.firstPlayer,
  };
}

/** The scenario output's `state` (SCENARIOS.md), with every tile known. */
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
  const tiles: TileId[] = [];
  for (const h of state.hands) for (const c of h) if (c.tile !== null) tiles.push(c.tile);
  for (const c of state.boneyard) if (c.tile !== null) tiles.push(c.tile);
  for (const t of state.trains) tiles.push(...t.tiles);
  if (state.mexican) tiles.push(...state.mexican.tiles);
  if (state.engine !== null) tiles.push(state.engine);
  return tiles;
}
