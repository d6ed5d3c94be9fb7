// What a step of the game did, told by the engine: the events a move, a supply
// or the next round caused, each with its rule id. Read off the states before
// and after inside the engine (the variants' own fields), so nothing outside it
// compares states. Events carry only public facts (no hidden tile).
import { anyState } from './states';
import type { AnyState } from './states';
import type { TileId, TileSet } from './tiles';
import { ok, ownerOf } from './types';
import type { BySeat, Move, Result, Seat, Target, VariantId } from './types';
import type { BaseState, Need, Supply, Variant } from './variant';
import { isIncomplete } from './variants/engine-191/lines';

export const EVENT_KINDS = [
  'dealt',
  'leaderTurned',
  'friscoSetAside',
  'firstPlayer',
  'reshuffled',
  'chose',
  'revealed',
  'redealt',
  'opened',
  'notHeld',
  'played',
  'drew',
  'passed',
  'runEnded',
  'markerOut',
  'markerRemoved',
  'doubleLeftOpen',
  'doubleSatisfied',
  'derailed',
  'restored',
  'stationCompleted',
  'trackRemoved',
  'frisco',
  'scored',
  'oneTileLeft',
  'roundOver',
  'gameOver',
] as const;
export type EventKind = (typeof EVENT_KINDS)[number];

/** What the board's centre is called: MT-2/TT-3 engine, DT-2 platform, E-2 main station. */
export type Centre = 'engine' | 'platform' | 'station';

/** A finished round, as the state shows it: what the scoreboard and the session keep. */
export interface RoundResult {
  readonly round: number;
  /** `Scoring.scores` says which: running totals, or the round's own (E-12). */
  readonly scores: BySeat<number>;
  /** E-12 win tokens, for a variant that has them. */
  readonly tokens: BySeat<number> | null;
  /** Every hand left, as far as this state knows it (null: a hidden tile). */
  readonly hands: BySeat<readonly (TileId | null)[]>;
  /** The game ended with this round. */
  readonly final: boolean;
  readonly winners: readonly Seat[];
  /** False on a view whose scores wait for hidden hands (MT-11: scored once revealed). */
  readonly settled: boolean;
}

type Ev<K extends EventKind, F = unknown> = { readonly kind: K; readonly rule: string } & F;
type BySeatEv = { readonly seat: Seat };
type OnTarget = { readonly seat: Seat; readonly tile: TileId; readonly target: Target };

export type GameEvent =
  | Ev<'dealt', { readonly round: number; readonly handSizes: BySeat<number> }>
  | Ev<'leaderTurned', { readonly tile: TileId }>
  | Ev<'friscoSetAside', { readonly tile: TileId }>
  | Ev<'firstPlayer', BySeatEv>
  | Ev<'reshuffled', { readonly tiles: number }>
  | Ev<'chose', BySeatEv>
  | Ev<'revealed', { readonly chosen: BySeat<TileId | null> }>
  | Ev<'redealt'>
  /** The centre laid: by `seat` (a declare), or by the rules (null); `starts` plays first. */
  | Ev<
      'opened',
      {
        readonly tile: TileId;
        readonly as: Centre;
        readonly seat: Seat | null;
        readonly starts: Seat | null;
      }
    >
  /** A call-down answered "not held" (MT-2, DT-2). */
  | Ev<'notHeld', { readonly seat: Seat; readonly tile: TileId | null }>
  /** `owner`: whose train or line it went on; null for a shared one. */
  | Ev<'played', OnTarget & { readonly owner: Seat | null; readonly fromYard: boolean }>
  /** A draw; the tile only when it is drawn face up (E-4, E-9: to the score yard). */
  | Ev<
      'drew',
      { readonly seat: Seat; readonly into: 'hand' | 'yard'; readonly tile: TileId | null }
    >
  | Ev<'passed', BySeatEv>
  /** H-2: a player ended their opening run after laying `tiles` on their own train. */
  | Ev<'runEnded', { readonly seat: Seat; readonly tiles: number }>
  | Ev<'markerOut', BySeatEv>
  | Ev<'markerRemoved', BySeatEv>
  | Ev<'doubleLeftOpen', OnTarget>
  | Ev<'doubleSatisfied', OnTarget>
  | Ev<'derailed', OnTarget & { readonly owner: Seat | null }>
  | Ev<'restored', OnTarget & { readonly owner: Seat | null }>
  | Ev<'stationCompleted', OnTarget>
  | Ev<'trackRemoved', { readonly seat: Seat; readonly tiles: readonly TileId[] }>
  | Ev<'frisco', OnTarget>
  | Ev<'scored', { readonly seat: Seat; readonly points: number }>
  | Ev<'oneTileLeft', BySeatEv>
  | Ev<'roundOver', { readonly result: RoundResult }>
  | Ev<'gameOver', { readonly winners: readonly Seat[] }>;

