// What a Derailing the Train move did (DT-2, DT-6…DT-8), for `Variant.events`.
import { laneEvents, moveItself, personalLane } from '../../step-events';
import type { EventRules, Lane } from '../../step-events';
import type { VariantEvents } from '../../variant';
import type { DtState } from './state';

const RULES: EventRules = {
  centre: 'platform',
  opened: 'DT-2',
  callDown: 'DT-2',
  play: 'DT-6',
  draw: 'DT-6',
  pass: 'DT-6',
  markers: { out: 'DT-6', removed: 'DT-6' },
  roundOver: 'DT-11',
  gameOver: 'DT-12',
};

function lanes(s: DtState): Lane[] {
  return [
    ...s.trains.map((t, i) => personalLane(t.tiles, i, t.marker, t.derailed)),
    {
      target: 'community',
      tiles: s.community?.tiles ?? [],
      marker: false,
      derailed: s.community?.derailed ?? false,
    },
  ];
}

export const dtEvents: VariantEvents<DtState> = {
  rules: RULES,
  centre: (s) => s.platform,
  move: (_set, before, move, after) => [
    ...moveItself(RULES, before, move, {
      // H-3: a draw after a draw in the same turn.
      drawRule: before.drawn !== null ? 'H-3' : null,
      called: before.called,
    }),
    ...laneEvents(RULES, lanes(before), lanes(after), move),
  ],
};
