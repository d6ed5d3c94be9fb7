// Verifying a game record as any player could, with nothing but the file: each
// segment's setup (its game id is its hash, every seat signed it; the first one
// starts at the first deal, each later one where the segment before stopped), then every entry replayed through a spectator table —
// signature, chain, every shuffle and lock proof and key, the rules — and each
// round's audit (the rules replayed with every hand known, naming each cheat by
// seat, entry and rule). A round whose play is over but whose seeds are missing
// is audited without them: each seat whose seed never came is listed as
// unchecked for that round, never as a cheat (the record cannot tell a player
// who left from one who withheld it), and the rest of the round is still checked.
//
// Synchronous and pure; `RecordVerifier` works in slices (`run(budget)`) so a
// page can show progress between them. `verifyRecord` runs it to the end.
import type { BaseState } from '$lib/engine';
import {
  applyDealEntry,
  applyEntry,
  auditTable,
  createTable,
  equivocation,
  verifyEntry,
  type DealState,
  type RecordedStep,
  type TableAudit,
  type TableState,
  type UncheckedCode,
} from '$lib/protocol';
import {
  checkAgreements,
  gameId,
  isOver,
  parseSetup,
  sameJson,
  startMismatch,
  tableConfig,
  type TableSetup,
} from '$lib/session/setup';
import type { GameRecord } from './format';

/** A cheat the audit names. */
export interface RecordViolation {
  readonly segment: number;
  /** The table's round counter (as the table's audits count rounds; a redeal counts anew). */
  readonly round: number;
  readonly seat: number;
  /** The entry at fault in its segment's log, if known. */
  readonly seq: number | null;
  readonly code: string;
  /** The rule id a broken rule names (`MT-7`), else null. */
  readonly rule: string | null;
}

/**
 * A seat whose part of a finished round was not checked: its seed never came
 * (`SEED_NOT_REVEALED`). Not a cheat: its player may have left (browser closed,
 * link dead) as well as withheld it, and nothing in the record tells which.
 */
export interface RecordUnchecked {
  readonly segment: number;
  /** The table's round counter (as in `rounds` and `violations`). */
  readonly round: number;
  readonly seat: number;
  /** The seat's seed commitment in its segment's log, if it made one. */
  readonly seq: number | null;
  readonly code: UncheckedCode;
  /**
   * The record's last round (`awaiting-seeds`): the seed may simply not have come
   * yet when the file was saved. False: the game went on without it.
   */
  readonly owed: boolean;
}

/** The entry that stopped verification: the protocol (or the setup check) refused it. */
export interface RecordRefusal {
  readonly segment: number;
  /** The refused entry's position in its segment's log; null for the segment's setup. */
  readonly seq: number | null;
  readonly code: string;
  readonly detail: string;
  readonly rule: string | null;
}

export const ROUND_STATUSES = [
  /** Every seed revealed: the round was audited with every hand known. */
  'audited',
  /** Play over, a seed never came, the game went on: audited without it, its seat unchecked. */
  'seeds-withheld',
  /** The record's last round: play over, seeds not all in yet (their seats unchecked, `owed`). */
  'awaiting-seeds',
  /** The record ends during this round's deal or play. */
  'in-play',
  /** Seats changed hands during the round: the next segment deals it afresh. */
  'interrupted',
] as const;
export type RoundStatus = (typeof ROUND_STATUSES)[number];

export interface RoundSummary {
  readonly segment: number;
  /** The table's round counter. */
  readonly round: number;
  /** The game's round (the engine's round number: a redealt round keeps its number). */
  readonly gameRound: number;
  readonly status: RoundStatus;
  /** The rules replay ran over every move with every hand known. */
  readonly replayed: boolean;
  readonly violations: number;
  /** Seats not checked in this round (their seed never came). */
  readonly unchecked: number;
}

export interface Verdict {
  /**
   * No refusal and no violation: nothing checked was found wrong. A seat left
   * unchecked does not make a record unfair — a missing seed proves nothing
   * against anyone (a player who left looks just like one who withheld it) —
   * so it is reported apart, in `unchecked` and `complete`.
   */
  readonly fair: boolean;
  /** Nothing refused, nothing unchecked: every finished round audited with every hand known. */
  readonly complete: boolean;
  readonly rounds: readonly RoundSummary[];
  /** Entries verified (over all segments). */
  readonly entries: number;
  readonly violations: readonly RecordViolation[];
  /** Each seat of a finished round whose part could not be checked (its seed never came). */
  readonly unchecked: readonly RecordUnchecked[];
  readonly refused: RecordRefusal | null;
}

/** A round as the replay needs it: its start, its steps, the deal that opens its cards. */
export interface RoundTrace {
  readonly segment: number;
  readonly round: number;
  readonly status: RoundStatus;
  /** The seats' names under the segment's setup. */
  readonly names: readonly string[];
  readonly preDeal: BaseState;
  readonly steps: readonly RecordedStep[];
  /** The round's deal state with every seed revealed so far (faces come from its audit). */
  readonly deal: DealState;
  readonly audit: TableAudit | null;
  /** Entries of the segment's log that belong to this round: [first, end). */
  readonly entries: readonly [number, number];
}

