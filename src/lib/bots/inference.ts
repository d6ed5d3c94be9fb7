// Inference from play: a sampled world is more plausible when the other
// players' recent plays are ones the variant's policy would have liked with the
// hands that world gives them (a softmax over the policy's scores).
import type { BaseState, Card, RoundHistory, TileId, Variant } from '../engine';
import type { Heuristics } from './heuristics';
import type { Observed } from './knowledge';

/** The log-likelihood of others' latest `recent` plays in `world`, up to a constant. */
export function playLikelihood<S extends BaseState>(
  variant: Variant<S>,
  h: Heuristics<S>,
  world: S,
  history: RoundHistory<S>,
  plays: readonly Observed<S>[],
  recent: number,
): number {
  const tiles = new Map<number, TileId>(history.revealed);
  const learn = (c: Card) => {
    if (c.tile !== null) tiles.set(c.pos, c.tile);
  };
  world.hands.forEach((hand) => hand.forEach(learn));
  world.boneyard.forEach(learn);
  let log = 0;
  for (const { state, move } of plays.slice(plays.length - recent)) {
    const hand = (state.hands[move.seat] ?? []).map((c): Card =>
      c.tile !== null ? c : { pos: c.pos, tile: tiles.get(c.pos) ?? null },
    );
    const hands = state.hands.slice();
    hands[move.seat] = hand;
    const then = { ...state, hands };
    const score = h.policy(then);
    const chosen = h.sharpness * score(move);
    let sum = 0;
    for (const m of variant.legalMoves(then)) sum += Math.exp(h.sharpness * score(m) - chosen);
    log -= Math.log(Math.max(1, sum));
  }
  return log;
}
