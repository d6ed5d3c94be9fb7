// Mexican Train (both rule sets): the engine on the hub, the viewer's train, the
// Mexican Train, then the other trains clockwise from the viewer's left.
import type { BoardWords } from './board-words';
import { personal, tileDef } from '../engine';
import type { Seat, Target, TileSet } from '../engine';
import type { mexicanTrainRules } from '../engine';
import type { LaneItem, LaneSpec, TileItem } from './lane';
import type { Badge } from './layout-types';
import { chainItems, seatBadges, seatLabel, seatOrder } from './lanes-common';

type MtState = mexicanTrainRules.MtState;
type Train = mexicanTrainRules.Train;

function trainItems(
  set: TileSet,
  view: MtState,
  train: Train | null,
  target: Target,
  hub: number,
): LaneItem[] {
  const items = chainItems(set, train?.tiles ?? [], hub).map((item): TileItem => {
    const pending = view.pending.some((p) => p.tile === item.tile && p.target === target);
    return pending ? { ...item, outline: 'need', need: item.ends[0] } : item;
  });
  return [...items, { kind: 'slot', target, open: train?.open ?? hub }];
}

function needBadges(set: TileSet, view: MtState, target: Target): Badge[] {
  return view.pending
    .filter((p) => p.target === target)
    .map((p) => ({ kind: 'need', suit: tileDef(set, p.tile).hi }));
}

export function mexicanLanes(
  set: TileSet,
  view: MtState,
  viewer: Seat | null,
  words: BoardWords,
  names?: readonly string[],
): LaneSpec[] {
  const hub = view.engine === null ? -1 : tileDef(set, view.engine).hi;
  const hubSpec: LaneSpec = {
    id: 'hub',
    kind: 'hub',
    label: words.engine,
    caption: view.engine === null ? words.notLaid : words.round(view.round),
    owner: null,
    own: false,
    badges: [],
    items:
      view.engine === null
        ? []
        : [{ kind: 'tile', tile: view.engine, ends: [hub, hub], double: true }],
    target: null,
    pin: false,
  };
  const seatSpec = (seat: Seat): LaneSpec => {
    const train = view.trains[seat] ?? null;
    const target = personal(seat);
    const badges = [...seatBadges(view, seat, viewer), ...needBadges(set, view, target)];
    if (train?.marker) badges.push({ kind: 'marker' });
    return {
      id: target,
      kind: 'train',
      label: seatLabel(seat, viewer, words, names),
      caption: words.train,
      owner: seat,
      own: seat === viewer,
      badges,
      items: trainItems(set, view, train, target, hub),
      target,
      pin: true,
    };
  };
  const mexican: LaneSpec = {
    id: 'mexican',
    kind: 'train',
    label: words.mexicanTrain,
    caption: view.mexican === null ? words.notBegun : words.openToAll,
    owner: null,
    own: false,
    badges: needBadges(set, view, 'mexican'),
    items: trainItems(set, view, view.mexican, 'mexican', hub),
    target: 'mexican',
    pin: false,
  };
  const [first, ...others] = seatOrder(view.players, viewer);
  const mine = viewer !== null && first !== undefined ? [seatSpec(first)] : [];
  const rest = viewer !== null ? others : seatOrder(view.players, null);
  return [hubSpec, ...mine, mexican, ...rest.map(seatSpec)];
}
