// Heuristic building blocks that need only the fields every variant has.
import { pips } from '../../engine';
import type { BaseState, Move, Seat, TileSet, Variant } from '../../engine';
import { isPlay } from '../input';

export function handPips(set: TileSet, state: BaseState, seat: Seat): number {
  let sum = 0;
  for (const c of state.hands[seat] ?? []) if (c.tile !== null) sum += pips(set, c.tile);
  return sum;
}

/** The play shedding the most pips, else the first draw, else whatever is left. */
export function heaviestPlay(set: TileSet, legal: readonly Move[]): Move {
  let best: Move | undefined;
  let bestPips = -1;
  for (const m of legal) {
    if (isPlay(m) && pips(set, m.tile) > bestPips) {
      best = m;
      bestPips = pips(set, m.tile);
    }
  }
  return best ?? legal.find((m) => m.type === 'draw') ?? (legal[0] as Move);
}

/** Whether `seat` still has the turn after its move and can go on playing (a double it can follow). */
export function canFollowUp<S extends BaseState>(
  variant: Variant<S>,
  state: S,
  seat: Seat,
): boolean {
  return state.turn === seat && state.phase === 'playing' && variant.legalMoves(state).some(isPlay);
}

/** Points gained by each seat between two states of one round. */
export function gained(start: BaseState, end: BaseState): number[] {
  return end.scores.map((s, i) => s - (start.scores[i] ?? 0));
}

/** A seat's result against the mean of the others; `sign` −1 where points are bad. */
export function versusOthers(points: readonly number[], seat: Seat, sign: 1 | -1): number {
  const mine = points[seat] ?? 0;
  const others = points.filter((_, i) => i !== seat);
  const mean = others.reduce((a, b) => a + b, 0) / Math.max(1, others.length);
  return sign * (mine - mean);
}
