// What a Derailing state shows: the public state every peer hashes, the
// scenario output (docs/scenarios.md), the tiles in play, and what moves disclose.
import { basePublicState } from '../../base';
import { indexOfTile, knownTiles } from '../../cards';
import { tileName } from '../../tiles';
import type { TileId } from '../../tiles';
import type { Disclosure } from '../../variant';
import type { Json, Move } from '../../types';
import { tileSetOf } from './state';
import type { DtState, Train } from './state';

export function publicState(state: DtState): Json {
  return basePublicState(state, {
    platform: state.platform,
    used: state.used,
    called: state.called,
    trains: state.trains.map(trainJson),
    community: state.community && trainJson(state.community),
    drawn: state.drawn,
    derailing: state.derailing,
    passes: state.passes,
    scores: state.scores,
    winners: state.winners,
  });
}

function trainJson(train: Train): Json {
  return { tiles: train.tiles, open: train.open, marker: train.marker, derailed: train.derailed };
}

/** docs/scenarios.md output; C-2: tiles written higher end first. */
export function scenarioState(state: DtState): Json {
  const set = tileSetOf(state);
  const names = (tiles: readonly (TileId | null)[]) =>
    tiles.map((t) => (t === null ? '?' : tileName(set, t)));
  const show = (train: Train): Json => ({
    tiles: names(train.tiles),
    open: train.open,
    marker: train.marker,
    derailed: train.derailed,
  });
  const trains: Record<string, Json> = {};
  state.trains.forEach((train, seat) => (trains[`p${seat}`] = show(train)));
  if (state.community) trains.community = show(state.community);
  return {
    round: state.round,
    phase: state.phase,
    turn: state.turn,
    platform: state.platform === null ? null : tileName(set, state.platform),
    platformsUsed: names(state.used),
    trains,
    hands: state.hands.map((h) => names(h.map((c) => c.tile))),
    boneyard: state.boneyard.length,
    scores: state.scores,
    winners: state.winners,
  };
}

/** Every tile this round dealt, wherever it is now. */
export function placedTiles(state: DtState): TileId[] {
  const tiles = knownTiles(...state.hands, state.boneyard);
  if (state.platform !== null) tiles.push(state.platform);
  for (const train of state.trains) tiles.push(...train.tiles);
  if (state.community) tiles.push(...state.community.tiles);
  return tiles;
}

/**
 * A played or declared tile is shown to all before the move; a draw to the
 * drawer after it. DT-12: the move that ends the platform shows every hand, for
 * the scoring.
 */
export function disclosures(state: DtState, move: Move): Disclosure[] {
  const hand = state.hands[move.seat] ?? [];
  switch (move.type) {
    case 'draw': {
      const top = state.boneyard[0];
      return top ? [{ pos: top.pos, to: move.seat, when: 'after' }] : [];
    }
    case 'declare':
    case 'play': {
      if (move.tile === null) return [];
      const card = hand[indexOfTile(hand, move.tile)];
      if (!card) return [];
      const played: Disclosure[] = [{ pos: card.pos, to: 'all', when: 'before' }];
      const last = move.type === 'play' && state.phase === 'playing' && hand.length === 1;
      return last ? [...played, ...allHands(state, card.pos)] : played;
    }
    case 'pass':
      return blocks(state) ? allHands(state, -1) : [];
    default:
      return [];
  }
}

/** C-7: this pass is the n-th in a row with nothing to draw. */
function blocks(state: DtState): boolean {
  return (
    state.phase === 'playing' &&
    state.derailing === null &&
    state.drawn === null &&
    state.boneyard.length === 0 &&
    state.passes + 1 >= state.players
  );
}

function allHands(state: DtState, except: number): Disclosure[] {
  return state.hands.flatMap((h) =>
    h
      .filter((c) => c.pos !== except)
      .map((c): Disclosure => ({ pos: c.pos, to: 'all', when: 'before' })),
  );
}
