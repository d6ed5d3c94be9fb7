// What every variant's layout shares: seat order, labels, badges, and the suits a
// chain of tiles shows as it runs out from where it starts.
import { tileDef } from '../engine';
import type { BaseState, Seat, TileId, TileSet } from '../engine';
import type { BoardWords } from './board-words';
import type { Badge } from './layout-types';
import type { TileItem } from './lane';

/** The viewer's seat first, then clockwise from their left; seat order for spectators. */
export function seatOrder(players: number, viewer: Seat | null): Seat[] {
  const first = viewer !== null && viewer >= 0 && viewer < players ? viewer : 0;
  return Array.from({ length: players }, (_, i) => (first + i) % players);
}

export function seatLabel(
  seat: Seat,
  viewer: Seat | null,
  words: BoardWords,
  names?: readonly string[],
): string {
  const name = names?.[seat];
  if (name !== undefined && name !== '') return name;
  return seat === viewer ? words.you : words.player(seat + 1);
}

/** Badges every seat's lane carries: whose it is, whose turn, how many tiles in hand. */
export function seatBadges(view: BaseState, seat: Seat, viewer: Seat | null): Badge[] {
  const badges: Badge[] = [];
  if (seat === viewer) badges.push({ kind: 'you' });
  if (view.turn === seat && view.phase === 'playing') badges.push({ kind: 'turn' });
  badges.push({ kind: 'hand', count: view.hands[seat]?.length ?? 0 });
  return badges;
}

/**
 * Tiles laid outward from an end showing `start`: each tile's matching suit
 * first, so neighbours touch on equal suits. FRISCO keeps the suit it was laid on.
 */
export function chainItems(set: TileSet, tiles: readonly TileId[], start: number): TileItem[] {
  let open = start;
  return tiles.map((tile): TileItem => {
    const t = tileDef(set, tile);
    if (t.wild) return { kind: 'tile', tile, ends: [-1, -1], double: false, wild: true };
    const near = t.hi === open || t.lo === open ? open : t.hi;
    const far = near === t.hi ? t.lo : t.hi;
    open = far;
    return { kind: 'tile', tile, ends: [near, far], double: t.hi === t.lo };
  });
}