export interface VerifyProgress {
  readonly done: number;
  readonly total: number;
}

export class RecordVerifier {
  readonly record: GameRecord;
  readonly total: number;
  #done = 0;
  #segment = 0;
  #seq = 0;
  #table: TableState | null = null;
  /** The segment's setups so far (for the next one's start). */
  #setups: TableSetup[] = [];
  #lastTable: TableState | null = null;
  #roundFrom = 0;
  /** The current segment's equivocations, checked when it opens, named when it closes. */
  #evidence: { seat: number; seq: number }[] = [];
  #finished = false;
  readonly #violations: RecordViolation[] = [];
  readonly #unchecked: RecordUnchecked[] = [];
  readonly #rounds: RoundSummary[] = [];
  readonly #traces: RoundTrace[] = [];
  #refused: RecordRefusal | null = null;

  constructor(record: GameRecord) {
    this.record = record;
    this.total = record.segments.reduce((n, s) => n + s.log.length, 0);
  }

  get progress(): VerifyProgress {
    return { done: this.#done, total: this.total };
  }

  get finished(): boolean {
    return this.#finished;
  }

  /** Every round met so far, for the replay. */
  get traces(): readonly RoundTrace[] {
    return this.#traces;
  }

  /** The table after the last entry verified (a spectator's). */
  get table(): TableState | null {
    return this.#table ?? this.#lastTable;
  }

  /** Verifies up to `budget` more entries (setups cost one each); true once finished. */
  run(budget = Infinity): boolean {
    let left = budget;
    while (!this.#finished && left > 0) {
      left--;
      if (!this.#table) {
        this.#openSegment();
        continue;
      }
      const segment = this.record.segments[this.#segment];
      const encoded = segment?.log[this.#seq];
      if (!segment || encoded === undefined) {
        this.#closeSegment();
        continue;
      }
      this.#apply(encoded);
    }
    return this.#finished;
  }

  verdict(): Verdict {
    this.run();
    return {
      fair: this.#refused === null && this.#violations.length === 0,
      complete: this.#refused === null && this.#unchecked.length === 0,
      rounds: this.#rounds,
      entries: this.#done,
      violations: this.#violations,
      unchecked: this.#unchecked,
      refused: this.#refused,
    };
  }

  #refuse(code: string, detail: string, seq: number | null, rule: string | null = null): void {
    this.#refused = { segment: this.#segment, seq, code, detail, rule };
    // What was verified before still counts: the last round is summed up as it stood.
    if (this.#table) this.#endRound(this.#table, 'in-play', null, this.#seq);
    this.#table = null;
    this.#finished = true;
  }

  #openSegment(): void {
    const k = this.#segment;
    const seg = this.record.segments[k];
    if (!seg) {
      this.#finished = true;
      return;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(seg.setup);
    } catch {
      return this.#refuse('BAD_SETUP', 'the setup is not JSON', null);
    }
    const parsed = parseSetup(raw);
    if (!parsed.ok) return this.#refuse('BAD_SETUP', parsed.error.detail, null);
    const setup = parsed.value;
    const game = gameId(setup);
    if (game !== seg.game) {
      return this.#refuse('GAME_ID_MISMATCH', `the setup hashes to ${game}, not ${seg.game}`, null);
    }
    if (setup.room !== this.record.room) {
      return this.#refuse('WRONG_ROOM', `the setup is for room ${setup.room}`, null);
    }
    const signed = checkAgreements(setup, seg.agreements);
    if (!signed.ok) return this.#refuse('BAD_AGREEMENT', signed.error.detail, null);
    const previous = this.record.segments[k - 1];
    if (!previous && setup.start !== null) {
      return this.#refuse(
        'STARTS_MIDWAY',
        `the first segment starts at round ${setup.start.round}, not at the first deal`,
        null,
      );
    }
    if (previous) {
      const after = setup.start?.after;
      if (after !== previous.game) {
        return this.#refuse(
          'NOT_CONTINUED',
          'the setup does not continue the segment before',
          null,
        );
      }
      const mismatch = this.#startMismatch(setup);
      if (mismatch) return this.#refuse('START_MISMATCH', mismatch, null);
      // A change of seats is made only when a seat changes hands: a redeal under the same seats is not.
      if (sameJson(this.#setups[k - 1]?.seats, setup.seats)) {
        return this.#refuse('NOT_DUE', 'no seat changed hands: a redeal nobody needed', null);
      }
    }
    const table = createTable(tableConfig(setup), null);
    if (!table.ok) {
      return this.#refuse(table.error.code, table.error.detail ?? 'the table', null);
    }
    // Each equivocation claimed: two different entries, both signed by that seat for that position.
    this.#evidence = [];
    for (const claim of seg.evidence ?? []) {
      const [a, b] = claim.entries;
      const proof = equivocation(table.value.head, a, b);
      if (!proof.ok || proof.value.seat !== claim.seat || proof.value.seq !== claim.seq) {
        const why = proof.ok ? 'another seat or position' : proof.error.code;
        return this.#refuse(
          'BAD_EVIDENCE',
          `seat ${claim.seat} at ${claim.seq}: not an equivocation (${why})`,
          claim.seq,
        );
      }
      this.#evidence.push({ seat: claim.seat, seq: claim.seq });
    }
    this.#setups.push(setup);
    this.#table = table.value;
    this.#seq = 0;
    this.#roundFrom = 0;
  }

