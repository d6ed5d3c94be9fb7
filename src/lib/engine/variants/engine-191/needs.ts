// What the dealing protocol supplies (C-4): the deal and E-2 redeals, and the
// E-10 reshuffle of the discard pile into a new boneyard.
import type { Need, Supply } from '../../variant';
import type { Card, Result } from '../../types';
import { fail, ok } from '../../types';
import type { TileId } from '../../tiles';
import { freshRound, setOf } from './state';
import type { Engine191State } from './state';

export function need(state: Engine191State): Need | null {
  if (state.phase === 'deal') {
    const set = setOf(state);
    return {
      kind: 'deal',
      tiles: set.tiles.map((t) => t.id),
      handSizes: state.hands.map(() => state.options.handSize ?? 9),
      rule: state.deals === 0 ? 'E-1' : 'E-2',
    };
  }
  // E-10: a draw is due and the boneyard is empty.
  if (state.phase === 'playing' && state.owed !== null && state.boneyard.length === 0) {
    return { kind: 'reshuffle', tiles: state.discard, rule: 'E-10' };
  }
  return null;
}

const badSupply = (message: string) => fail<Engine191State>('BAD_SUPPLY', null, message);

/** Positions are distinct and known tiles belong to the set, each once. */
function wellFormed(cards: readonly Card[], tileCount: number): boolean {
  const positions = new Set<number>();
  const tiles = new Set<TileId>();
  for (const c of cards) {
    if (positions.has(c.pos)) return false;
    positions.add(c.pos);
    if (c.tile === null) continue;
    if (!Number.isInteger(c.tile) || c.tile < 0 || c.tile >= tileCount || tiles.has(c.tile))
      return false;
    tiles.add(c.tile);
  }
  return true;
}

export function supply(state: Engine191State, input: Supply): Result<Engine191State> {
  const wanted = need(state);
  if (!wanted || wanted.kind !== input.kind) return badSupply(`no ${input.kind} is needed now`);
  const tileCount = setOf(state).tiles.length;
  if (input.kind === 'deal') {
    if (input.hands.length !== state.players) return badSupply('one hand per seat');
    if (!wellFormed([...input.hands.flat(), ...input.boneyard], tileCount))
      return badSupply('a deal places each position and tile once');
    // E-2: every seat now commits a tile; the lowest seat yet to choose is shown as to act.
    return ok({
      ...freshRound(state),
      moveIndex: state.moveIndex,
      deals: state.deals + 1,
      hands: input.hands,
      boneyard: input.boneyard,
      phase: 'setup',
      turn: 0,
    });
  }
  if (input.kind !== 'reshuffle') return badSupply(`no ${input.kind} is needed now`);
  const known = input.boneyard.flatMap((c) => (c.tile === null ? [] : [c.tile]));
  if (
    input.boneyard.length !== state.discard.length ||
    !wellFormed(input.boneyard, tileCount) ||
    !known.every((t) => state.discard.includes(t))
  ) {
    return badSupply('a reshuffle turns exactly the discard pile into the boneyard');
  }
  return ok({
    ...state,
    boneyard: input.boneyard,
    discard: [],
    reshuffles: state.reshuffles + 1,
  });
}
