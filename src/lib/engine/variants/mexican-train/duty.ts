// What the player to act may do with a tile right now, and which rule says so:
// an unsatisfied double (MT-6, MT-7, TT-6), the first turn (MT-4), or the
// ordinary choice of trains (MT-5, TT-4, TT-5).
import { houseOn } from '../../house';
import { personal } from '../../types';
import type { Seat } from '../../types';
import { tileDef } from '../../tiles';
import type { TileId, TileSet } from '../../tiles';
import { fits, hubSuit } from './board';
import type { Spot } from './board';
import type { MtRules } from './rules';
import type { MtState } from './state';

export interface Duty {
  /** Where a tile may go now. */
  readonly spots: readonly Spot[];
  /** The rule named for a draw or pass that breaks this duty. */
  readonly rule: string;
  /** The rule named for a tile laid where it may not go now. */
  readonly playRule: string;
  /** C-5: a drawn tile that fits must be played (a double the player is bound to satisfy). */
  readonly bound: boolean;
  /** H-3: a player who draws here draws on until a drawn tile can be played (not MT-4). */
  readonly drawsOn: boolean;
}

export function dutyOf(rules: MtRules, set: TileSet, state: MtState, seat: Seat): Duty {
  const top = state.pending[state.pending.length - 1];
  const drawsOn = houseOn(state.options, 'drawUntilPlay');
  // TT-5: the player who just laid a double owes one more tile anywhere, not necessarily on it.
  const owesExtra = rules.afterDouble === 'extra' && state.step.laid;
  if (top && !owesExtra) {
    // MT-6 binds the player who laid it this turn, MT-7 / TT-6 everyone after;
    // TT-6: the most recent double first, on whatever train it lies.
    const rule = state.step.laid ? 'MT-6' : rules.pendingRule;
    const spots = [{ target: top.target, open: tileDef(set, top.tile).hi }];
    return { spots, rule, playRule: rule, bound: true, drawsOn };
  }
  const own = state.trains[seat];
  if (rules.firstTurnRestricted && !state.firstTurnDone[seat]) {
    // MT-4: the first turn may only begin the player's own train.
    const spots = own ? [{ target: personal(seat), open: own.open }] : [];
    return { spots, rule: 'MT-4', playRule: 'MT-4', bound: false, drawsOn: false };
  }
  const spots: Spot[] = [];
  state.trains.forEach((train, s) => {
    // MT-5: one's own train, or another's that carries a marker (MT-9).
    if (s === seat || train.marker) spots.push({ target: personal(s), open: train.open });
  });
  if (state.mexican) spots.push({ target: 'mexican', open: state.mexican.open });
  // MT-5: begun once one's own train is; TT-4: by anyone at any time; H-4: here too.
  else if (
    !rules.mexicanNeedsOwnTrain ||
    (own && own.tiles.length > 0) ||
    houseOn(state.options, 'mexicanFirst')
  ) {
    spots.push({ target: 'mexican', open: hubSuit(set, state) });
  }
  // MT-8: draw or pass only without a legal play; TT-5 likewise for the extra tile.
  return {
    spots,
    rule: owesExtra ? 'TT-5' : 'MT-8',
    playRule: 'MT-5',
    bound: false,
    drawsOn,
  };
}

export function playableUnder(set: TileSet, duty: Duty): (tile: TileId) => boolean {
  return (tile) => duty.spots.some((spot) => fits(set, tile, spot));
}
