// Seats and stalls: readiness between rounds, the stall alarm and the host's
// answer to it (a bot, or the end), seats handed back and TT-9 newcomers seated at
// a round's deal, and the end of the game.
// Of the core it touches only SeatsCore (below): the end is endGame; readiness, stalls and
// newcomers are its own.
import { joinNewcomer, type Seat } from '$lib/engine';
import { auditTable, dues, type EntryKind, type TableAudit } from '$lib/protocol';
import { toBase64url } from '$lib/protocol/crypto/bytes';
import type { Core } from '../core';
import { fail, ok, type SessionResult } from '../errors';
import { parseSetup, sameJson, type SeatSetup } from '../setup';
import type { StallAlarm } from '../snapshot';
import type { Segment } from './segment';

/** What a person decides (their browser sends the rest on its own). */
const PERSON_KINDS: readonly (EntryKind | 'ready')[] = ['move', 'choice-commit', 'ready'];

/** What seats may touch of the session's core (core.ts). */
export type SeatsCore = Pick<
  Core,
  // who and where it is, and its clock
  | 'member'
  | 'timing'
  | 'random'
  | 'now'
  // what it reads
  | 'phase'
  | 'segment'
  | 'past'
  | 'lastProgress'
  | 'ended'
  | 'isHost'
  | 'host'
  | 'quorum'
  | 'present'
  | 'betweenRounds'
  | 'presence'
  | 'hashes'
  // what it changes (Core's named methods)
  | 'endGame'
  | 'announcedEnd'
  | 'newKeys'
  | 'event'
  | 'drop'
  // sending and telling
  | 'broadcast'
  | 'changed'
  | 'schedulePump'
  // what it hears
  | 'segmentStarted'
  | 'progressed'
  // the other parts it calls
  | 'agreeing'
  | 'sequencer'
  | 'turns'
  | 'sync'
>;

export class Seats {
  readonly #t: SeatsCore;
  /** The seats ready for each round (this one and the one before). */
  readonly #readiness = new Map<number, Set<Seat>>();
  /** Audits of rounds left waiting for secrets, by game. */
  readonly #closing = new Map<string, TableAudit>();
  /** Browsers to seat at the next round's deal (TT-9). */
  readonly #newcomers = new Set<string>();
  #stall: StallAlarm | null = null;

  constructor(t: SeatsCore) {
    this.#t = t;
    t.segmentStarted.on(({ rematch }) => {
      this.#stall = null;
      if (rematch) this.#readiness.clear();
    });
    t.progressed.on(() => {
      this.#stall = null;
    });
  }

  get readiness(): ReadonlyMap<number, ReadonlySet<Seat>> {
    return this.#readiness;
  }

  /** Audits of rounds left waiting for secrets, by game. */
  get closing(): ReadonlyMap<string, TableAudit> {
    return this.#closing;
  }

  get newcomers(): ReadonlySet<string> {
    return this.#newcomers;
  }

  get stall(): StallAlarm | null {
    return this.#stall;
  }

  /** A member gone from the table is no newcomer to seat. */
  forgetNewcomer(member: string): void {
    this.#newcomers.delete(member);
  }

  /** Each beat: the stall alarm, readiness said again, seats handed back. */
  tick(): void {
    this.stallCheck();
    this.repeatReady();
    this.handBack();
  }

  /** A seat is ready for the next round. */
  ready(seat: Seat): SessionResult<true> {
    const seg = this.#t.segment;
    if (!seg?.seats.has(seat)) return fail('NOT_NOW', `seat ${seat} is not played here`);
    const round = seg.ledger.any.record.round;
    this.markReady(round, seat);
    this.#t.broadcast({ t: 'ready', game: seg.game, round, seat });
    this.#t.schedulePump();
    return ok(true);
  }

