// A turn of play (DT-6 … DT-11 with C-5, C-7): plays, draws and passes, their
// checks on views, and what they do to the trains.
import { anyCard, indexOfTile, replaceAt, without } from '../../cards';
import type { Maybe } from '../../cards';
import { houseOn } from '../../house';
import { isDouble, otherEnd, tileName } from '../../tiles';
import type { TileId, TileSet } from '../../tiles';
import type { Verdict } from '../../variant';
import type { Move, Seat, Target } from '../../types';
import { hasPlace, legalTargets, placementError, scopeOf } from './placement';
import type { Scope } from './placement';
import { endPlatform } from './scoring';
import { nextTurn, platformSuit, tileSetOf } from './state';
import type { Changes, DtState, Train } from './state';
import { OK, duty, illegal } from './verdicts';

const WHY: Readonly<Record<string, string>> = {
  'DT-4': 'a personal train is private to its owner and takes a tile matching its end',
  'DT-5': 'the community train takes a tile matching its end (to begin it, the platform)',
  'DT-6': 'a public train takes a tile matching its end',
  'DT-7': 'a derailer goes only on an established train whose end it matches',
  'DT-8': 'a derailed train takes only a tile matching its derailer',
  'DT-9': 'the owner of a derailed train may play only on their derailer',
  'DT-10':
    'while the community train is derailed, the only plays are setting it (or your own train) back on track',
};

/** The seat's legal moves in phase `playing`, from the tiles it knows. */
export function playingLegal(state: DtState): Move[] {
  const seat = state.turn;
  if (seat === null) return [];
  const set = tileSetOf(state);
  const scope = scopeOf(state, set, seat);
  const moves: Move[] = [];
  for (const card of state.hands[seat] ?? []) {
    if (card.tile === null) continue;
    if (state.drawn !== null && card.pos !== state.drawn) continue;
    for (const target of legalTargets(state, set, scope, seat, card.tile)) {
      moves.push({ seat, type: 'play', tile: card.tile, target });
    }
  }
  // H-3: after a draw, play the drawn tile or pass if it fits, else draw on.
  if (drawsOn(state)) moves.push({ seat, type: moves.length > 0 ? 'pass' : 'draw' });
  // DT-8 and C-5: after derailing or drawing the turn may end with `pass`.
  else if (state.derailing !== null || state.drawn !== null) moves.push({ seat, type: 'pass' });
  else if (moves.length === 0)
    moves.push({ seat, type: state.boneyard.length > 0 ? 'draw' : 'pass' });
  return moves;
}

/** H-3: a draw was made, the boneyard is not empty: the drawing may go on. */
function drawsOn(state: DtState): boolean {
  return (
    houseOn(state.options, 'drawUntilPlay') && state.drawn !== null && state.boneyard.length > 0
  );
}

/** H-3: whether the tile just drawn could be played now. */
function drawnFits(state: DtState, set: TileSet, scope: Scope, seat: Seat): Maybe {
  const card = (state.hands[seat] ?? []).find((c) => c.pos === state.drawn);
  return anyCard(card ? [card] : [], (t) => hasPlace(state, set, scope, seat, t));
}

/** C-5: whether the seat holds a tile it could play now (before drawing or passing). */
function holdsPlay(state: DtState, set: TileSet, scope: Scope, seat: Seat) {
  return anyCard(state.hands[seat] ?? [], (t) => hasPlace(state, set, scope, seat, t));
}

