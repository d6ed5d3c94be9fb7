// Whole games played with full information, every step told by the engine's
// events: for the event tests.
import {
  answerNeed,
  applyMove,
  createRng,
  defaultOptions,
  performWithEvents,
  supplyWithEvents,
  variantOf,
} from '../../src/lib/engine';
import type { BaseState, GameEvent, Move, Options, VariantId } from '../../src/lib/engine';

export interface Told {
  readonly before: BaseState;
  readonly step: Move | 'supply';
  readonly events: readonly GameEvent[];
  readonly after: BaseState;
}

/** A whole game of random legal moves; every step with the events it caused. */
export function toldGame(id: VariantId, players: number, given: Options, seed: number): Told[] {
  const v = variantOf(id);
  const rng = createRng(seed);
  let state = v.newGame(players, defaultOptions(v, players, given));
  const told: Told[] = [];
  for (let i = 0; i < 200_000 && state.phase !== 'gameOver'; i++) {
    if (state.phase === 'roundOver') {
      state = v.nextRound(state);
      continue;
    }
    const need = v.need(state);
    if (need) {
      const r = supplyWithEvents(v, state, answerNeed(state, need, rng));
      if (!r.ok) throw new Error(r.error.message);
      told.push({ before: state, step: 'supply', ...r.value, after: r.value.state });
      state = r.value.state;
      continue;
    }
    const legal = v.legalMoves(state);
    const move = v.setupMove(state) ?? (legal[rng.int(legal.length)] as Move);
    if (!applyMove(v, state, move).ok) throw new Error(`refused ${JSON.stringify(move)}`);
    const r = performWithEvents(v, state, move);
    told.push({ before: state, step: move, events: r.events, after: r.state });
    state = r.state;
  }
  if (state.phase !== 'gameOver') throw new Error(`${id}: the game did not end`);
  return told;
}
