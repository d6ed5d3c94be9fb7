// What a railominos move did (R-2, R-4…R-7), for `Variant.events`.
import { moveItself } from '../../step-events';
import type { EventRules, GameEvent } from '../../step-events';
import type { VariantEvents } from '../../variant';
import { isFrisco } from './layout';
import type { RailominosState } from './state';

const RULES: EventRules = {
  centre: null,
  opened: 'R-2',
  callDown: null,
  play: 'R-4',
  draw: 'R-7',
  pass: 'R-7',
  markers: null,
  roundOver: 'R-8',
  gameOver: 'R-8',
};

export const railominosEvents: VariantEvents<RailominosState> = {
  rules: RULES,
  centre: () => null,
  move(_set, before, move, after) {
    const events: GameEvent[] = moveItself(RULES, before, move);
    const seat = move.seat;
    if (move.type === 'play' && isFrisco(move.tile)) {
      events.push({ kind: 'frisco', rule: 'R-5', seat, tile: move.tile, target: move.target });
    }
    // every play scores on the spot.
    const points = (after.scores[seat] ?? 0) - (before.scores[seat] ?? 0);
    if (after.phase === 'playing' && points > 0) {
      events.push({ kind: 'scored', rule: 'R-6', seat, points });
    }
    return events;
  },
  // FRISCO turned up as the leader is set aside and another turned.
  revealed: (after, tile) =>
    after.setAside.some((c) => c.tile === tile)
      ? { kind: 'friscoSetAside', rule: 'R-2', tile }
      : { kind: 'leaderTurned', rule: 'R-2', tile },
};
