// Sampling the hidden tiles consistently with everything a bot has seen: each
// hidden position gets a tile that the same deal or reshuffle could have put
// there and that its owner's draws, passes and declarations do not rule out
// (see knowledge.ts). The bot's view with those tiles filled in is a world.
import type { BaseState, Card, Rng, RoundHistory, TileId, Variant } from '../engine';
import { readHistory } from './knowledge';
import type { Knowledge } from './knowledge';

/** A full-information world consistent with the bot's view and history, or null if the counts disagree. */
export function sampleWorld<S extends BaseState>(
  variant: Variant<S>,
  view: S,
  history: RoundHistory<S>,
  rng: Rng,
  attempts = 4,
): S | null {
  const hidden = hiddenTiles(variant, view, history);
  if (!hidden) return null;
  return fillHidden(view, hidden, readHistory(variant, history), rng, attempts);
}

/** The tiles of this round the view does not show, or null if they do not match the hidden positions. */
export function hiddenTiles<S extends BaseState>(
  variant: Variant<S>,
  view: S,
  history: RoundHistory<S>,
): TileId[] | null {
  const visible = new Set(variant.placedTiles(view));
  const hidden = history.dealt.filter((t) => !visible.has(t));
  let slots = 0;
  for (const hand of view.hands) for (const c of hand) if (c.tile === null) slots++;
  for (const c of view.boneyard) if (c.tile === null) slots++;
  return hidden.length === slots ? hidden : null;
}

/**
 * Deals `hidden` into the view's hidden positions, each from its own origin's
 * tiles; the most constrained positions choose first. Retries a few times for
 * an assignment breaking no exclusion, else keeps the one breaking fewest.
 */
export function fillHidden<S extends BaseState>(
  view: S,
  hidden: readonly TileId[],
  knowledge: Knowledge,
  rng: Rng,
  attempts: number,
): S {
  const positions: Card[] = [];
  for (const hand of view.hands) for (const c of hand) if (c.tile === null) positions.push(c);
  for (const c of view.boneyard) if (c.tile === null) positions.push(c);
  const originOf = (pos: number) => knowledge.origin.get(pos) ?? 0;
  const sourceOf = (tile: TileId) => knowledge.source.get(tile) ?? 0;
  const order = positions
    .map((c) => ({ pos: c.pos, origin: originOf(c.pos), excluded: knowledge.excluded.get(c.pos) }))
    .sort((a, b) => (b.excluded?.size ?? 0) - (a.excluded?.size ?? 0));
  let best: { tiles: Map<number, TileId>; misses: number } | null = null;
  for (let a = 0; a < attempts && (best?.misses ?? 1) > 0; a++) {
    const pool = hidden.slice();
    const tiles = new Map<number, TileId>();
    let misses = 0;
    for (const { pos, origin, excluded } of order) {
      const fits = (t: TileId) => sourceOf(t) === origin && !excluded?.has(t);
      let i = pick(pool, fits, rng);
      if (i < 0) {
        misses++;
        i = pick(pool, (t) => sourceOf(t) === origin, rng);
        if (i < 0) i = rng.int(pool.length);
      }
      tiles.set(pos, pool[i] as TileId);
      pool[i] = pool[pool.length - 1] as TileId;
      pool.pop();
    }
    if (!best || misses < best.misses) best = { tiles, misses };
  }
  const tiles = best?.tiles ?? new Map<number, TileId>();
  const fill = (c: Card): Card =>
    c.tile !== null ? c : { pos: c.pos, tile: tiles.get(c.pos) ?? null };
  return { ...view, hands: view.hands.map((h) => h.map(fill)), boneyard: view.boneyard.map(fill) };
}

/** A uniformly random index of `pool` whose tile passes `ok`, or -1. */
function pick(pool: readonly TileId[], ok: (t: TileId) => boolean, rng: Rng): number {
  // One blind try first (uniform over the passing tiles either way): most positions pass anything.
  const first = rng.int(pool.length);
  if (pool.length > 0 && ok(pool[first] as TileId)) return first;
  let chosen = -1;
  let seen = 0;
  for (let i = 0; i < pool.length; i++) {
    if (!ok(pool[i] as TileId)) continue;
    seen++;
    if (rng.int(seen) === 0) chosen = i;
  }
  return chosen;
}
