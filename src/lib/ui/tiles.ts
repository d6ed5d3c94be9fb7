// Tiles and targets in words: the `a-b` notation (C-2), labels for buttons and
// screen readers.
import {
  isDouble,
  ownerOf,
  tileDef,
  tileName,
  variantOf,
  type BaseState,
  type Seat,
  type Target,
  type TileId,
  type TileSet,
} from '$lib/engine';
import game from './i18n/game';

export function tileSetOf(view: BaseState): TileSet {
  return variantOf(view.variant).tileSet(view.players, view.options);
}

/** C-2 notation, higher end first (`12-5`, `0-0`; railroads `BN-UP`, `FRISCO`). */
export function tileText(set: TileSet, tile: TileId): string {
  return tileName(set, tile);
}

/** The two ends as the face draws them: [hi, lo]; FRISCO is [-1, -1]. */
export function tileEnds(set: TileSet, tile: TileId): readonly [number, number] {
  const t = tileDef(set, tile);
  return t.wild ? [-1, -1] : [t.hi, t.lo];
}

/** Words for a screen reader: "12 and 5", "double 6", "BN and UP", "FRISCO". */
export function tileWords(set: TileSet, tile: TileId): string {
  const t = tileDef(set, tile);
  if (t.wild) return 'FRISCO';
  const hi = set.suits[t.hi] ?? '?';
  const lo = set.suits[t.lo] ?? '?';
  return isDouble(set, tile) ? `double ${hi}` : `${hi} and ${lo}`;
}

/** tileWords in the active language (the table's labels and announcements). */
export function tileSpoken(set: TileSet, tile: TileId): string {
  const t = tileDef(set, tile);
  if (t.wild) return 'FRISCO';
  const hi = set.suits[t.hi] ?? '?';
  const lo = set.suits[t.lo] ?? '?';
  return isDouble(set, tile) ? game.tile_double({ hi }) : game.tile_pair({ hi, lo });
}

export type SeatNames = readonly string[];

export function seatName(names: SeatNames, seat: Seat): string {
  return names[seat] ?? game.seat_n({ n: seat + 1 });
}

/** "your train", "Bo's train", "the Mexican Train", "the west end". */
export function targetWords(
  view: BaseState,
  target: Target,
  viewer: Seat | null,
  names: SeatNames,
): string {
  const owner = ownerOf(target);
  if (owner !== null) {
    const line = variantOf(view.variant).laneName === 'line';
    if (owner === viewer) return line ? game.lane_your_line() : game.lane_your_train();
    const name = seatName(names, owner);
    return line ? game.lane_their_line({ name }) : game.lane_their_train({ name });
  }
  switch (target) {
    case 'mexican':
      return game.target_mexican();
    case 'community':
      return game.target_community();
    case 'west':
      return game.target_west();
    case 'east':
      return game.target_east();
    default:
      return target;
  }
}