export type EventOf<K extends EventKind> = Extract<GameEvent, { readonly kind: K }>;

/** What happened in a step, and the state after it. */
export interface Happened<S> {
  readonly state: S;
  readonly events: readonly GameEvent[];
}

/** The rule ids a variant's events cite, one table per variant (the compiler checks all five). */
interface EventRules {
  readonly centre: Centre | null;
  /** Laying the centre (MT-2, TT-3, DT-2, E-2) and a call-down's "not held" answer. */
  readonly opened: string;
  readonly callDown: string | null;
  readonly play: string;
  readonly draw: string;
  readonly pass: string;
  /** Markers out and removed (MT-8/MT-9, DT-6); null where there are none. */
  readonly markers: { readonly out: string; readonly removed: string } | null;
  /** Doubles left open and satisfied (MT-7, TT-6); null where doubles bind no one so. */
  readonly pending: string | null;
  readonly roundOver: string;
  readonly gameOver: string;
}

const RULES: Readonly<Record<VariantId, EventRules>> = {
  'mexican-train': {
    centre: 'engine',
    opened: 'MT-2',
    callDown: 'MT-2',
    play: 'MT-5',
    draw: 'MT-8',
    pass: 'MT-8',
    markers: { out: 'MT-8', removed: 'MT-9' },
    pending: 'MT-7',
    roundOver: 'MT-10',
    gameOver: 'MT-11',
  },
  'mexican-train-tournament': {
    centre: 'engine',
    opened: 'TT-3',
    callDown: null,
    play: 'TT-4',
    draw: 'MT-8',
    pass: 'MT-8',
    markers: { out: 'MT-8', removed: 'MT-9' },
    pending: 'TT-6',
    roundOver: 'MT-10',
    gameOver: 'TT-8',
  },
  'derailing-the-train': {
    centre: 'platform',
    opened: 'DT-2',
    callDown: 'DT-2',
    play: 'DT-6',
    draw: 'DT-6',
    pass: 'DT-6',
    markers: { out: 'DT-6', removed: 'DT-6' },
    pending: null,
    roundOver: 'DT-11',
    gameOver: 'DT-12',
  },
  'engine-191': {
    centre: 'station',
    opened: 'E-2',
    callDown: null,
    play: 'E-6',
    draw: 'E-9',
    pass: 'E-9',
    markers: null,
    pending: null,
    roundOver: 'E-11',
    gameOver: 'E-12',
  },
  railominos: {
    centre: null,
    opened: 'R-2',
    callDown: null,
    play: 'R-4',
    draw: 'R-7',
    pass: 'R-7',
    markers: null,
    pending: null,
    roundOver: 'R-8',
    gameOver: 'R-8',
  },
};

/** A lane of the board: a train, a line or an end of the railominos line. */
interface Lane {
  readonly target: Target;
  readonly tiles: readonly TileId[];
  readonly marker: boolean;
  readonly derailed: boolean;
}

