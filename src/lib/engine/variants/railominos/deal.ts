// What the dealing protocol supplies (C-4): the deal, the leader turned up from
// the rest and the first player of round 1.
import { suitName, tileDef } from '../../tiles';
import { fail, ok } from '../../types';
import type { Card, Result } from '../../types';
import type { Need, Supply } from '../../variant';
import { SET, isFrisco } from './layout';
import { handSize } from './options';
import { layoutOf } from './state';
import type { RailominosState } from './state';

export function need(state: RailominosState): Need | null {
  if (state.phase === 'deal') {
    return {
      kind: 'deal',
      tiles: SET.tiles.map((t) => t.id),
      handSizes: Array.from({ length: state.players }, () => handSize(state.options)),
      rule: 'R-2',
    };
  }
  if (state.phase !== 'setup') return null;
  if (state.layout === null) return { kind: 'reveal', rule: 'R-2' };
  if (state.firstPlayer === null) {
    const among = Array.from({ length: state.players }, (_, s) => s);
    return { kind: 'firstPlayer', among, rule: 'R-3' };
  }
  return null;
}

const badSupply = (message: string) => fail<RailominosState>('BAD_SUPPLY', null, message);

export function supply(state: RailominosState, input: Supply): Result<RailominosState> {
  const wanted = need(state);
  if (!wanted || wanted.kind !== input.kind) {
    return badSupply(`expected ${wanted ? wanted.kind : 'no supply'}, got ${input.kind}`);
  }
  switch (input.kind) {
    case 'deal':
      return deal(state, input.hands, input.boneyard);
    case 'reveal':
      return reveal(state, input.pos, input.tile);
    case 'firstPlayer':
      if (!Number.isInteger(input.seat) || input.seat < 0 || input.seat >= state.players) {
        return badSupply(`no seat ${input.seat}`);
      }
      return ok(begin({ ...state, firstPlayer: input.seat }));
    case 'reshuffle':
      return badSupply('railominos never reshuffles');
  }
}

function deal(
  state: RailominosState,
  hands: readonly (readonly Card[])[],
  boneyard: readonly Card[],
): Result<RailominosState> {
  if (hands.length !== state.players) return badSupply(`one hand per seat (${state.players})`);
  const positions = new Set<number>();
  const tiles = new Set<number>();
  for (const card of [...hands.flat(), ...boneyard]) {
    if (positions.has(card.pos)) return badSupply(`position ${card.pos} dealt twice`);
    positions.add(card.pos);
    if (card.tile === null) continue;
    if (!Number.isInteger(card.tile) || card.tile < 0 || card.tile >= SET.tiles.length) {
      return badSupply(`no piece ${card.tile} in the set`);
    }
    if (tiles.has(card.tile)) return badSupply(`piece ${card.tile} dealt twice`);
    tiles.add(card.tile);
  }
  // A scenario may lay its leader before the deal; it is not in a hand, and is
  // taken off the unused pieces if listed there.
  const leader = state.layout?.leader.tile;
  if (leader !== undefined && hands.some((h) => h.some((c) => c.tile === leader))) {
    return badSupply('the leader is dealt to a hand');
  }
  const rest = boneyard.filter((c) => leader === undefined || c.tile !== leader);
  return ok(begin({ ...state, phase: 'setup', hands, boneyard: rest }));
}

/**
 * the top unused piece is turned face up as the leader, canonical name read
 * west end first; FRISCO is set aside face up and the next piece turned instead.
 */
function reveal(state: RailominosState, pos: number, tile: number): Result<RailominosState> {
  const [top, ...rest] = state.boneyard;
  if (!top || top.pos !== pos) return badSupply(`the leader is turned from the top of the rest`);
  if (!Number.isInteger(tile) || tile < 0 || tile >= SET.tiles.length) {
    return badSupply(`no piece ${tile} in the set`);
  }
  if (top.tile !== null && top.tile !== tile)
    return badSupply(`position ${pos} holds another piece`);
  if (isFrisco(tile)) {
    return ok({ ...state, boneyard: rest, setAside: [...state.setAside, { pos, tile }] });
  }
  // Canonical names are alphabetical (C-2): the alphabetically first railroad lies west.
  const { hi, lo } = tileDef(SET, tile);
  const [west, east] = suitName(SET, hi) < suitName(SET, lo) ? [hi, lo] : [lo, hi];
  return ok(begin({ ...state, boneyard: rest, layout: layoutOf({ tile, west, east }) }));
}

/** Play starts once the leader lies and the first player is known. */
function begin(state: RailominosState): RailominosState {
  if (state.phase !== 'setup' || state.layout === null || state.firstPlayer === null) return state;
  return { ...state, phase: 'playing', turn: state.firstPlayer };
}
