// What the table UI reads from a session: one small immutable snapshot, rebuilt
// after every change. Views are the engine's, as each local seat sees them.
import type { BaseState, GameEvent, Move, Seat, VariantId } from '$lib/engine';
import type { BotLevel } from '$lib/bots';
import type { EntryKind, TableAudit } from '$lib/protocol';
import type { SessionErrorCode } from './errors';
import type { SeatSetup, TurnClock } from './setup';

export const SESSION_PHASES = ['lobby', 'agreeing', 'playing', 'ended'] as const;
export type SessionPhase = (typeof SESSION_PHASES)[number];

/** The quick phrases and emoji a person at the table may send (no free text). */
export const REACTIONS = [
  'good',
  'oops',
  'thinking',
  'yourTurn',
  'thumbs',
  'laugh',
  'wow',
  'party',
] as const;
export type ReactionId = (typeof REACTIONS)[number];

export function isReaction(v: unknown): v is ReactionId {
  return (REACTIONS as readonly unknown[]).includes(v);
}

/** A member's latest reaction, while it shows (a few seconds from `at`, the session's clock). */
export interface ReactionView {
  readonly member: string;
  readonly name: string;
  /** The sender's own seat in the game, or null for a watcher. */
  readonly seat: Seat | null;
  readonly reaction: ReactionId;
  readonly at: number;
}

export interface MemberView {
  readonly member: string;
  readonly name: string;
  readonly me: boolean;
  readonly host: boolean;
  /** Heard from within the away limit (always true for this browser). */
  readonly present: boolean;
}

export interface SeatView extends SeatSetup {
  readonly seat: Seat;
  /** This browser plays the seat (its person, or a bot it runs and whose hand it sees). */
  readonly local: boolean;
  readonly present: boolean;
}

/** One seat this browser plays, with what its player may do now. */
export interface LocalSeatView {
  readonly seat: Seat;
  readonly bot: BotLevel | null;
  /** A person's seat that a bot of this level plays for them. */
  readonly autoplay: BotLevel | null;
  readonly view: BaseState;
  /** The seat's legal moves now (empty when it is not to act). */
  readonly legal: readonly Move[];
  /** The E-2 choice this seat has committed to, if any. */
  readonly chosen: number | null;
  /** The view at the end of the last round (its board and hands), kept while the next is dealt. */
  readonly lastRound: BaseState | null;
}

export interface DealingProgress {
  readonly stage: 'shuffling' | 'locking' | 'keys';
  /** The seat working now (shuffling or locking), or null while keys are exchanged. */
  readonly seat: Seat | null;
  readonly done: number;
  readonly total: number;
}

export interface DesyncAlarm {
  /** The game (segment) whose log holds the entry. */
  readonly game: string;
  /** The entry after which the hashes differ. */
  readonly seq: number;
  readonly author: Seat | null;
  /** The browsers' fingerprints after it, each with the seats whose browsers hold it: this browser's first. */
  readonly sides: readonly { readonly hash: string; readonly seats: readonly Seat[] }[];
  readonly detail: string;
}

/** A turn clock running: the seats owing a move, and when their time is up (the session's clock, ms). */
export interface TurnClockView {
  readonly seats: readonly Seat[];
  readonly seconds: TurnClock;
  readonly endsAt: number;
}

export interface StallAlarm {
  readonly seats: readonly Seat[];
  readonly owes: readonly (EntryKind | 'ready')[];
  readonly sinceMs: number;
  /** Whether the host may give the seats to a bot now (not while most browsers are away). */
  readonly bot: boolean;
}

export interface Refusal {
  readonly seq: number;
  /** The seat that signed it (or that the sending browser plays, for an unsigned one). */
  readonly seat: Seat | null;
  readonly code: string;
  readonly rule: string | null;
  readonly detail: string;
}

/** A seat that signed two different entries for one position: both entries, as evidence. */
export interface Equivocation {
  readonly game: string;
  readonly seq: number;
  readonly seat: Seat;
  /** The entry this browser holds for the position (or saw first), then the other. */
  readonly entries: readonly [string, string];
}

export interface TableEvent {
  readonly at: number;
  readonly code: SessionErrorCode | 'INFO';
  readonly detail: string;
}

