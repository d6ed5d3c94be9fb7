// Engine 191 (E-*): commit the double whose suit your hand can follow (E-2),
// shed pips along your own line, play on an opponent's line only when the draw
// it costs is worth it (E-6) or it completes a station, follow your stations
// (E-8), remove track when the station behind opens better plays than drawing
// (E-4), and leave opponents' lines on suits they are unlikely to hold.
import { hasSuit, isDouble, otherEnd, ownerOf, personal, pips, tileDef } from '../../engine';
import type { Move, PlayMove, Seat, TileId, TileSet, Variant } from '../../engine';
import type { engine191Rules } from '../../engine';
import type { BotInput } from '../input';
import type { Heuristics } from './heuristics';
import { chanceOfNone, knownHand, longestChain, pipSum, unseenTiles } from './common';
import { versusBest } from './common';

type Engine191State = engine191Rules.Engine191State;
type Line = engine191Rules.Line;

/** Weights in pips: what each consideration is worth against shedding one pip. */
const W = {
  doubleCommitted: 10,
  suitHeld: 2,
  lowDouble: 0.5,
  followPlan: 3,
  planTileLost: 2,
  stationFollowed: 4,
  stationLeft: 2,
  block: 4,
  goOut: 20,
  fromYard: 0.1,
  drawnTileKept: 1,
} as const;

/** E-5: a double at the end of a line with nothing beyond it, not exposed by removing track. */
function incomplete(set: TileSet, line: Line | undefined): boolean {
  const last = line?.tiles[line.tiles.length - 1];
  return last !== undefined && !line?.exposed && isDouble(set, last);
}

/** E-4: the suit left open once the track after the last station before the end is removed. */
function openAfterRemoval(set: TileSet, state: Engine191State, line: Line): number {
  for (let i = line.tiles.length - 2; i >= 0; i--) {
    const t = line.tiles[i] as TileId;
    if (isDouble(set, t)) return tileDef(set, t).hi;
  }
  return state.station === null ? -1 : tileDef(set, state.station).hi;
}

function bestMatch(set: TileSet, tiles: readonly TileId[], suit: number): number {
  let best = 0;
  for (const t of tiles) if (hasSuit(set, t, suit)) best = Math.max(best, pips(set, t));
  return best;
}

/** E-2: a double whose suit the hand can follow; the lowest double revealed wins. */
function rankChoose(set: TileSet, hand: readonly TileId[], tile: TileId): number {
  if (!isDouble(set, tile)) return -pips(set, tile) / 100;
  const suit = tileDef(set, tile).hi;
  const held = hand.filter((t) => t !== tile && hasSuit(set, t, suit)).length;
  return W.doubleCommitted + W.suitHeld * held - W.lowDouble * suit;
}

interface Context {
  readonly set: TileSet;
  readonly view: Engine191State;
  readonly hand: readonly TileId[];
  readonly mine: readonly TileId[];
  readonly plan: readonly TileId[];
  readonly unseen: readonly TileId[];
  readonly drawCost: number;
}

function rankPlay(c: Context, move: PlayMove): number {
  const { set, view, hand, mine, plan, unseen } = c;
  const seat = move.seat;
  const owner = ownerOf(move.target) ?? seat;
  const line = view.lines[owner];
  if (!line) return -Infinity;
  const end = otherEnd(set, move.tile, line.open);
  const fromHand = move.from === 'yard' ? (move.replace ?? -1) : move.tile;
  const left = hand.filter((t) => t !== fromHand);
  if (left.length === 0) return pips(set, move.tile) + W.goOut;
  const rest = mine.filter((t) => t !== move.tile);
  let v = pips(set, move.tile) - (move.from === 'yard' ? W.fromYard : 0);
  if (isDouble(set, move.tile)) {
    // E-8: a station lets us play on; left incomplete, it binds the next player (E-5).
    v += rest.some((t) => hasSuit(set, t, end)) ? W.stationFollowed : -W.stationLeft;
  }
  if (owner === seat) {
    if (plan[0] === move.tile) v += W.followPlan;
    else v -= W.planTileLost * Math.max(0, plan.length - 1 - longestChain(set, rest, end).length);
    return v;
  }
  // E-6: a play on an opponent's line draws one into hand, unless it completes a station.
  if (!incomplete(set, line)) v -= c.drawCost;
  const size = view.hands[owner]?.length ?? 0;
  const canMatch = (suit: number) =>
    1 - chanceOfNone(unseen.length, unseen.filter((t) => hasSuit(set, t, suit)).length, size);
  v += W.block * (canMatch(line.open) - canMatch(end));
  if (plan.includes(move.tile)) {
    v -=
      W.planTileLost * (plan.length - longestChain(set, rest, view.lines[seat]?.open ?? -1).length);
  }
  return v;
}

