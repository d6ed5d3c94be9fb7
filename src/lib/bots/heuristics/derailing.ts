// Derailing the Train (DT-*): shed pips along your own train's longest line,
// derail the leader's train with a double they are unlikely to follow (DT-7:
// they may then play only on it, DT-9), put trains back on track only when it
// pays (DT-8), go out on someone else's train with a derailer (DT-13), and
// never strand yourself on your own derailer.
import { hasSuit, isDouble, otherEnd, ownerOf, personal, pips } from '../../engine';
import type { PlayMove, Seat, TileId, TileSet, Variant } from '../../engine';
import { derailingRules } from '../../engine';
import type { BotInput } from '../input';
import type { Heuristics } from './heuristics';
import {
  cardPips,
  chanceOfNone,
  gained,
  knownHand,
  longestChain,
  unseenTiles,
  versusBest,
} from './common';

type DtState = derailingRules.DtState;
type Train = derailingRules.Train;
const { openAt, trainAt } = derailingRules;

/** Weights in pips: what each consideration is worth against shedding one pip. */
const W = {
  followPlan: 4,
  planTileLost: 2.5,
  offPlanElsewhere: 2,
  liftMarker: 5,
  derailBlocks: 14,
  leader: 1.5,
  publicTrain: 2,
  strandedOnOwnDerailer: 12,
  doubleFollowed: 6,
  unblock: 8,
  goOut: 40,
  noPlayNextTurn: 4,
  passAfterDraw: 12,
} as const;

/** DT-7: a derailed train ends in its derailer. */
function derailed(set: TileSet, train: Train | null | undefined): boolean {
  const last = train?.tiles[train.tiles.length - 1];
  return last !== undefined && isDouble(set, last);
}

/** The seat doing best: lowest total, then fewest tiles in hand (DT-12). */
function leaderOf(state: DtState, seat: Seat): Seat {
  let best = -1;
  for (let s = 0; s < state.players; s++) {
    if (s === seat) continue;
    const key = (x: Seat) => (state.scores[x] ?? 0) * 100 + (state.hands[x]?.length ?? 0);
    if (best < 0 || key(s) < key(best)) best = s;
  }
  return best;
}

/** Ends the seat may play on at an ordinary turn (DT-4, DT-5, DT-6), ignoring derailments. */
function endsFor(set: TileSet, state: DtState, seat: Seat): number[] {
  const ends: number[] = [];
  state.trains.forEach((train, s) => {
    if (s === seat || train.marker) ends.push(train.open);
  });
  ends.push(openAt(set, state, 'community'));
  return ends;
}

function rankPlay(
  set: TileSet,
  view: DtState,
  move: PlayMove,
  hand: readonly TileId[],
  plan: readonly TileId[],
  unseen: readonly TileId[],
): number {
  const seat = move.seat;
  const own = view.trains[seat];
  const train = trainAt(view, move.target);
  const owner = ownerOf(move.target);
  const end = otherEnd(set, move.tile, openAt(set, view, move.target));
  const rest = hand.filter((t) => t !== move.tile);
  const double = isDouble(set, move.tile);
  const followed = rest.some((t) => hasSuit(set, t, end));
  const chanceToFollow = (s: Seat) => {
    const matching = unseen.filter((t) => hasSuit(set, t, end)).length;
    return 1 - chanceOfNone(unseen.length, matching, view.hands[s]?.length ?? 0);
  };
  let v = pips(set, move.tile);
  if (rest.length === 0) {
    // DT-13: a derailer going out is charged to the train's owner (everyone else on the community).
    const charged = owner === seat ? -1 : 1;
    return v + W.goOut + (double ? charged * pips(set, move.tile) : 0);
  }
  if (view.derailing !== null) {
    // DT-8: putting back on track a train we derailed a moment ago.
    if (owner !== null && owner !== seat) v -= W.unblock * (1 - chanceToFollow(owner));
  } else if (double) {
    if (owner === seat || move.target === 'community') {
      // DT-9 / DT-10: follow it at once (DT-8) or be stuck behind it.
      v += followed ? W.doubleFollowed : -W.strandedOnOwnDerailer;
      if (move.target === 'community' && !followed) v += W.derailBlocks * 0.3;
    } else if (owner !== null) {
      const weight = owner === leaderOf(view, seat) ? W.leader : 1;
      v += weight * W.derailBlocks * (1 - chanceToFollow(owner)) + W.publicTrain;
    }
  } else if (derailed(set, train) && owner !== null && owner !== seat) {
    v -= W.unblock;
  }
  if (!double && move.target === personal(seat)) {
    if (plan[0] === move.tile) v += W.followPlan;
    else v -= W.planTileLost * Math.max(0, plan.length - 1 - longestChain(set, rest, end).length);
    if (own?.marker) v += W.liftMarker;
  } else if (plan.includes(move.tile)) {
    v -= W.planTileLost * (plan.length - longestChain(set, rest, own?.open ?? -1).length);
  } else v += W.offPlanElsewhere;
  const mine = endsFor(set, view, seat).concat(move.target === personal(seat) ? [end] : []);
  if (!rest.some((t) => mine.some((e) => hasSuit(set, t, e)))) v -= W.noPlayNextTurn;
  return v;
}

export function derailingHeuristics(variant: Variant<DtState>): Heuristics<DtState> {
  const setOf = (s: DtState) => variant.tileSet(s.players, s.options);
  return {
    rank({ view, seat, legal }: BotInput<DtState>) {
      const set = setOf(view);
      const hand = knownHand(view, seat);
      const plan = longestChain(set, hand, view.trains[seat]?.open ?? -1);
      const unseen = unseenTiles(variant, view);
      return legal.map((m) => {
        if (m.type === 'play') return rankPlay(set, view, m, hand, plan, unseen);
        // A pass after drawing leaves the marker on (DT-6); after derailing it keeps the block.
        return m.type === 'pass' && view.drawn !== null ? -W.passAfterDraw : 0;
      });
    },
    sharpness: 0.3,
    policy(state) {
      const set = setOf(state);
      const seat = state.turn ?? 0;
      const hand = knownHand(state, seat);
      return (m) => {
        if (m.type !== 'play') return m.type === 'pass' && state.derailing !== null ? 0 : -100;
        const owner = ownerOf(m.target);
        const end = otherEnd(set, m.tile, openAt(set, state, m.target));
        const follows = hand.some((t) => t !== m.tile && hasSuit(set, t, end));
        let v = pips(set, m.tile);
        if (state.derailing !== null) return owner !== null && owner !== seat ? v - 6 : v;
        if (isDouble(set, m.tile)) {
          const blocks = owner !== null && owner !== seat;
          v += blocks ? 6 : follows ? 6 : -10;
        } else if (owner === seat) v += 1 + (follows ? 2 : 0);
        return v;
      };
    },
    outcome(start, end, seat) {
      const set = setOf(end);
      const over = end.phase === 'roundOver' || end.phase === 'gameOver';
      // DT-12: pips left in hand (DT-13 charges included); a platform cut short counts tiles too.
      const points = over
        ? gained(start, end)
        : end.hands.map((h) => cardPips(set, h) + 2 * h.length);
      return versusBest(points, seat, -1);
    },
  };
}
