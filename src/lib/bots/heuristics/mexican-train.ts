// Mexican Train and its tournament rules (MT-*, TT-*): keep your own train
// playable along the longest line your hand can lay, shed high pips elsewhere,
// lay doubles you can follow (MT-6 satisfy, TT-5 one more tile), lift your
// marker, and leave the next player ends they are unlikely to match.
import { hasSuit, isDouble, otherEnd, personal, pips } from '../../engine';
import type { PlayMove, Seat, TileId, TileSet, Variant } from '../../engine';
import { mexicanTrainRules } from '../../engine';
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

type MtState = mexicanTrainRules.MtState;
const { layTile, openAt, rulesOf } = mexicanTrainRules;

/** Weights in pips: what each consideration is worth against shedding one pip. */
const W = {
  followPlan: 4,
  planTileLost: 2.5,
  offPlanElsewhere: 2,
  liftMarker: 6,
  doubleFollowed: 6,
  doubleStranded: 8,
  noPlayNextTurn: 4,
  nextCanPlay: 5,
  passAfterDraw: 20,
} as const;

/** Ends the seat could play on at its next ordinary turn (MT-5, MT-9, TT-4). */
function endsFor(set: TileSet, state: MtState, seat: Seat): number[] {
  const ends: number[] = [];
  state.trains.forEach((train, s) => {
    if (s === seat || train.marker) ends.push(train.open);
  });
  const own = state.trains[seat];
  // MT-5: the Mexican Train is begun once one's own train is; TT-4: by anyone.
  const mayBegin = !rulesOf(state.variant).mexicanNeedsOwnTrain || (own && own.tiles.length > 0);
  if (state.mexican) ends.push(state.mexican.open);
  else if (mayBegin) ends.push(openAt(set, state, 'mexican'));
  return ends;
}

/** The state once the move's tile is laid (the engine's own laying, MT-9 marker included). */
function after(set: TileSet, state: MtState, move: PlayMove): MtState {
  return { ...state, ...layTile(set, state, move.seat, move.tile, move.target) };
}

function rankPlay(
  set: TileSet,
  view: MtState,
  move: PlayMove,
  hand: readonly TileId[],
  plan: readonly TileId[],
  unseen: readonly TileId[],
): number {
  const seat = move.seat;
  const own = view.trains[seat];
  const open = openAt(set, view, move.target);
  const end = otherEnd(set, move.tile, open);
  const rest = hand.filter((t) => t !== move.tile);
  const next = after(set, view, move);
  let v = pips(set, move.tile);
  if (isDouble(set, move.tile)) {
    // MT-6: satisfy it on the double; TT-5: one more tile anywhere.
    const satisfy = rulesOf(view.variant).afterDouble === 'satisfy';
    const ends = satisfy ? [end] : [end, ...endsFor(set, next, seat)];
    const followed = rest.some((t) => ends.some((e) => hasSuit(set, t, e)));
    v += followed ? W.doubleFollowed : -W.doubleStranded;
  }
  if (move.target === personal(seat)) {
    if (plan[0] === move.tile) v += W.followPlan;
    else v -= W.planTileLost * Math.max(0, plan.length - 1 - longestChain(set, rest, end).length);
    if (own?.marker) v += W.liftMarker;
  } else if (plan.includes(move.tile)) {
    v -= W.planTileLost * (plan.length - longestChain(set, rest, own?.open ?? -1).length);
  } else v += W.offPlanElsewhere;
  const mine = endsFor(set, next, seat);
  if (!rest.some((t) => mine.some((e) => hasSuit(set, t, e)))) v -= W.noPlayNextTurn;
  const left = (seat + 1) % view.players;
  const theirs = endsFor(set, next, left);
  const matching = unseen.filter((t) => theirs.some((e) => hasSuit(set, t, e))).length;
  const size = view.hands[left]?.length ?? 0;
  v -= W.nextCanPlay * (1 - chanceOfNone(unseen.length, matching, size));
  return v;
}

export function mexicanTrainHeuristics(variant: Variant<MtState>): Heuristics<MtState> {
  const setOf = (s: MtState) => variant.tileSet(s.players, s.options);
  return {
    rank({ view, seat, legal }: BotInput<MtState>) {
      const set = setOf(view);
      const hand = knownHand(view, seat);
      const plan = longestChain(set, hand, view.trains[seat]?.open ?? -1);
      const unseen = unseenTiles(variant, view);
      return legal.map((m) => {
        if (m.type === 'play') return rankPlay(set, view, m, hand, plan, unseen);
        return m.type === 'pass' && view.step.drawn !== null ? -W.passAfterDraw : 0;
      });
    },
    sharpness: 0.3,
    policy(state) {
      const set = setOf(state);
      const seat = state.turn ?? 0;
      const hand = knownHand(state, seat);
      const own = state.trains[seat];
      return (m) => {
        if (m.type !== 'play') return m.type === 'pass' ? -500 : -1000;
        const end = otherEnd(set, m.tile, openAt(set, state, m.target));
        const follows = hand.some((t) => t !== m.tile && hasSuit(set, t, end));
        let v = pips(set, m.tile);
        if (isDouble(set, m.tile)) v += follows ? 8 : -6;
        if (m.target === personal(seat)) v += 1 + (own?.marker ? 4 : 0) + (follows ? 2 : 0);
        return v;
      };
    },
    outcome(start, end, seat) {
      const set = setOf(end);
      const over = end.phase === 'roundOver' || end.phase === 'gameOver';
      // MT-11: pips left in hand; a round cut short counts tiles as well.
      const points =
        over && !end.unscored
          ? gained(start, end)
          : end.hands.map((h) => cardPips(set, h) + 2 * h.length);
      return versusBest(points, seat, -1);
    },
  };
}
