// What a step of the game did, told by the engine: the events a move, a supply
// or the next round caused, each with its rule id. What a move did is the
// variant's to tell (`Variant.events`); the steps every variant has (the centre
// laid, one tile left, the round and the game over) are told here.
import { variantOf } from './registry';
import type { GameEvent, Happened, RoundResult } from './step-events';
import { ok } from './types';
import type { Move, Result, Seat } from './types';
import type { BaseState, Need, Supply, Variant } from './variant';

export { EVENT_KINDS } from './step-events';
export type { Centre, EventKind, EventOf, GameEvent, Happened, RoundResult } from './step-events';

/** MT-11 on a view: scores wait for the hands to be revealed. */
function settled(s: BaseState): boolean {
  return !('unscored' in s && s.unscored);
}

/** The round's result once it is over (phase roundOver or gameOver), else null. */
export function roundResult(s: BaseState): RoundResult | null {
  if (s.phase !== 'roundOver' && s.phase !== 'gameOver') return null;
  return {
    round: s.round,
    scores: s.scores,
    tokens: variantOf(s.variant).tokens?.(s) ?? null,
    hands: s.hands.map((h) => h.map((c) => c.tile)),
    final: s.phase === 'gameOver',
    winners: s.winners,
    settled: settled(s),
  };
}

/** The centre laid this round, or null (a view being dealt still shows the last one). */
function centreTile(variant: Variant, s: BaseState) {
  return s.phase === 'deal' ? null : variant.events.centre(s);
}

/** Events every step may cause: the centre laid, one tile left (C-6), the round and game over. */
function closing(
  variant: Variant,
  before: BaseState,
  after: BaseState,
  by: Seat | null,
  events: GameEvent[],
): void {
  const rules = variant.events.rules;
  const centre = centreTile(variant, after);
  if (rules.centre && centre !== null && centreTile(variant, before) === null) {
    events.push({
      kind: 'opened',
      rule: rules.opened,
      tile: centre,
      as: rules.centre,
      seat: by,
      starts: after.turn,
    });
  }
  if (after.phase === 'playing') {
    for (let seat = 0; seat < after.players; seat++) {
      const was = before.hands[seat]?.length ?? 0;
      if (was > 1 && after.hands[seat]?.length === 1) {
        events.push({ kind: 'oneTileLeft', rule: 'C-6', seat });
      }
    }
  }
  const over = (s: BaseState) => s.phase === 'roundOver' || s.phase === 'gameOver';
  const result = roundResult(after);
  if (result && !over(before)) events.push({ kind: 'roundOver', rule: rules.roundOver, result });
  if (after.phase === 'gameOver' && before.phase !== 'gameOver') {
    events.push({ kind: 'gameOver', rule: rules.gameOver, winners: after.winners });
  }
}

/** The events of `move`, carried out from `before` to `after` (states of one variant). */
function moveEvents(
  variant: Variant,
  before: BaseState,
  move: Move,
  after: BaseState,
): GameEvent[] {
  const set = variant.tileSet(before.players, before.options);
  const events = [...variant.events.move(set, before, move, after)];
  const by = move.type === 'declare' && move.tile !== null ? move.seat : null;
  closing(variant, before, after, by, events);
  return events;
}

/** The events of a supply (the deal, a tile turned up, a first player, a reshuffle). */
function supplyEvents(
  variant: Variant,
  need: { readonly rule: string } | null,
  before: BaseState,
  input: Supply,
  after: BaseState,
): GameEvent[] {
  const rule = need?.rule ?? 'C-4';
  const events: GameEvent[] = [];
  switch (input.kind) {
    case 'deal':
      events.push({
        kind: 'dealt',
        rule,
        round: after.round,
        handSizes: after.hands.map((h) => h.length),
      });
      break;
    case 'reveal':
      events.push(
        variant.events.revealed?.(after, input.tile) ?? {
          kind: 'leaderTurned',
          rule,
          tile: input.tile,
        },
      );
      break;
    case 'firstPlayer':
      events.push({ kind: 'firstPlayer', rule, seat: input.seat });
      break;
    case 'reshuffle':
      events.push({ kind: 'reshuffled', rule, tiles: input.boneyard.length });
      break;
  }
  closing(variant, before, after, null, events);
  return events;
}

/** Performs a move (which `validate` did not call illegal) and tells what it did. */
export function performWithEvents<S extends BaseState>(
  variant: Variant<S>,
  state: S,
  move: Move,
): Happened<S> {
  const after = variant.perform(state, move);
  return { state: after, events: moveEvents(variant, state, move, after) };
}

/** Fulfils the state's need and tells what it did; a bad supply changes nothing. */
export function supplyWithEvents<S extends BaseState>(
  variant: Variant<S>,
  state: S,
  input: Supply,
): Result<Happened<S>> {
  const need = variant.need(state);
  const after = variant.supply(state, input);
  if (!after.ok) return after;
  return ok({ state: after.value, events: supplyEvents(variant, need, state, input, after.value) });
}

/**
 * The events of one step already taken on any state or view: a move, or a
 * supply answering `need` (the need as it was before). For code that applies
 * steps itself (the protocol's reducer, the session) and wants them told.
 */
export function eventsOf(
  variant: Variant,
  before: BaseState,
  step: Move | { readonly supply: Supply; readonly need: Need | null },
  after: BaseState,
): GameEvent[] {
  if ('type' in step) return moveEvents(variant, before, step, after);
  return supplyEvents(variant, step.need, before, step.supply, after);
}
