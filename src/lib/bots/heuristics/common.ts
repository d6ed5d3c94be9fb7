// Heuristic building blocks shared by the variants: hands, unseen tiles, the
// longest line a hand can lay, the argmax of a cheap score, and round results.
import { hasSuit, otherEnd, pips } from '../../engine';
import type { BaseState, Card, Move, Seat, TileId, TileSet, Variant } from '../../engine';

export function knownHand(state: BaseState, seat: Seat): TileId[] {
  const tiles: TileId[] = [];
  for (const c of state.hands[seat] ?? []) if (c.tile !== null) tiles.push(c.tile);
  return tiles;
}

export function pipSum(set: TileSet, tiles: readonly TileId[]): number {
  let sum = 0;
  for (const t of tiles) sum += pips(set, t);
  return sum;
}

export function cardPips(set: TileSet, cards: readonly Card[]): number {
  let sum = 0;
  for (const c of cards) if (c.tile !== null) sum += pips(set, c.tile);
  return sum;
}

/** Tiles of the set that `seat` cannot see anywhere: in other hands or face down. */
export function unseenTiles<S extends BaseState>(variant: Variant<S>, view: S): TileId[] {
  const set = variant.tileSet(view.players, view.options);
  const visible = new Set(variant.placedTiles(view));
  return set.tiles.filter((t) => !visible.has(t.id)).map((t) => t.id);
}

/**
 * The chance that a hand of `size` unseen tiles holds none of `matching` out of
 * `unseen` (drawing without replacement).
 */
export function chanceOfNone(unseen: number, matching: number, size: number): number {
  let p = 1;
  for (let i = 0; i < size && p > 0; i++) p *= Math.max(0, unseen - matching - i) / (unseen - i);
  return unseen <= 0 ? 1 : p;
}

const CHAIN_NODES = 4000;

/**
 * The longest run of `tiles` that can be laid one after another from an end
 * showing `open` (most pips among equally long runs), by bounded depth-first search.
 */
export function longestChain(set: TileSet, tiles: readonly TileId[], open: number): TileId[] {
  let best: TileId[] = [];
  let bestPips = -1;
  let nodes = 0;
  const used = tiles.map(() => false);
  const path: TileId[] = [];
  const visit = (end: number, sum: number) => {
    if (++nodes > CHAIN_NODES) return;
    if (path.length > best.length || (path.length === best.length && sum > bestPips)) {
      best = path.slice();
      bestPips = sum;
    }
    for (let i = 0; i < tiles.length; i++) {
      const t = tiles[i] as TileId;
      if (used[i] || !hasSuit(set, t, end)) continue;
      used[i] = true;
      path.push(t);
      visit(otherEnd(set, t, end), sum + pips(set, t));
      path.pop();
      used[i] = false;
    }
  };
  if (open >= 0) visit(open, 0);
  return best;
}

/** The legal move with the highest `score`; the first one on ties. */
export function argmax(legal: readonly Move[], score: (m: Move) => number): Move {
  let best = legal[0] as Move;
  let bestValue = -Infinity;
  for (const m of legal) {
    const v = score(m);
    if (v > bestValue) {
      best = m;
      bestValue = v;
    }
  }
  return best;
}

/** Points gained by each seat between two states of one round. */
export function gained(start: BaseState, end: BaseState): number[] {
  return end.scores.map((s, i) => s - (start.scores[i] ?? 0));
}

/** A seat's result against the best of the others; `sign` −1 where points are bad. */
export function versusBest(points: readonly number[], seat: Seat, sign: 1 | -1): number {
  const mine = sign * (points[seat] ?? 0);
  let best = -Infinity;
  points.forEach((p, i) => {
    if (i !== seat) best = Math.max(best, sign * p);
  });
  return best === -Infinity ? mine : mine - best;
}