function lanes(s: AnyState): Lane[] {
  const personal = (tiles: readonly TileId[], seat: Seat, marker = false, derailed = false) => ({
    target: `p${seat}` as Target,
    tiles,
    marker,
    derailed,
  });
  switch (s.variant) {
    case 'mexican-train':
    case 'mexican-train-tournament':
      return [
        ...s.trains.map((t, i) => personal(t.tiles, i, t.marker)),
        { target: 'mexican', tiles: s.mexican?.tiles ?? [], marker: false, derailed: false },
      ];
    case 'derailing-the-train':
      return [
        ...s.trains.map((t, i) => personal(t.tiles, i, t.marker, t.derailed)),
        {
          target: 'community',
          tiles: s.community?.tiles ?? [],
          marker: false,
          derailed: s.community?.derailed ?? false,
        },
      ];
    case 'engine-191':
      return s.lines.map((l, i) => personal(l.tiles, i));
    case 'railominos':
      return (['west', 'east'] as const).map((end) => ({
        target: end,
        tiles: s.layout?.[end].tiles ?? [],
        marker: false,
        derailed: false,
      }));
  }
}

/** The centre tile laid this round, or null (a view being dealt still shows the last one). */
function centreTile(s: AnyState): TileId | null {
  if (s.phase === 'deal') return null;
  switch (s.variant) {
    case 'mexican-train':
    case 'mexican-train-tournament':
      return s.engine;
    case 'derailing-the-train':
      return s.platform;
    case 'engine-191':
      return s.station;
    case 'railominos':
      return null;
  }
}

/** MT-11 on a view: scores wait for the hands to be revealed. */
function settled(s: AnyState): boolean {
  return !('unscored' in s && s.unscored);
}

/** The round's result once it is over (phase roundOver or gameOver), else null. */
export function roundResult(state: BaseState): RoundResult | null {
  const s = anyState(state);
  if (s.phase !== 'roundOver' && s.phase !== 'gameOver') return null;
  return {
    round: s.round,
    scores: s.scores,
    tokens: s.variant === 'engine-191' ? s.tokens : null,
    hands: s.hands.map((h) => h.map((c) => c.tile)),
    final: s.phase === 'gameOver',
    winners: s.winners,
    settled: settled(s),
  };
}