function rankOther(c: Context, move: Move): number {
  const { set, view, mine } = c;
  const own = view.lines[move.seat];
  switch (move.type) {
    case 'removeTrack': {
      // E-4: one tile to the score yard, for the plays the station behind opens.
      if (!own) return -Infinity;
      const gain =
        bestMatch(set, mine, openAfterRemoval(set, view, own)) - bestMatch(set, mine, own.open);
      return gain > 0 ? gain - c.drawCost : -c.drawCost - 5;
    }
    case 'draw':
      // E-9: one tile to the score yard; playing it later moves a hand tile there instead.
      return -c.drawCost;
    case 'pass':
      return view.step === 'drawn' ? -W.drawnTileKept : 0;
    default:
      return 0;
  }
}

function handAndYardPips(set: TileSet, state: Engine191State, seat: Seat): number {
  let sum = pipSum(set, state.yards[seat] ?? []);
  for (const c of state.hands[seat] ?? []) if (c.tile !== null) sum += pips(set, c.tile);
  return sum;
}

export function engine191Heuristics(variant: Variant<Engine191State>): Heuristics<Engine191State> {
  const setOf = (s: Engine191State) => variant.tileSet(s.players, s.options);
  return {
    rank({ view, seat, legal }: BotInput<Engine191State>) {
      const set = setOf(view);
      const hand = knownHand(view, seat);
      if (view.phase === 'setup') {
        return legal.map((m) => (m.type === 'choose' ? rankChoose(set, hand, m.tile) : 0));
      }
      const mine = [...hand, ...(view.yards[seat] ?? [])];
      const unseen = unseenTiles(variant, view);
      const pool = view.boneyard.length > 0 ? unseen : view.discard;
      const c: Context = {
        set,
        view,
        hand,
        mine,
        plan: longestChain(set, mine, view.lines[seat]?.open ?? -1),
        unseen,
        drawCost: 1 + pipSum(set, pool) / Math.max(1, pool.length),
      };
      return legal.map((m) => (m.type === 'play' ? rankPlay(c, m) : rankOther(c, m)));
    },
    sharpness: 0.3,
    policy(state) {
      const set = setOf(state);
      const seat = state.turn ?? 0;
      const mine = [...knownHand(state, seat), ...(state.yards[seat] ?? [])];
      return (m) => {
        if (m.type === 'removeTrack') return -8;
        if (m.type === 'draw') return -7;
        if (m.type !== 'play') return -0.5;
        const owner = ownerOf(m.target) ?? seat;
        const line = state.lines[owner];
        let v = pips(set, m.tile) - (m.from === 'yard' ? W.fromYard : 0);
        if (owner !== seat && !incomplete(set, line)) v -= 6;
        if (isDouble(set, m.tile)) {
          const end = line ? otherEnd(set, m.tile, line.open) : -1;
          v += mine.some((t) => t !== m.tile && hasSuit(set, t, end)) ? 3 : -2;
        }
        return m.target === personal(seat) ? v + 0.5 : v;
      };
    },
    outcome(_start, end, seat) {
      const set = setOf(end);
      const over = end.phase === 'roundOver' || end.phase === 'gameOver';
      // E-12: the round's own scores; a round cut short counts hand and yard, tiles in hand too.
      const points = over
        ? end.scores
        : end.hands.map((h, s) => handAndYardPips(set, end, s) + 2 * h.length);
      return versusBest(points, seat, -1);
    },
  };
}
