// The events a step may cause, and the pieces each variant's `events` hook is
// built from: the move itself, markers and derailers lane by lane, doubles
// satisfied or left open. Events carry only public facts (no hidden tile).
import type { TileId } from './tiles';
import { ownerOf } from './types';
import type { BySeat, Move, Seat, Target } from './types';
import type { BaseState } from './variant';

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

/** The rule ids a variant's move events cite (MT-5, DT-6, E-6, R-4…). */
export interface EventRules {
  /** What the board's centre is called, or null where there is none (R-3's leader). */
  readonly centre: Centre | null;
  /** Laying the centre (MT-2, TT-3, DT-2, E-2) and a call-down's "not held" answer. */
  readonly opened: string;
  readonly callDown: string | null;
  readonly play: string;
  readonly draw: string;
  readonly pass: string;
  /** Markers out and removed (MT-8/MT-9, DT-6); null where there are none. */
  readonly markers: { readonly out: string; readonly removed: string } | null;
  readonly roundOver: string;
  readonly gameOver: string;
}

/** What only the variant knows about a move: the rule a play or draw cites, where it went. */
export interface MoveDetails {
  /** A house rule or special case the play falls under (H-4, E-7), else `rules.play`. */
  readonly playRule?: string | null;
  /** The draw's rule where it is not `rules.draw` (H-3, E-10). */
  readonly drawRule?: string | null;
  /** E-4, E-9: the tile drawn face up to the score yard. */
  readonly toYard?: TileId;
  /** MT-2, DT-2: the double a call-down asked for. */
  readonly called?: TileId | null;
  /** H-2: the tiles of an opening run ended by `endTurn`; undefined where runs do not exist. */
  readonly run?: number;
}

/** The event the move itself is: played, drew, passed, not held, run ended. */
export function moveItself(
  rules: EventRules,
  before: BaseState,
  move: Move,
  details: MoveDetails = {},
): GameEvent[] {
  const seat = move.seat;
  switch (move.type) {
    case 'play':
      return [
        {
          kind: 'played',
          rule: details.playRule ?? rules.play,
          seat,
          tile: move.tile,
          target: move.target,
          owner: ownerOf(move.target),
          fromYard: move.from === 'yard',
        },
      ];
    case 'draw': {
      const yard = details.toYard;
      const rule = before.phase === 'setup' ? rules.opened : (details.drawRule ?? rules.draw);
      return [
        {
          kind: 'drew',
          rule,
          seat,
          into: yard === undefined ? 'hand' : 'yard',
          tile: yard ?? null,
        },
      ];
    }
    case 'pass':
      return [{ kind: 'passed', rule: rules.pass, seat }];
    case 'declare':
      if (move.tile !== null) return [];
      return [
        {
          kind: 'notHeld',
          rule: rules.callDown ?? rules.opened,
          seat,
          tile: details.called ?? null,
        },
      ];
    case 'endTurn':
      return details.run === undefined
        ? []
        : [{ kind: 'runEnded', rule: 'H-2', seat, tiles: details.run }];
    case 'choose':
    case 'removeTrack':
      return [];
  }
}

/** A lane of the board: a train, a line or an end of a line. */
export interface Lane {
  readonly target: Target;
  readonly tiles: readonly TileId[];
  readonly marker: boolean;
  readonly derailed: boolean;
}

/** A seat's own train or line as a lane. */
export function personalLane(
  tiles: readonly TileId[],
  seat: Seat,
  marker = false,
  derailed = false,
): Lane {
  return { target: `p${seat}`, tiles, marker, derailed };
}

/** Markers and derailers changed by a move, lane by lane (MT-8, MT-9, DT-6…DT-8). */
export function laneEvents(
  rules: EventRules,
  was: readonly Lane[],
  now: readonly Lane[],
  move: Move,
): GameEvent[] {
  const events: GameEvent[] = [];
  for (const [i, lane] of now.entries()) {
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
  }
  return events;
}

/** A double waiting to be satisfied, and where. */
export interface Pending {
  readonly tile: TileId;
  readonly target: Target;
}

/**
 * MT-6, MT-7, TT-5, TT-6: doubles satisfied by a play (`ownRule` when the
 * player who laid it satisfies it in the same turn), or left open by a pass.
 */
export function pendingEvents(
  rule: string,
  ownRule: string | null,
  before: readonly Pending[],
  after: readonly Pending[],
  move: Move,
): GameEvent[] {
  const events: GameEvent[] = [];
  for (const p of before) {
    if (after.some((q) => q.tile === p.tile)) continue;
    events.push({
      kind: 'doubleSatisfied',
      rule: ownRule ?? rule,
      seat: move.seat,
      tile: p.tile,
      target: p.target,
    });
  }
  if (move.type === 'pass') {
    const open = after[after.length - 1];
    if (open) events.push({ kind: 'doubleLeftOpen', rule, seat: move.seat, ...open });
  }
  return events;
}