/** Events every step may cause: the centre laid, one tile left (C-6), the round and game over. */
function closing(before: AnyState, after: AnyState, by: Seat | null, events: GameEvent[]): void {
  const rules = RULES[after.variant];
  const centre = centreTile(after);
  if (rules.centre && centre !== null && centreTile(before) === null) {
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
  const over = (s: AnyState) => s.phase === 'roundOver' || s.phase === 'gameOver';
  const result = roundResult(after);
  if (result && !over(before)) events.push({ kind: 'roundOver', rule: rules.roundOver, result });
  if (after.phase === 'gameOver' && before.phase !== 'gameOver') {
    events.push({ kind: 'gameOver', rule: rules.gameOver, winners: after.winners });
  }
}

/** Markers, derailers and lanes changed by a move, lane by lane. */
function laneEvents(
  set: TileSet,
  before: AnyState,
  after: AnyState,
  move: Move,
  events: GameEvent[],
): void {
  const rules = RULES[after.variant];
  const was = lanes(before);
  for (const [i, lane] of lanes(after).entries()) {
    const old = was[i];
    if (!old) continue;
    const owner = ownerOf(lane.target);
    if (rules.markers && owner !== null && old.marker !== lane.marker) {
      events.push(
        lane.marker
          ? // DT-7: a derailed train is marked public.
            { kind: 'markerOut', rule: lane.derailed ? 'DT-7' : rules.markers.out, seat: owner }
          : { kind: 'markerRemoved', rule: rules.markers.removed, seat: owner },
      );
    }
    const last = lane.tiles[lane.tiles.length - 1];
    const at = { seat: move.seat, target: lane.target, owner };
    if (!old.derailed && lane.derailed && last !== undefined) {
      events.push({ kind: 'derailed', rule: 'DT-7', tile: last, ...at });
    }
    const oldLast = old.tiles[old.tiles.length - 1];
    if (old.derailed && !lane.derailed && oldLast !== undefined) {
      events.push({ kind: 'restored', rule: 'DT-8', tile: oldLast, ...at });
    }
    if (
      before.variant === 'engine-191' &&
      after.variant === 'engine-191' &&
      oldLast !== undefined
    ) {
      const line = before.lines[i];
      const grew = lane.tiles.length > old.tiles.length;
      if (line && grew && isIncomplete(set, line)) {
        events.push({
          kind: 'stationCompleted',
          rule: 'E-5',
          seat: move.seat,
          tile: oldLast,
          target: lane.target,
        });
      }
    }
  }
}

/** MT-6, MT-7, TT-5, TT-6: doubles satisfied by a play, or left open by a pass. */
function pendingEvents(before: AnyState, after: AnyState, move: Move, events: GameEvent[]): void {
  const rule = RULES[before.variant].pending;
  if (rule === null || !('pending' in before) || !('pending' in after)) return;
  // MT-6: the player who laid the double satisfies it within the same turn.
  const own = before.variant === 'mexican-train' && before.step.laid;
  for (const p of before.pending) {
    if (after.pending.some((q) => q.tile === p.tile)) continue;
    events.push({
      kind: 'doubleSatisfied',
      rule: own ? 'MT-6' : rule,
      seat: move.seat,
      tile: p.tile,
      target: p.target,
    });
  }
  if (move.type === 'pass') {
    const open = after.pending[after.pending.length - 1];
    if (open) events.push({ kind: 'doubleLeftOpen', rule, seat: move.seat, ...open });
  }
}

/** Engine 191: draws a play or a removal causes (E-4, E-6), and the track removed. */
function engine191Events(before: AnyState, after: AnyState, move: Move, events: GameEvent[]): void {
  if (before.variant !== 'engine-191' || after.variant !== 'engine-191') return;
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
  const yard = (s: typeof after) => s.yards[seat]?.length ?? 0;
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
}

/** The events of `move`, carried out from `before` to `after` (states of one variant). */
function moveEvents(
  set: TileSet,
  beforeState: BaseState,
  move: Move,
  afterState: BaseState,
): GameEvent[] {
  const before = anyState(beforeState);
  const after = anyState(afterState);
  const rules = RULES[after.variant];
  const seat = move.seat;
  const events: GameEvent[] = [];
  switch (move.type) {
    case 'play': {
      const owner = ownerOf(move.target);
      const fromYard = move.from === 'yard';
      // E-7: a tile from the score yard, replaced there from the hand.
      const rule = fromYard ? 'E-7' : mexicanFirst(before, move) ? 'H-4' : rules.play;
      events.push({
        kind: 'played',
        rule,
        seat,
        tile: move.tile,
        target: move.target,
        owner,
        fromYard,
      });
      if (after.variant === 'railominos' && set.tiles[move.tile]?.wild) {
        events.push({ kind: 'frisco', rule: 'R-5', seat, tile: move.tile, target: move.target });
      }
      break;
    }
    case 'draw': {
      const setup = before.phase === 'setup';
      const yard =
        before.variant === 'engine-191' && after.variant === 'engine-191'
          ? after.yards[seat]?.slice((before.yards[seat] ?? []).length)[0]
          : undefined;
      events.push({
        kind: 'drew',
        rule: setup
          ? rules.opened
          : before.variant === 'engine-191' && before.owed
            ? 'E-10'
            : drawingOn(before)
              ? 'H-3'
              : rules.draw,
        seat,
        into: yard === undefined ? 'hand' : 'yard',
        tile: yard ?? null,
      });
      break;
    }
    case 'pass':
      events.push({ kind: 'passed', rule: rules.pass, seat });
      break;
    case 'declare':
      if (move.tile === null) {
        events.push({
          kind: 'notHeld',
          rule: rules.callDown ?? rules.opened,
          seat,
          tile: called(set, before),
        });
      }
      break;
    case 'endTurn':
      if (before.variant === 'mexican-train' || before.variant === 'mexican-train-tournament') {
        events.push({ kind: 'runEnded', rule: 'H-2', seat, tiles: before.step.run ?? 0 });
      }
      break;
    case 'choose':
    case 'removeTrack':
      break;
  }
  engine191Events(before, after, move, events);
  laneEvents(set, before, after, move, events);
  pendingEvents(before, after, move, events);
  if (after.variant === 'railominos' && after.phase === 'playing') {
    const points = (after.scores[seat] ?? 0) - (before.scores[seat] ?? 0);
    if (points > 0) events.push({ kind: 'scored', rule: 'R-6', seat, points });
  }
  closing(
    before,
    after,
    move.type === 'declare' ? (move.tile === null ? null : seat) : null,
    events,
  );
  return events;
}

/** H-3: a draw after a draw in the same turn (drawing on until a tile can be played). */
function drawingOn(s: AnyState): boolean {
  if (s.variant === 'derailing-the-train') return s.drawn !== null;
  if (s.variant === 'mexican-train' || s.variant === 'mexican-train-tournament') {
    return s.step.drawn !== null;
  }
  return false;
}

/** H-4: the Mexican Train begun by a player whose own train has not begun. */
function mexicanFirst(s: AnyState, move: Extract<Move, { type: 'play' }>): boolean {
  if (s.variant !== 'mexican-train' || move.target !== 'mexican' || s.mexican !== null) {
    return false;
  }
  return s.trains[move.seat]?.tiles.length === 0;
}

/** The double a call-down asks for (MT-2, DT-2), or null (the MT-2 draw-off). */
function called(set: TileSet, s: AnyState): TileId | null {
  if (s.variant === 'derailing-the-train') return s.called;
  if (
    (s.variant === 'mexican-train' || s.variant === 'mexican-train-tournament') &&
    s.opening?.kind === 'callDown'
  ) {
    const suit = s.opening.suit;
    return set.tiles.find((t) => t.hi === suit && t.lo === suit)?.id ?? null;
  }
  return null;
}

/** The events of a supply (the deal, a leader turned, a first player, a reshuffle). */
function supplyEvents(
  need: { readonly rule: string } | null,
  beforeState: BaseState,
  input: Supply,
  afterState: BaseState,
): GameEvent[] {
  const before = anyState(beforeState);
  const after = anyState(afterState);
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
        after.variant === 'railominos' && after.setAside.some((c) => c.tile === input.tile)
          ? { kind: 'friscoSetAside', rule: 'R-2', tile: input.tile }
          : { kind: 'leaderTurned', rule: 'R-2', tile: input.tile },
      );
      break;
    case 'firstPlayer':
      events.push({ kind: 'firstPlayer', rule, seat: input.seat });
      break;
    case 'reshuffle':
      events.push({ kind: 'reshuffled', rule: 'E-10', tiles: input.boneyard.length });
      break;
  }
  closing(before, after, null, events);
  return events;
}

/** Performs a move (which `validate` did not call illegal) and tells what it did. */
export function performWithEvents<S extends BaseState>(
  variant: Variant<S>,
  state: S,
  move: Move,
): Happened<S> {
  const after = variant.perform(state, move);
  const set = variant.tileSet(state.players, state.options);
  return { state: after, events: moveEvents(set, state, move, after) };
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
  return ok({ state: after.value, events: supplyEvents(need, state, input, after.value) });
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
  if ('type' in step)
    return moveEvents(variant.tileSet(before.players, before.options), before, step, after);
  return supplyEvents(step.need, before, step.supply, after);
}
