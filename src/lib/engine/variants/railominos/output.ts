// What the state shows: the public part every peer hashes, the scenario output
// (docs/scenarios.md) and every piece's place for conservation checks.
import { basePublicState } from '../../base';
import { knownTiles } from '../../cards';
import { suitName, tileName } from '../../tiles';
import type { TileId } from '../../tiles';
import type { Json } from '../../types';
import { SET, openDoubles } from './layout';
import type { Line, RailominosState } from './state';

const names = (tiles: readonly TileId[]): string[] => tiles.map((t) => tileName(SET, t));

function lineJson(line: Line | undefined): Json {
  return line
    ? { tiles: names(line.tiles), open: suitName(SET, line.open) }
    : { tiles: [], open: null };
}

export function publicState(state: RailominosState): Json {
  const { layout } = state;
  return basePublicState(state, {
    setAside: names(knownTiles(state.setAside)),
    leader: layout && {
      tile: tileName(SET, layout.leader.tile),
      west: suitName(SET, layout.leader.west),
      east: suitName(SET, layout.leader.east),
    },
    west: lineJson(layout?.west),
    east: lineJson(layout?.east),
    firstPlayer: state.firstPlayer,
    passes: state.passes,
    scores: state.scores,
    winners: state.winners,
  });
}

export function scenarioState(state: RailominosState): Json {
  const { layout } = state;
  return {
    round: state.round,
    phase: state.phase,
    turn: state.turn,
    hands: state.hands.map((h) => names(knownTiles(h))),
    boneyard: state.boneyard.length,
    leader: layout && tileName(SET, layout.leader.tile),
    trains: { west: lineJson(layout?.west), east: lineJson(layout?.east) },
    openDoubles: layout ? openDoubles(layout).length : 0,
    scores: state.scores,
    winners: state.winners,
  };
}

export function placedTiles(state: RailominosState): TileId[] {
  const { layout } = state;
  const tiles = knownTiles(...state.hands, state.boneyard, state.setAside);
  if (layout) tiles.push(layout.leader.tile, ...layout.west.tiles, ...layout.east.tiles);
  return tiles;
}
