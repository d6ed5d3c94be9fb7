// What an Engine 191 move did (E-2, E-4…E-10), for `Variant.events`.
import { moveItself } from '../../step-events';
import type { EventRules, GameEvent } from '../../step-events';
import type { TileSet } from '../../tiles';
import { personal } from '../../types';
import type { Move } from '../../types';
import type { VariantEvents } from '../../variant';
import { isIncomplete } from './lines';
import type { Engine191State } from './state';

const RULES: EventRules = {
  centre: 'station',
  opened: 'E-2',
  callDown: null,
  play: 'E-6',
  draw: 'E-9',
  pass: 'E-9',
  markers: null,
  roundOver: 'E-11',
  gameOver: 'E-12',
};

/** Draws a play or a removal causes (E-4, E-6), the track removed, E-2's choices. */
function sideEffects(before: Engine191State, after: Engine191State, move: Move): GameEvent[] {
  const events: GameEvent[] = [];
  const seat = move.seat;
  if (move.type === 'removeTrack') {
    events.push({
      kind: 'trackRemoved',
      rule: 'E-4',
      seat,
      tiles: after.discard.slice(before.discard.length),
    });
  }
  if (move.type === 'choose') {
    events.push({ kind: 'chose', rule: 'E-2', seat });
    if (after.chosen.every((t) => t !== null)) {
      events.push({ kind: 'revealed', rule: 'E-2', chosen: after.chosen });
      if (after.phase === 'deal') events.push({ kind: 'redealt', rule: 'E-2' });
    }
  }
  const yard = (s: Engine191State) => s.yards[seat]?.length ?? 0;
  if (move.type !== 'draw' && yard(after) > yard(before)) {
    const tile = after.yards[seat]?.[yard(after) - 1] ?? null;
    events.push({ kind: 'drew', rule: 'E-4', seat, into: 'yard', tile });
  }
  if (
    move.type === 'play' &&
    after.boneyard.length < before.boneyard.length &&
    yard(after) === yard(before)
  ) {
    events.push({ kind: 'drew', rule: 'E-6', seat, into: 'hand', tile: null });
  }
  return events;
}

/** E-5: a station completed by a play continuing its line. */
function completed(
  set: TileSet,
  before: Engine191State,
  after: Engine191State,
  move: Move,
): GameEvent[] {
  const events: GameEvent[] = [];
  after.lines.forEach((line, i) => {
    const old = before.lines[i];
    const oldLast = old?.tiles[old.tiles.length - 1];
    if (!old || oldLast === undefined) return;
    if (line.tiles.length > old.tiles.length && isIncomplete(set, old)) {
      events.push({
        kind: 'stationCompleted',
        rule: 'E-5',
        seat: move.seat,
        tile: oldLast,
        target: personal(i),
      });
    }
  });
  return events;
}

export const engine191Events: VariantEvents<Engine191State> = {
  rules: RULES,
  centre: (s) => s.station,
  move: (set, before, move, after) => [
    ...moveItself(RULES, before, move, {
      // E-7: a tile from the score yard, replaced there from the hand.
      playRule: move.type === 'play' && move.from === 'yard' ? 'E-7' : null,
      drawRule: before.owed ? 'E-10' : null,
      toYard: after.yards[move.seat]?.slice((before.yards[move.seat] ?? []).length)[0],
    }),
    ...sideEffects(before, after, move),
    ...completed(set, before, after, move),
  ],
};
