// Sampling the hidden tiles consistently with everything a bot has seen: deal
// the unseen tiles at random into the hidden positions, replay the round with
// full information, and keep worlds in which no player's draw, pass or
// declaration would have been false (it held no playable tile then, and so on).
import { shuffled } from '../engine';
import type { BaseState, Card, Move, Rng, RoundHistory, Supply, TileId, Variant } from '../engine';

function knownTiles(variant: Variant, h: RoundHistory<BaseState>): Set<TileId> {
  const known = new Set<TileId>();
  for (const t of variant.placedTiles(h.start)) if (typeof t === 'number') known.add(t);
  for (const h2 of h.start.hands) for (const c of h2) if (c.tile !== null) known.add(c.tile);
  for (const [, t] of h.revealed) known.add(t);
  return known;
}

/** A full-information world consistent with the bot's history, or null if none was found. */
export function sampleWorld<S extends BaseState>(
  variant: Variant<S>,
  history: RoundHistory<S>,
  rng: Rng,
  attempts = 16,
): S | null {
  const byPos = new Map(history.revealed);
  const known = knownTiles(
    variant as unknown as Variant,
    history as unknown as RoundHistory<BaseState>,
  );
  const unseen = history.dealt.filter((t) => !known.has(t));
  let best: { world: S; misses: number } | null = null;
  for (let a = 0; a < attempts; a++) {
    const pool = shuffled(rng, unseen);
    const fill = (c: Card): Card =>
      c.tile !== null ? c : { pos: c.pos, tile: byPos.get(c.pos) ?? pool.pop() ?? null };
    let state: S = {
      ...history.start,
      hands: history.start.hands.map((h) => h.map(fill)),
      boneyard: history.start.boneyard.map(fill),
    };
    let misses = 0;
    for (const step of history.steps) {
      const next = replayStep(variant, state, step, byPos, rng);
      if (!next) {
        misses = Infinity;
        break;
      }
      misses += next.miss ? 1 : 0;
      state = next.state;
    }
    if (misses === 0) return state;
    if (misses < (best?.misses ?? Infinity)) best = { world: state, misses };
  }
  return best?.world ?? null;
}

function replayStep<S extends BaseState>(
  variant: Variant<S>,
  state: S,
  step: Move | Supply,
  byPos: ReadonlyMap<number, TileId>,
  rng: Rng,
): { state: S; miss: boolean } | null {
  if ('type' in step) {
    const verdict = variant.validate(state, step);
    if (verdict.kind === 'illegal') return null;
    return { state: variant.perform(state, step), miss: verdict.kind === 'breach' };
  }
  let input = step;
  if (step.kind === 'reshuffle') {
    const need = variant.need(state);
    if (need?.kind !== 'reshuffle') return null;
    const placed = new Set(
      step.boneyard.map((c) => byPos.get(c.pos)).filter((t) => t !== undefined),
    );
    const rest = shuffled(
      rng,
      need.tiles.filter((t) => !placed.has(t)),
    );
    input = {
      kind: 'reshuffle',
      boneyard: step.boneyard.map((c) => ({
        pos: c.pos,
        tile: byPos.get(c.pos) ?? rest.pop() ?? null,
      })),
    };
  }
  const r = variant.supply(state, input);
  return r.ok ? { state: r.value, miss: false } : null;
}