  /** Names each seat that equivocated in the segment, in the round that holds the position. */
  #nameEquivocations(last: TableState): void {
    const segment = this.#segment;
    for (const { seat, seq } of this.#evidence) {
      const trace = this.#traces.find(
        (t) => t.segment === segment && seq >= t.entries[0] && seq < t.entries[1],
      );
      const round = trace?.round ?? last.record.round;
      this.#violations.push({ segment, round, seat, seq, code: 'EQUIVOCATION', rule: null });
    }
    this.#evidence = [];
  }

  /** Why a segment's start does not follow from where the one before stopped, if it does not. */
  #startMismatch(setup: TableSetup): string | null {
    return this.#lastTable ? startMismatch(this.#lastTable, setup.start) : 'no start';
  }

  #apply(encoded: string): void {
    const table = this.#table as TableState;
    const next = applyEntry(table, encoded);
    if (!next.ok) {
      const { code, detail, rule } = next.error;
      return this.#refuse(code, detail ?? code, this.#seq, rule ?? null);
    }
    const after = next.value;
    this.#done++;
    this.#seq++;
    if (after.audits.length > table.audits.length) {
      // The entry closed the round (its last seed): the audit is the reducer's own.
      const audit = after.audits[after.audits.length - 1] as TableAudit;
      const deal = this.#dealAfter(table, encoded);
      this.#endRound({ ...table, deal }, 'audited', audit, this.#seq);
    }
    this.#table = after;
  }

  /** The deal state the closing entry leads to (every seed in), for the faces. */
  #dealAfter(table: TableState, encoded: string): DealState {
    const verified = verifyEntry(table.head, encoded, { validMove: () => true });
    const dealEntry = verified.ok ? verified.value.deal : null;
    const next = dealEntry && applyDealEntry(table.deal, dealEntry);
    return next?.ok ? next.value : table.deal;
  }

  #closeSegment(): void {
    const table = this.#table as TableState;
    const lastSegment = this.#segment === this.record.segments.length - 1;
    if (table.record.audit === null) {
      if (isOver(table)) {
        if (lastSegment) {
          // Seeds not in yet are owed: the record may have been taken early.
          this.#endRound(table, 'awaiting-seeds', auditTable(table), this.#seq);
        } else {
          this.#endRound(table, 'seeds-withheld', auditTable(table), this.#seq);
        }
      } else if (table.record.steps.length > 0 || !lastSegment) {
        this.#endRound(table, lastSegment ? 'in-play' : 'interrupted', null, this.#seq);
      }
    }
    this.#nameEquivocations(table);
    this.#lastTable = table;
    this.#table = null;
    this.#segment++;
    if (this.#segment >= this.record.segments.length) this.#finished = true;
  }

  #endRound(table: TableState, status: RoundStatus, audit: TableAudit | null, end: number): void {
    const segment = this.#segment;
    const { record } = table;
    const at = { segment, round: audit?.round ?? record.round };
    const violations = (audit?.violations ?? []).map(
      ({ seat, seq, code, rule }): RecordViolation => ({ ...at, seat, seq, code, rule }),
    );
    this.#violations.push(...violations);
    const owed = status === 'awaiting-seeds';
    const unchecked = (audit?.unchecked ?? []).map(({ seat, seq, code }): RecordUnchecked => ({
      ...at,
      seat,
      seq,
      code,
      owed,
    }));
    this.#unchecked.push(...unchecked);
    this.#rounds.push({
      segment,
      round: record.round,
      gameRound: record.preDeal.round,
      status,
      replayed: audit?.replayed ?? false,
      violations: violations.length,
      unchecked: unchecked.length,
    });
    this.#traces.push({
      segment,
      round: record.round,
      status,
      names: this.#setups[segment]?.seats.map((s) => s.name) ?? [],
      preDeal: record.preDeal,
      steps: record.steps,
      deal: table.deal,
      audit,
      entries: [this.#roundFrom, end],
    });
    this.#roundFrom = end;
  }
}

/** Verifies a whole record at once. */
export function verifyRecord(record: GameRecord): Verdict {
  return new RecordVerifier(record).verdict();
}