  /** The host's answer to a stall: a bot takes the stalled seats from a fresh deal, or the game ends. */
  resolveStall(action: 'bot' | 'end'): SessionResult<true> {
    const seg = this.#t.segment;
    if (!seg || !this.#t.isHost || !this.#stall) return fail('NOT_NOW', 'no stall to resolve');
    if (action === 'bot') {
      const busy = this.#stall.seats.filter(
        (i) => this.seatHere(seg, i) && this.#t.sequencer.submitting(seg, i),
      );
      if (busy.length > 0) {
        return fail('NOT_NOW', `seat ${busy.join(', ')} is here and has submitted its entry`);
      }
    }
    if (action === 'bot' && !this.mayReseat()) {
      return fail(
        'NOT_NOW',
        'fewer than half of the table’s browsers are here: the game can only end',
      );
    }
    if (action === 'end') {
      this.#announceEnd(seg, `ended while seat ${this.#stall.seats.join(', ')} was away`);
      return ok(true);
    }
    // Every seat whose browser is gone (or that owes and stays silent) goes to a bot run here.
    const stalled = this.#stall.seats;
    const seats = seg.setup.seats.map((s, i) => {
      const gone = !this.seatHere(seg, i) || stalled.includes(i);
      if (!gone || s.member === this.#t.member) return s;
      const keys = this.#t.newKeys();
      return { name: s.name, key: keys.publicKey, bot: 'medium' as const, member: this.#t.member };
    });
    // Only this browser's own seats stalled: no seat would change hands (a redeal nobody needs).
    if (sameJson(seats, seg.setup.seats)) return fail('NOT_NOW', 'no seat would change hands');
    // A round whose play is over waits only for secrets: it is audited without the
    // missing ones (each peer does so when the new setup begins) and the next one is dealt.
    const table = seg.ledger.any;
    if (table.view.phase === 'roundOver' || table.view.phase === 'gameOver') {
      const next = table.variant.nextRound(table.view);
      if (next.phase !== 'deal') {
        this.#announceEnd(seg, `game over; seat ${stalled.join(', ')} never showed its secret`);
        return ok(true);
      }
      return this.reseat(seg, seats, next, table.record.round + 1);
    }
    return this.reseat(seg, seats);
  }

  /**
   * The host seats a browser that came after the start at the next round's deal,
   * where the rules allow it (TT-9: it starts at the highest total).
   */
  seatNewcomer(member: string): SessionResult<true> {
    const seg = this.#t.segment;
    const info = this.#t.presence.get(member);
    if (!seg || !this.#t.isHost) return fail('NOT_HOST', 'only the host seats players');
    // The rules decide (TT-9): only a variant that seats newcomers accepts one.
    const allowed = joinNewcomer(seg.ledger.any.record.preDeal);
    if (!allowed.ok) return fail('NOT_NOW', allowed.error.message, allowed.error.rule);
    if (!info?.key || seg.setup.seats.some((s) => s.member === member)) {
      return fail('NOT_NOW', 'no such browser waiting for a seat');
    }
    this.#newcomers.add(member);
    this.handBack();
    return ok(true);
  }

  /** Whether a new setup may start now: the current round is not dealt yet. */
  atRoundStart(seg: Segment): boolean {
    const table = seg.ledger.any;
    const deck = table.preparing === null ? undefined : table.deal.decks[table.preparing];
    const dealing = deck !== undefined && deck.shuffles.length > 0;
    return table.view.phase === 'deal' && !dealing && !this.#t.agreeing.proposal;
  }

  /**
   * The host hands a seat back to the person who held it once they are here again,
   * before the next deal: a bot kept it while they were away.
   */
  handBack(): void {
    const seg = this.#t.segment;
    if (
      !seg ||
      !this.#t.isHost ||
      this.#t.hashes.desync ||
      this.#t.ended ||
      !this.atRoundStart(seg)
    )
      return;
    const owners = this.#t.past[0]?.setup.seats ?? [];
    let changed = false;
    // A newcomer stays on the list until a setup seats it (a proposal may expire unsigned).
    for (const m of this.#newcomers) {
      if (seg.setup.seats.some((s) => s.member === m)) this.#newcomers.delete(m);
    }
    const newcomers = [...this.#newcomers].filter((m) => this.#t.present(m));
    const seats = seg.setup.seats.map((s, i) => {
      const owner = owners[i];
      const back = owner && s.bot !== null && owner.bot === null && owner.member !== s.member;
      if (!back || !this.#t.present(owner.member)) return s;
      if (this.#t.presence.get(owner.member)?.key !== owner.key) return s;
      // Only to a browser that follows this host: one that does not (a host passed
      // over for censoring) would never sign, and the change would hold up play.
      if (!this.#t.presence.follows(owner.member, this.#t.member)) return s;
      changed = true;
      return { ...owner, name: this.#t.presence.get(owner.member)?.name ?? owner.name };
    });
    const joining = newcomers.flatMap((member): SeatSetup[] => {
      const info = this.#t.presence.get(member);
      if (!info?.key || seats.some((x) => x.member === member)) return [];
      return [{ name: info.name, key: info.key, bot: null, member }];
    });
    let view = seg.ledger.any.record.preDeal;
    for (const _ of joining) {
      const joined = joinNewcomer(view);
      if (!joined.ok) return this.#t.event('NOT_NOW', `${joined.error.message} (TT-9)`);
      view = joined.value;
    }
    if (changed || joining.length > 0) this.reseat(seg, [...seats, ...joining], view);
  }

  /** Proposes the current game under new seats, from the current round's deal. */
  reseat(
    seg: Segment,
    seats: readonly SeatSetup[],
    view = seg.ledger.any.record.preDeal,
    round = seg.ledger.any.record.round,
  ): SessionResult<true> {
    const setup = parseSetup({
      ...seg.setup,
      seats,
      nonce: toBase64url(this.#t.random(16)),
      start: { round, view, after: seg.game },
    });
    if (!setup.ok) return setup;
    this.#t.agreeing.propose(setup.value);
    return ok(true);
  }

  /** Between rounds, local seats say ready again, for browsers that came back since. */
  repeatReady(): void {
    const seg = this.#t.segment;
    const waiting = seg && this.#t.betweenRounds(seg);
    if (!seg || !waiting) return;
    for (const seat of seg.seats.keys()) {
      if (waiting.ready[seat]) {
        this.#t.broadcast({ t: 'ready', game: seg.game, round: waiting.round, seat });
      }
    }
  }

  stallCheck(): void {
    const seg = this.#t.segment;
    if (!seg || this.#t.phase !== 'playing' || this.#t.hashes.desync || this.#t.ended) {
      this.#stall = null;
      return;
    }
    const due = this.owed(seg);
    const idle = this.#t.now() - this.#t.lastProgress;
    // While a browser catches up (play/sync.ts), play waits only for the seats'
    // browsers it has not heard: a present seat holding back its entry meanwhile is not to blame.
    const awaited = this.#t.sync.awaited();
    if (awaited) {
      const seats = seg.setup.seats.flatMap((s, i) => (awaited.has(s.member) ? [i] : []));
      return this.#alarm(seats, [...new Set(due.map((d) => d.kind))], idle);
    }
    const owed = due.filter((d) => !this.mayThink(seg, d));
    // Seats withholding the host's quorum while it has an entry to order stall it too.
    const withheld = this.#t.turns.withheld(seg);
    // A host short of its quorum orders nothing, not even its own entries: the away seats hold play up.
    const away =
      due.length > 0 && this.#t.isHost && !this.#t.quorum()
        ? seg.setup.seats.flatMap((_, i) => (this.seatHere(seg, i) ? [] : [i]))
        : [];
    const seats = [...new Set([...owed.map((d) => d.seat), ...withheld, ...away])].sort(
      (a, b) => a - b,
    );
    this.#alarm(seats, [...new Set((owed.length > 0 ? owed : due).map((d) => d.kind))], idle);
  }

  /** The stall alarm names `seats` once play has been idle for the stall limit. */
  #alarm(seats: readonly Seat[], owes: readonly (EntryKind | 'ready')[], idle: number): void {
    if (seats.length === 0 || idle < this.#t.timing.stallMs) {
      this.#stall = null;
      return;
    }
    const before = this.#stall;
    this.#stall = { seats, owes, sinceMs: idle, bot: this.mayReseat() };
    if (!before) this.#t.event('INFO', `waiting for seat ${seats.join(', ')}`);
  }

  /**
   * Whether the table just waits for a person (issue 23: stalls are only for the
   * absent): their move, secret choice or ready, while their browser is here and
   * follows this table's host (one that does not, a host passed over for
   * censoring, cannot get its move into the log), or at a table whose seats are
   * all this browser's (solo, pass-and-play). Protocol work (a key, a hop, a
   * reveal, a secret) is sent by the browser on its own: a present browser that
   * does not send it has stopped answering, and stalls.
   */
  mayThink(seg: Segment, due: { seat: Seat; kind: EntryKind | 'ready' }): boolean {
    const seats = seg.setup.seats;
    if (seats.every((s) => s.member === this.#t.member)) return true;
    const seat = seats[due.seat];
    if (!seat || seat.bot !== null || !PERSON_KINDS.includes(due.kind)) return false;
    const host = this.#t.host();
    if (seat.member === this.#t.member) return true;
    return (
      this.seatHere(seg, due.seat) && host !== null && this.#t.presence.follows(seat.member, host)
    );
  }

  /**
   * Whether the host may hand seats to bots: while it sees at least half of the
   * seats' browsers, so a lone browser of three cannot take the table over while
   * its links are down. Two halves could each go on (the one left of two, two of
   * four): should they meet again, the split is named (Agreeing.wentOnWithout).
   */
  mayReseat(): boolean {
    return this.#t.quorum(true);
  }

  /** Whether a seat's browser is here as its person (a bot's is its host's browser). */
  seatHere(seg: Segment, seat: Seat): boolean {
    const s = seg.setup.seats[seat];
    if (!s) return false;
    return s.bot === null ? this.#t.presence.presentAs(s.member, s.key) : this.#t.present(s.member);
  }

  /** What the table waits for: entries owed, or a person's ready between rounds. */
  owed(seg: Segment): { seat: Seat; kind: EntryKind | 'ready' }[] {
    const table = seg.ledger.any;
    const waiting = this.#t.betweenRounds(seg);
    if (waiting) {
      return waiting.ready.flatMap((r, seat) => (r ? [] : [{ seat, kind: 'ready' as const }]));
    }
    return dues(table).map((d) => ({ seat: d.seat, kind: d.kind }));
  }

  onReady(member: string, game: string, round: number, seat: Seat): void {
    const seg = this.#t.segment;
    if (!seg || game !== seg.game) return;
    const current = seg.ledger.any.record.round;
    if (Math.abs(round - current) > 1) {
      return this.#t.drop('OUT_OF_WINDOW', `ready for round ${round} from ${member}`);
    }
    this.markReady(round, seat);
    this.#t.schedulePump();
  }

  markReady(round: number, seat: Seat): void {
    const set = this.#readiness.get(round) ?? new Set<Seat>();
    set.add(seat);
    this.#readiness.set(round, set);
    for (const r of this.#readiness.keys()) if (r < round - 1) this.#readiness.delete(r);
  }

  /** A round over with secrets missing is audited without them (their seats left unchecked). */
  closeAudit(seg: Segment): void {
    const table = seg.ledger.any;
    const over = table.view.phase === 'roundOver' || table.view.phase === 'gameOver';
    if (over && !table.record.audit && !this.#closing.has(seg.game)) {
      this.#closing.set(seg.game, auditTable(table));
    }
  }

  /** The host ends the game here and tells every member (told again to one that missed it: Sync). */
  #announceEnd(seg: Segment, reason: string): void {
    this.#t.broadcast({ t: 'end', game: seg.game, reason });
    this.#t.announcedEnd(seg.game, reason);
    this.end(reason);
  }

  /** The host's `end` of this game: taken once (it is told again to a browser that missed it). */
  onEnd(reason: string): void {
    if (this.#t.ended === null) this.end(reason);
  }

  end(reason: string): void {
    const seg = this.#t.segment;
    if (seg) this.closeAudit(seg);
    this.#t.endGame(reason, seg ? [...seg.ledger.any.view.scores] : []);
    this.#t.event('INFO', reason);
    this.#t.changed();
  }
}
