// Railominos: one line through the leader, read left to right from its west end
// to its east end (wrapping on narrow screens), open doubles outlined.
import type { BoardWords } from './board-words';
import type { TileSet } from '../engine';
import { railominosRules } from '../engine';
import type { LaneItem, LaneSpec, TileItem } from './lane';
import { chainItems } from './lanes-common';

type RailominosState = railominosRules.RailominosState;
const { openDoubles } = railominosRules;

export function railominosLanes(
  set: TileSet,
  view: RailominosState,
  words: BoardWords,
): LaneSpec[] {
  const layout = view.layout;
  if (layout === null) {
    return [
      {
        id: 'line',
        kind: 'line',
        label: words.theLine,
        caption: words.waitingLeader,
        owner: null,
        own: false,
        badges: [],
        items: [],
        target: null,
        pin: false,
      },
    ];
  }
  const open = new Set(openDoubles(layout));
  const mark = (item: TileItem): TileItem =>
    open.has(item.tile) ? { ...item, outline: 'open', need: item.ends[0] } : item;
  // West pieces run outward from the leader; shown right to left, so each is flipped.
  const west = chainItems(set, layout.west.tiles, layout.leader.west)
    .map((i): TileItem => ({ ...i, ends: [i.ends[1], i.ends[0]] }))
    .reverse();
  const { leader } = layout;
  const leaderItem: TileItem = {
    kind: 'tile',
    tile: leader.tile,
    ends: [leader.west, leader.east],
    double: leader.west === leader.east,
  };
  const east = chainItems(set, layout.east.tiles, leader.east);
  const items: LaneItem[] = [
    { kind: 'slot', target: 'west', open: layout.west.open },
    ...[...west, leaderItem, ...east].map(mark),
    { kind: 'slot', target: 'east', open: layout.east.open },
  ];
  const line: LaneSpec = {
    id: 'line',
    kind: 'line',
    label: words.theLine,
    caption: words.westEast(set.suits[layout.west.open] ?? '?', set.suits[layout.east.open] ?? '?'),
    owner: null,
    own: false,
    badges: [{ kind: 'count', count: 1 + layout.west.tiles.length + layout.east.tiles.length }],
    items,
    target: null,
    pin: false,
    centre: true,
  };
  // FRISCO turned up as leader lies face up, out of the round.
  const aside = view.setAside.flatMap((c) => (c.tile === null ? [] : [c.tile]));
  if (aside.length === 0) return [line];
  const setAside: LaneSpec = {
    id: 'set-aside',
    kind: 'discard',
    label: words.setAside,
    caption: words.outOfRound,
    owner: null,
    own: false,
    badges: [],
    items: aside.map((tile) => ({
      kind: 'tile',
      tile,
      ends: [-1, -1],
      double: false,
      wild: true,
      dim: true,
    })),
    target: null,
    pin: false,
  };
  return [line, setAside];
}
