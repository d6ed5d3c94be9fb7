// Engine 191: the main station, then each seat's line (its stations crosswise,
// an incomplete one outlined) with that seat's public score yard under it, and
// the discard pile last.
import type { BoardWords } from './board-words';
import { personal, tileDef } from '../engine';
import type { Seat, TileSet } from '../engine';
import type { engine191Rules } from '../engine';
import type { LaneItem, LaneSpec, TileItem } from './lane';
import type { Badge } from './layout-types';
import { chainItems, seatBadges, seatLabel, seatOrder } from './lanes-common';

type Engine191State = engine191Rules.Engine191State;
type Line = engine191Rules.Line;

/** E-5: a double at a line's end with nothing beyond it, unless track removal exposed it. */
function incomplete(set: TileSet, line: Line): number | null {
  const last = line.tiles[line.tiles.length - 1];
  if (last === undefined || line.exposed) return null;
  const t = tileDef(set, last);
  return t.hi === t.lo ? t.hi : null;
}

function flat(set: TileSet, tile: number, dim = false): TileItem {
  const t = tileDef(set, tile);
  return { kind: 'tile', tile, ends: [t.hi, t.lo], double: false, dim };
}

export function engine191Lanes(
  set: TileSet,
  view: Engine191State,
  viewer: Seat | null,
  words: BoardWords,
  names?: readonly string[],
): LaneSpec[] {
  const start = view.station === null ? -1 : tileDef(set, view.station).hi;
  const station: LaneSpec = {
    id: 'hub',
    kind: 'hub',
    label: words.mainStation,
    caption: view.station === null ? words.notChosen : words.round(view.round),
    owner: null,
    own: false,
    badges: [],
    items:
      view.station === null
        ? []
        : [{ kind: 'tile', tile: view.station, ends: [start, start], double: true }],
    target: null,
    pin: false,
  };
  const seatSpecs = (seat: Seat): LaneSpec[] => {
    const line = view.lines[seat] ?? { tiles: [], open: start, exposed: false };
    const target = personal(seat);
    const need = incomplete(set, line);
    const last = line.tiles.length - 1;
    const items: LaneItem[] = chainItems(set, line.tiles, start).map((item, i) =>
      i === last && need !== null ? { ...item, outline: 'need', need } : item,
    );
    const badges: Badge[] = [...seatBadges(view, seat, viewer)];
    if (need !== null) badges.push({ kind: 'need', suit: need });
    badges.push({ kind: 'tokens', count: view.tokens[seat] ?? 0 });
    const yard = view.yards[seat] ?? [];
    return [
      {
        id: target,
        kind: 'line',
        label: seatLabel(seat, viewer, words, names),
        caption: words.line,
        owner: seat,
        own: seat === viewer,
        badges,
        items: [
          ...items,
          { kind: 'slot', target, open: line.tiles.length > 0 ? line.open : start },
        ],
        target,
        pin: false,
      },
      {
        id: `yard-${target}`,
        kind: 'yard',
        label: words.scoreYard,
        caption: words.pips(
          yard.reduce((sum, t) => sum + tileDef(set, t).hi + tileDef(set, t).lo, 0),
        ),
        owner: seat,
        own: seat === viewer,
        badges: [],
        items: yard.map((t) => flat(set, t)),
        target: null,
        pin: false,
      },
    ];
  };
  const discard: LaneSpec = {
    id: 'discard',
    kind: 'discard',
    label: words.discardPile,
    caption: words.removedTrack,
    owner: null,
    own: false,
    badges: [{ kind: 'count', count: view.discard.length }],
    items: view.discard.map((t) => flat(set, t, true)),
    target: null,
    pin: false,
  };
  return [station, ...seatOrder(view.players, viewer).flatMap(seatSpecs), discard];
}
