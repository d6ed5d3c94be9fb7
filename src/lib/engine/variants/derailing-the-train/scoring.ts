// The end of a platform and of the game (DT-11, DT-12, DT-13).
import { isDouble, pips } from '../../tiles';
import type { TileId, TileSet } from '../../tiles';
import type { Card, Seat, Target } from '../../types';
import type { Changes, DtState } from './state';

/** The play that emptied a hand, when the platform ends that way. */
export interface GoingOut {
  readonly seat: Seat;
  readonly tile: TileId;
  readonly target: Target;
}

function handPips(set: TileSet, hand: readonly Card[]): number {
  let sum = 0;
  for (const c of hand) if (c.tile !== null) sum += pips(set, c.tile);
  return sum;
}

/** DT-2: the game ends once every double of the set has been a platform. */
export function allPlatformsUsed(set: TileSet, used: readonly TileId[]): boolean {
  return used.length >= set.n + 1;
}

/** DT-12: lowest total wins; ties share the win. */
export function lowestTotals(scores: readonly number[]): Seat[] {
  const best = Math.min(...scores);
  return scores.flatMap((s, seat) => (s === best ? [seat] : []));
}

/**
 * DT-11: the platform is over (a hand emptied, or the round is blocked), with
 * these hands left. DT-12 adds each hand's pips; DT-13 charges a going-out
 * derailer to the train's owner, to every other player on the community train,
 * to the player on their own.
 */
export function endPlatform(
  state: DtState,
  hands: DtState['hands'],
  set: TileSet,
  out: GoingOut | null,
): Changes {
  const scores = hands.map((hand, seat) => (state.scores[seat] ?? 0) + handPips(set, hand));
  if (out && isDouble(set, out.tile)) {
    const value = pips(set, out.tile);
    for (let seat = 0; seat < scores.length; seat++) {
      const charged = out.target === 'community' ? seat !== out.seat : out.target === `p${seat}`;
      if (charged) scores[seat] = (scores[seat] ?? 0) + value;
    }
  }
  const over = allPlatformsUsed(set, state.used);
  return {
    hands,
    scores,
    phase: over ? 'gameOver' : 'roundOver',
    turn: null,
    drawn: null,
    derailing: null,
    winners: over ? lowestTotals(scores) : [],
  };
}
