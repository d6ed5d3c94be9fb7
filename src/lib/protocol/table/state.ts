// What one peer's table holds: the log head, its engine view, the round's deal
// state, and the record of the round that the end-of-round audit replays.
import type {
  BaseState,
  Claim,
  Disclosure,
  EngineError,
  ErrorCode,
  GameEvent,
  Move,
  Options,
  Supply,
  Variant,
  VariantId,
} from '../../engine';
import type { AuditCode, AuditUnchecked } from '../deal/audit';
import type { DealState } from '../deal/state';
import type { LogHead } from '../log/entry';

export interface TableConfig {
  /** The game id: every log entry, tile point and secret derivation names it. */
  readonly game: string;
  readonly variant: VariantId;
  readonly players: number;
  readonly options: Options;
  /** Ed25519 public key of each seat, announced at the table; no two alike. */
  readonly seatKeys: readonly Uint8Array[];
  /** Where the game begins when not at its start (a table reseated between rounds). */
  readonly start?: TableStart;
}

/** A pre-deal view (phase `deal`) and the table round counter its deal runs under. */
export interface TableStart {
  readonly round: number;
  readonly view: BaseState;
}

/** This peer's seat and its secret; each round's seed is derived from it. */
export interface LocalSeat {
  readonly seat: number;
  readonly secret: Uint8Array;
}

/** A browser with no seat: it follows the table, learns only faces opened to all, owes nothing. */
export interface Spectator {
  readonly seat: null;
  readonly secret: null;
}

/** A move or supply of the round, as this view took it, for the audit's replay. */
export interface RecordedStep {
  readonly step: Move | Supply;
  /** The entry that carried or completed it. */
  readonly seq: number;
  /** The view's move index before the step. */
  readonly moveIndex: number;
  /** What the step did, as the engine tells it on this view (public facts only). */
  readonly events: readonly GameEvent[];
}

/** A claim this view could not check, or a breach it saw (only ever in the author's own view). */
export interface ClaimRecord {
  readonly seq: number;
  readonly claim: Claim | null;
  readonly breach: EngineError | null;
}

/**
 * An accepted move waiting for keys from other seats: positions it shows
 * before it is carried out (every hand at a round's end, a face-up draw).
 */
export interface PendingMove {
  readonly move: Move;
  readonly seq: number;
  /** What the move shows before it is performed (opened to all, or dealt to one seat). */
  readonly before: readonly Disclosure[];
  /** What the move deals out after it is performed (a private draw). */
  readonly after: readonly Disclosure[];
}

/** A cheat the audit names: by seat, entry and, for a broken rule, move index and rule. */
export interface TableViolation {
  readonly seat: number;
  /** The entry at fault, null if unknown. */
  readonly seq: number | null;
  readonly moveIndex: number | null;
  readonly rule: string | null;
  readonly code: AuditCode | ErrorCode;
}

export interface TableAudit {
  readonly round: number;
  readonly violations: readonly TableViolation[];
  /**
   * Seats whose part of the round could not be checked: their seed never came
   * (the player left, or withheld it; nothing tells which). Not a violation.
   * Empty for every audit in `audits` (a round is closed once every seed is in).
   */
  readonly unchecked: readonly AuditUnchecked[];
  /** The rules replay ran over every move (false: the deal could not be rebuilt, or a move was impossible). */
  readonly replayed: boolean;
}

export interface RoundRecord {
  /** The table's round counter (1-based): names the round's deal context. */
  readonly round: number;
  /** The view before the round's first deal: every peer's is the same. */
  readonly preDeal: BaseState;
  readonly steps: readonly RecordedStep[];
  readonly claims: readonly ClaimRecord[];
  /** Pending moves the engine refused once their cards were open: void, named by the audit. */
  readonly voided: readonly TableViolation[];
  /** The seed revealed before the round's end that stopped it, named by the audit. */
  readonly abortedBy: { readonly seat: number; readonly seq: number } | null;
  /** Set once every seed is in (or the session audits a stalled round). */
  readonly audit: TableAudit | null;
}

export interface TableState {
  readonly config: TableConfig;
  readonly variant: Variant;
  readonly local: LocalSeat | Spectator;
  readonly head: LogHead;
  readonly view: BaseState;
  /** This peer's seed for the current round (null for a spectator). */
  readonly seed: Uint8Array | null;
  readonly deal: DealState;
  /** The deck being shuffled and locked for the current deal or reshuffle need. */
  readonly preparing: number | null;
  readonly pending: PendingMove | null;
  /**
   * A seed was revealed before the round ended: no more moves; once every seed is
   * in, the round is audited (naming who stopped it) and dealt afresh.
   */
  readonly abandoned: boolean;
  readonly record: RoundRecord;
  /** Audits of the rounds before this one. */
  readonly audits: readonly TableAudit[];
  /** Base64url SHA-512 of the canonical public state after the last entry. */
  readonly hash: string;
}