export function validatePlaying(state: DtState, move: Move): Verdict {
  const set = tileSetOf(state);
  const seat = move.seat;
  const scope = scopeOf(state, set, seat);
  switch (move.type) {
    case 'play': {
      if (move.from !== undefined) return illegal('DT-6', 'tiles are played from the hand');
      const hand = state.hands[seat] ?? [];
      const i = indexOfTile(hand, move.tile);
      const name = tileName(set, move.tile);
      if (i < 0) return illegal('DT-6', `seat ${seat} does not hold ${name}`);
      if (state.drawn !== null && hand[i]?.pos !== state.drawn) {
        return illegal('DT-6', 'after a draw only the drawn tile may be played (C-5)');
      }
      const rule = placementError(state, set, scope, seat, move.tile, move.target);
      if (rule === null) return OK;
      return illegal(rule, `${name} on ${move.target}: ${WHY[rule] ?? rule}`);
    }
    case 'draw':
      if (state.derailing !== null) {
        return illegal('DT-8', 'after derailing: put the train back on track or pass');
      }
      if (state.boneyard.length === 0) return illegal('DT-11', 'the boneyard is empty');
      if (state.drawn !== null) {
        if (!drawsOn(state)) return illegal('DT-6', 'one draw per turn');
        return duty(
          drawnFits(state, set, scope, seat),
          'H-3',
          `seat ${seat} draws on while the drawn tile can be played (H-3)`,
        );
      }
      return duty(
        holdsPlay(state, set, scope, seat),
        scope.rule,
        `seat ${seat} draws while holding a legal play (C-5)`,
      );
    case 'pass':
      if (drawsOn(state)) {
        const fits = drawnFits(state, set, scope, seat);
        return duty(
          fits === 'unknown' ? fits : fits === 'yes' ? 'no' : 'yes',
          'H-3',
          `seat ${seat} stops drawing though the drawn tile cannot be played (H-3)`,
        );
      }
      if (state.derailing !== null || state.drawn !== null) return OK;
      if (state.boneyard.length > 0) return illegal(scope.rule, 'draw before passing (C-5)');
      return duty(
        holdsPlay(state, set, scope, seat),
        scope.rule,
        `seat ${seat} passes while holding a legal play (C-5)`,
      );
    case 'declare':
      return illegal('DT-2', 'the platform is already laid');
    case 'choose':
    case 'removeTrack':
    case 'endTurn':
      return illegal('DT-6', `no ${move.type} in derailing-the-train`);
  }
}

export function performPlaying(state: DtState, move: Move): Changes {
  const set = tileSetOf(state);
  const seat = move.seat;
  switch (move.type) {
    case 'play': {
      const hand = state.hands[seat] ?? [];
      const rest = without(hand, indexOfTile(hand, move.tile));
      const hands = replaceAt(state.hands, seat, rest);
      const { trains, community } = layTile(state, set, seat, move.tile, move.target);
      // DT-11: a player's last tile ends the platform (DT-13 scores a derailer).
      if (rest.length === 0) {
        const out = { seat, tile: move.tile, target: move.target };
        return { trains, community, passes: 0, ...endPlatform(state, hands, set, out) };
      }
      const double = isDouble(set, move.tile);
      return {
        hands,
        trains,
        community,
        passes: 0,
        drawn: null,
        // DT-8: the derailer may put the train back on track at once, or pass.
        derailing: double ? move.target : null,
        turn: double ? seat : (seat + 1) % state.players,
      };
    }
    case 'draw': {
      const [top, ...boneyard] = state.boneyard;
      if (!top) return {};
      const hands = replaceAt(state.hands, seat, [...(state.hands[seat] ?? []), top]);
      return { hands, boneyard, drawn: top.pos };
    }
    case 'pass': {
      if (state.derailing !== null) return nextTurn(state, seat);
      // DT-6: nothing played after drawing (or with nothing to draw): the marker goes on.
      const own = state.trains[seat] as Train;
      const trains = replaceAt(state.trains, seat, { ...own, marker: true });
      if (state.drawn !== null) return { ...nextTurn(state, seat), trains };
      // C-7, DT-11: n passes in a row with nothing to draw block the platform.
      const passes = state.passes + 1;
      if (passes >= state.players) {
        return { trains, passes, ...endPlatform(state, state.hands, set, null) };
      }
      return { ...nextTurn(state, seat), trains, passes };
    }
    default:
      return {};
  }
}

/**
 * The trains once a tile is put on one. DT-6: the owner playing on their own
 * train takes its marker off; DT-7: a derailer marks the train it derails (the
 * community train is public anyway and carries none).
 */
function layTile(
  state: DtState,
  set: TileSet,
  seat: Seat,
  tile: TileId,
  target: Target,
): Pick<DtState, 'trains' | 'community'> {
  if (target === 'community') {
    const train = state.community ?? {
      tiles: [],
      open: platformSuit(set, state),
      marker: false,
      derailed: false,
    };
    return { trains: state.trains, community: extend(set, train, tile, false) };
  }
  const owner = Number(target.slice(1));
  const train = state.trains[owner] as Train;
  const marker = isDouble(set, tile) || (owner !== seat && train.marker);
  return {
    trains: replaceAt(state.trains, owner, extend(set, train, tile, marker)),
    community: state.community,
  };
}

function extend(set: TileSet, train: Train, tile: TileId, marker: boolean): Train {
  const open = otherEnd(set, tile, train.open);
  return { tiles: [...train.tiles, tile], open, marker, derailed: isDouble(set, tile) };
}
