// What the state shows: the public part (hashed on every peer), the scenario
// output of docs/scenarios.md, every placed tile, and what each move discloses.
import { basePublicState } from '../../base';
import { knownTiles } from '../../cards';
import { ownerOf } from '../../types';
import { tileName } from '../../tiles';
import type { TileId } from '../../tiles';
import type { Disclosure } from '../../variant';
import type { Json, Move } from '../../types';
import { isIncomplete } from './lines';
import { setOf } from './state';
import type { Engine191State } from './state';

export function publicState(state: Engine191State): Json {
  return basePublicState(state, {
    station: state.station,
    chosen: state.chosen,
    deals: state.deals,
    lines: state.lines.map((l) => ({ tiles: l.tiles, open: l.open, exposed: l.exposed })),
    yards: state.yards,
    discard: state.discard,
    reshuffles: state.reshuffles,
    tokens: state.tokens,
    scores: state.scores,
    winners: state.winners,
    step: state.step,
    drawn: state.drawn,
    owed: state.owed,
    fresh: state.fresh,
    passes: state.passes,
  });
}

export function scenarioState(state: Engine191State): Json {
  const set = setOf(state);
  const names = (tiles: readonly TileId[]) => tiles.map((t) => tileName(set, t));
  const trains: Record<string, Json> = {};
  state.lines.forEach((line, seat) => {
    trains[`p${seat}`] = {
      tiles: names(line.tiles),
      open: line.open < 0 ? null : line.open,
      marker: false,
    };
  });
  return {
    round: state.round,
    phase: state.phase,
    turn: state.turn,
    hands: state.hands.map((h) => names(knownTiles(h))),
    boneyard: state.boneyard.length,
    station: state.station === null ? null : tileName(set, state.station),
    trains,
    scores: state.scores,
    tokens: state.tokens,
    scoreYards: state.yards.map(names),
    discard: { tiles: names(state.discard), count: state.discard.length },
    winners: state.winners,
  };
}

export function placedTiles(state: Engine191State): TileId[] {
  const tiles = knownTiles(...state.hands, state.boneyard);
  if (state.station !== null) tiles.push(state.station);
  for (const line of state.lines) tiles.push(...line.tiles);
  for (const yard of state.yards) tiles.push(...yard);
  tiles.push(...state.discard);
  return tiles;
}

/** E-11: the move empties the mover's hand or is the last pass of a blocked round. */
function endsRound(state: Engine191State, move: Move): boolean {
  if (move.type === 'play') return (state.hands[move.seat]?.length ?? 0) === 1;
  return move.type === 'pass' && state.step === 'start' && state.passes + 1 >= state.players;
}

export function disclosures(state: Engine191State, move: Move): Disclosure[] {
  const out: Disclosure[] = [];
  const hand = state.hands[move.seat] ?? [];
  const show = (tile: TileId) => {
    const card = hand.find((c) => c.tile === tile);
    if (card) out.push({ pos: card.pos, to: 'all', when: 'before' });
  };
  const top = state.boneyard[0];
  switch (move.type) {
    case 'choose':
      show(move.tile); // E-2: the commitments are revealed
      break;
    case 'play': {
      // E-7: a replacing tile goes face up to the score yard.
      show(move.from === 'yard' && move.replace !== undefined ? move.replace : move.tile);
      const owner = ownerOf(move.target);
      const line = owner === null ? undefined : state.lines[owner];
      const drawsToHand =
        owner !== move.seat && line !== undefined && !isIncomplete(setOf(state), line);
      if (top && drawsToHand && !endsRound(state, move))
        out.push({ pos: top.pos, to: move.seat, when: 'after' });
      break;
    }
    case 'draw':
      if (top) {
        // E-6 draws to hand are private; E-4 and E-9 draws are face up.
        out.push(
          state.owed === 'hand'
            ? { pos: top.pos, to: move.seat, when: 'after' }
            : { pos: top.pos, to: 'all', when: 'before' },
        );
      }
      break;
    case 'removeTrack':
      if (top) out.push({ pos: top.pos, to: 'all', when: 'before' });
      break;
    default:
      break;
  }
  // E-12: a round's end shows every hand, so every peer can score it.
  if (endsRound(state, move)) {
    for (const h of state.hands)
      for (const c of h) out.push({ pos: c.pos, to: 'all', when: 'before' });
  }
  return out;
}
