// Derailing the Train: the platform, the viewer's personal train, the community
// train, then the other personal trains; derailers lie crosswise and outlined.
import type { BoardWords } from './board-words';
import { personal, tileDef } from '../engine';
import type { Seat, Target, TileSet } from '../engine';
import type { derailingRules } from '../engine';
import type { LaneItem, LaneSpec, TileItem } from './lane';
import type { Badge } from './layout-types';
import { chainItems, seatBadges, seatLabel, seatOrder } from './lanes-common';

type DtState = derailingRules.DtState;
type Train = derailingRules.Train;

function trainItems(set: TileSet, train: Train | null, target: Target, start: number): LaneItem[] {
  const tiles = train?.tiles ?? [];
  const items = chainItems(set, tiles, start).map((item, i): TileItem => {
    // DT-7: only the last tile of a derailed train is its live derailer.
    const live = train?.derailed === true && i === tiles.length - 1;
    return live ? { ...item, outline: 'derailer', need: item.ends[0] } : item;
  });
  return [...items, { kind: 'slot', target, open: train?.open ?? start }];
}

function trainBadges(set: TileSet, train: Train | null): Badge[] {
  const badges: Badge[] = [];
  if (train?.marker) badges.push({ kind: 'marker' });
  const last = train?.tiles[train.tiles.length - 1];
  if (train?.derailed && last !== undefined) {
    badges.push({ kind: 'derailed' }, { kind: 'need', suit: tileDef(set, last).hi });
  }
  return badges;
}

export function derailingLanes(
  set: TileSet,
  view: DtState,
  viewer: Seat | null,
  words: BoardWords,
  names?: readonly string[],
): LaneSpec[] {
  const start = view.platform === null ? -1 : tileDef(set, view.platform).hi;
  const platform: LaneSpec = {
    id: 'hub',
    kind: 'hub',
    label: words.platform,
    caption: words.platformOf(view.round, set.n + 1),
    owner: null,
    own: false,
    badges: [],
    items:
      view.platform === null
        ? []
        : [{ kind: 'tile', tile: view.platform, ends: [start, start], double: true }],
    target: null,
    pin: false,
  };
  const seatSpec = (seat: Seat): LaneSpec => {
    const train = view.trains[seat] ?? null;
    const target = personal(seat);
    return {
      id: target,
      kind: 'train',
      label: seatLabel(seat, viewer, words, names),
      caption: words.personalTrain,
      owner: seat,
      own: seat === viewer,
      badges: [...seatBadges(view, seat, viewer), ...trainBadges(set, train)],
      items: trainItems(set, train, target, start),
      target,
      pin: true,
    };
  };
  const community: LaneSpec = {
    id: 'community',
    kind: 'train',
    label: words.communityTrain,
    caption: view.community === null ? words.notBegun : words.openToAll,
    owner: null,
    own: false,
    badges: trainBadges(set, view.community),
    items: trainItems(set, view.community, 'community', start),
    target: 'community',
    pin: false,
  };
  const [first, ...others] = seatOrder(view.players, viewer);
  const mine = viewer !== null && first !== undefined ? [seatSpec(first)] : [];
  const rest = viewer !== null ? others : seatOrder(view.players, null);
  return [platform, ...mine, community, ...rest.map(seatSpec)];
}