/** One step of a round as the engine told it: the move (null for a supply) and its events. */
export interface TableStep {
  readonly seq: number;
  readonly move: Move | null;
  readonly events: readonly GameEvent[];
}

export interface TableView {
  readonly game: string;
  readonly variant: VariantId;
  /** Entries in the log; the state hash after the last one. */
  readonly seq: number;
  readonly hash: string;
  readonly round: number;
  /** Public view (from any local seat). */
  readonly view: BaseState;
  readonly local: readonly LocalSeatView[];
  /** The local seat to act now, if any (pass-and-play shows this one). */
  readonly acting: Seat | null;
  readonly dealing: DealingProgress | null;
  /** Audits of finished rounds, oldest first (across reseatings). */
  readonly audits: readonly TableAudit[];
  /** Waiting between rounds: who has said ready for the next one. */
  readonly betweenRounds: { readonly round: number; readonly ready: readonly boolean[] } | null;
  readonly gameOver: boolean;
  /** Encoded log entries: the signed record of this game so far. */
  readonly entries: number;
  /** The moves of the current round so far, oldest first, with the entry that carried each. */
  readonly moves: readonly { readonly seq: number; readonly move: Move }[];
  /**
   * Every step of the current round so far (a move, or a deal, reveal or draw
   * of lots), oldest first: what the engine says it did. The log, the
   * announcements and the sounds tell these.
   */
  readonly steps: readonly TableStep[];
}

/** Why a table is not being stored on this browser (saving.ts tells them apart). */
export const SAVING_PROBLEMS = ['unavailable', 'refused', 'full', 'failed'] as const;
export type SavingProblem = (typeof SAVING_PROBLEMS)[number];

/** Whether this browser is keeping the table, so that a reload resumes it. */
export type SavingStatus =
  | { readonly saved: true }
  | { readonly saved: false; readonly problem: SavingProblem; readonly detail: string };

/** A rematch the host offers at game over (a new game: the seats moved one to the left). */
export interface RematchView {
  /** The member that offered it (the host). */
  readonly from: string;
  readonly game: string;
  /** The new game's seats, first seat first, and its house rules (they may differ from the last game's). */
  readonly seats: readonly SeatSetup[];
  readonly options: Readonly<Record<string, number>>;
  /** Per seat: whether it has accepted (signed the new game). */
  readonly accepted: readonly boolean[];
  /** Whether this browser has a seat in it, and has accepted for its seats. */
  readonly seated: boolean;
  readonly acceptedHere: boolean;
}

export interface SessionSnapshot {
  readonly room: string;
  readonly me: string;
  readonly phase: SessionPhase;
  readonly isHost: boolean;
  readonly host: string | null;
  readonly members: readonly MemberView[];
  /** The seats: the lobby's draft before the game, the agreed setup during it. */
  readonly seats: readonly SeatView[];
  readonly variant: VariantId;
  readonly options: Readonly<Record<string, number>>;
  readonly table: TableView | null;
  readonly desync: DesyncAlarm | null;
  readonly stall: StallAlarm | null;
  /** The table's turn clock (the setup's, or the lobby's draft): absent when off. */
  readonly clockSeconds?: TurnClock;
  /** Absent with no turn clock at this table; null while no move is owed. */
  readonly turnClock?: TurnClockView | null;
  /** The host's: watchers it will seat at the next round's deal (TT-9); absent when none. */
  readonly newcomers?: readonly string[];
  /**
   * Local seats whose entry for the log's head is signed and not yet ordered
   * (play/own-entries.ts): they sign nothing else meanwhile. Absent when none.
   */
  readonly pending?: readonly Seat[];
  readonly refusals: readonly Refusal[];
  /** Equivocations seen, with both signed entries (kept apart from refusals). */
  readonly equivocations: readonly Equivocation[];
  readonly ended: { readonly reason: string; readonly scores: readonly number[] } | null;
  /** Absent unless a rematch is offered. */
  readonly rematch?: RematchView;
  readonly events: readonly TableEvent[];
  /** Reactions showing now, oldest first. */
  readonly reactions: readonly ReactionView[];
  /** The host lets members without a seat (watchers) react. */
  readonly watchersReact: boolean;
  /**
   * Set by the layer that stores the table (client.ts), not by the session:
   * absent where nothing was asked to store it (a table opened with `store: null`).
   */
  readonly saving?: SavingStatus;
}
