// What a Mexican Train move did (MT-5…MT-9, TT-4…TT-6, H-2…H-4), for `Variant.events`.
import { laneEvents, moveItself, pendingEvents, personalLane } from '../../step-events';
import type { EventRules, GameEvent, Lane } from '../../step-events';
import type { TileId, TileSet } from '../../tiles';
import type { Move, PlayMove } from '../../types';
import type { VariantEvents } from '../../variant';
import type { MtRules } from './rules';
import type { MtState } from './state';

const MT_RULES: EventRules = {
  centre: 'engine',
  opened: 'MT-2',
  callDown: 'MT-2',
  play: 'MT-5',
  draw: 'MT-8',
  pass: 'MT-8',
  markers: { out: 'MT-8', removed: 'MT-9' },
  roundOver: 'MT-10',
  gameOver: 'MT-11',
};

const TT_RULES: EventRules = {
  ...MT_RULES,
  opened: 'TT-3',
  callDown: null,
  play: 'TT-4',
  gameOver: 'TT-8',
};

function lanes(s: MtState): Lane[] {
  return [
    ...s.trains.map((t, i) => personalLane(t.tiles, i, t.marker)),
    { target: 'mexican', tiles: s.mexican?.tiles ?? [], marker: false, derailed: false },
  ];
}

/** H-4: the Mexican Train begun by a player whose own train has not begun (MT-5 only). */
function mexicanFirst(rules: MtRules, s: MtState, move: PlayMove): boolean {
  if (!rules.mexicanNeedsOwnTrain || move.target !== 'mexican' || s.mexican !== null) return false;
  return s.trains[move.seat]?.tiles.length === 0;
}

/** The double a call-down asks for (MT-2), or null (the MT-2 draw-off). */
function called(set: TileSet, s: MtState): TileId | null {
  if (s.opening?.kind !== 'callDown') return null;
  const suit = s.opening.suit;
  return set.tiles.find((t) => t.hi === suit && t.lo === suit)?.id ?? null;
}

export function mtEvents(rules: MtRules): VariantEvents<MtState> {
  const eventRules = rules.engine === 'fixed' ? TT_RULES : MT_RULES;
  return {
    rules: eventRules,
    centre: (s) => s.engine,
    move(set: TileSet, before: MtState, move: Move, after: MtState): GameEvent[] {
      return [
        ...moveItself(eventRules, before, move, {
          playRule: move.type === 'play' && mexicanFirst(rules, before, move) ? 'H-4' : null,
          // H-3: a draw after a draw in the same turn.
          drawRule: before.step.drawn !== null ? 'H-3' : null,
          called: called(set, before),
          run: before.step.run ?? 0,
        }),
        ...laneEvents(eventRules, lanes(before), lanes(after), move),
        // MT-6: the player who laid the double satisfies it within the same turn.
        ...pendingEvents(
          rules.pendingRule,
          rules.afterDouble === 'satisfy' && before.step.laid ? 'MT-6' : null,
          before.pending,
          after.pending,
          move,
        ),
      ];
    },
  };
}
