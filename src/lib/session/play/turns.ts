// This browser's own turns: a local seat's move, autoplay and hints, and the pump
// that signs what its seats owe next and sends it to the host (to every seat after
// a few unanswered resends).
// Of the core it touches only TurnsCore (below): a seat's autoplay is kept through setAutoplay;
// what it sent, and when, is its own.
import { type BotLevel, hint as hintMove } from '$lib/bots';
import { canonicalJson, createRng, type Move, type Seat } from '$lib/engine';
import {
  awaitsChoice,
  choiceLabel,
  dues,
  type EntryDraft,
  mayMove,
  moveDraft,
  readEnvelope,
  roundHistory,
} from '$lib/protocol';
import type { Core } from '../core';
import { fail, ok, type SessionResult } from '../errors';
import type { TurnClockView } from '../snapshot';
import { logFull, type Segment } from './segment';
import type { Wire } from '../wire';

/** A store that has not answered a person's move by then has failed: the move goes anyway. */
const STORE_WAIT_MS = 2000;

/** Times a browser sends its entry to the host before it sends it to every seat. */
const RESENDS = 3;

const notOrdered = (seat: Seat) =>
  fail('NOT_NOW', `seat ${seat}'s entry for this position is not ordered yet`);

const sameMove = (a: Move, b: Move) => canonicalJson(a) === canonicalJson(b);

/** What turns may touch of the session's core (core.ts). */
export type TurnsCore = Pick<
  Core,
  // who and where it is, and its clock
  | 'member'
  | 'timing'
  | 'timers'
  | 'now'
  // what it reads
  | 'phase'
  | 'segment'
  | 'lastProgress'
  | 'ended'
  | 'closed'
  | 'isHost'
  | 'quorum'
  | 'present'
  | 'betweenRounds'
  | 'presence'
  | 'hashes'
  | 'own'
  // what it changes (Core's named methods)
  | 'setAutoplay'
  | 'count'
  | 'event'
  // sending and telling
  | 'sendAhead'
  | 'toSeats'
  | 'toHost'
  | 'changed'
  | 'schedulePump'
  | 'store'
  // what it hears
  | 'segmentStarted'
  // the other parts it calls
  | 'sequencer'
  | 'sync'
  | 'seats'
>;

export class Turns {
  readonly #t: TurnsCore;
  /** This browser's own submission at the head: how often it went out. */
  #sent = { seq: -1, times: 0 };
  /** Position at which this browser's last entry was submitted (non-host). */
  #submittedAt = -1;
  /** A person's entries signed and not yet in the store: they go out once it holds them. */
  readonly #storing = new Set<string>();

  /** The last turn the clock moved for (game, log position, seat): once each. */
  #clocked = '';

  constructor(t: TurnsCore) {
    this.#t = t;
    t.segmentStarted.on(() => {
      this.#submittedAt = -1;
      this.#sent = { seq: -1, times: 0 };
    });
  }

  /** Caught up: what this browser submitted is sent again if the host still lacks it. */
  resubmit(): void {
    this.#submittedAt = -1;
  }

  /**
   * Each beat, under a turn clock: a person's move (or secret choice, E-2) owed
   * here past the table's seconds per turn is made by the medium bot, this once.
   * Only the seat's own browser does it: nobody else knows its hand.
   */
  clock(): void {
    const seg = this.#t.segment;
    const seconds = seg?.setup.turnClock;
    if (!seg || seconds === undefined || !this.clockRunning()) return;
    if (this.#t.now() - this.#t.lastProgress < seconds * 1000) return;
    for (const rt of seg.seats.values()) {
      const table = seg.ledger.table(rt.seat);
      const at = `${seg.game}:${seg.ledger.seq}:${rt.seat}`;
      if (rt.bot || rt.autoplay || !table || this.#clocked === at) continue;
      // An entry signed for this position and not yet ordered is never signed over.
      if (this.#t.own.pending(seg, rt.seat) !== null) continue;
      const label = choiceLabel(table);
      const choosing =
        label !== null &&
        awaitsChoice(table.variant, table.view, rt.seat) &&
        !rt.choices.has(label);
      if (!choosing && !mayMove(table)) continue;
      const move = table.variant.setupMove(table.view) ?? this.#t.own.botMove(table, rt, 'medium');
      if (!move) continue;
      this.#clocked = at;
      const made = this.move(rt.seat, move);
      if (made.ok) this.#t.event('INFO', `seat ${rt.seat}'s turn clock ran out: the bot moved`);
    }
  }

  /** The seats owing a move and when their turn clock runs out (null while none is owed). */
  clockView(): TurnClockView | null {
    const seg = this.#t.segment;
    const seconds = seg?.setup.turnClock;
    if (!seg || seconds === undefined || !this.clockRunning()) return null;
    const table = seg.ledger.any;
    // A person's turn: a bot's move is no one's to time.
    const person = (d: { seat: Seat; kind: string }) =>
      (d.kind === 'move' || d.kind === 'choice-commit') && seg.setup.seats[d.seat]?.bot === null;
    const seats = [...new Set(dues(table).flatMap((d) => (person(d) ? [d.seat] : [])))];
    if (seats.length === 0) return null;
    return { seats, seconds, endsAt: this.#t.lastProgress + seconds * 1000 };
  }

  /**
   * The seats whose browsers withhold their backing while this host has an entry
   * to order (issue 30): here, but naming another host or none, they keep the
   * quorum from it. They are stall candidates (seats.ts), as absent seats are.
   * (A table waiting only on seats that are gone waits for them: issue 23.)
   */
  withheld(seg: Segment): Seat[] {
    if (!this.#t.isHost || this.#t.quorum()) return [];
    const head = seg.ledger.seq;
    const waiting =
      this.#t.own.pendingSeats(seg).length > 0 ||
      [...this.#t.sequencer.pending.values()].some((p) => p.seq === head);
    if (!waiting) return [];
    const me = this.#t.member;
    const withholds = (m: string) =>
      m !== me && this.#t.present(m) && !this.#t.presence.follows(m, me);
    return seg.setup.seats.flatMap((s, seat) => (withholds(s.member) ? [seat] : []));
  }

  clockRunning(): boolean {
    const seg = this.#t.segment;
    return (
      !!seg &&
      this.#t.phase === 'playing' &&
      !this.#t.hashes.desync &&
      !this.#t.ended &&
      !this.#t.betweenRounds(seg)
    );
  }

  /**
   * Each beat: the host's own entries wait while it lacks a quorum, so it tries
   * again; a guest sends again a submission the host never ordered (lost with a link).
   */
  tick(seq: number): void {
    if (this.#t.isHost) this.#t.schedulePump();
    if (
      this.#submittedAt === seq &&
      this.#t.now() - this.#t.lastProgress > this.#t.timing.awayMs / 2
    ) {
      this.#submittedAt = -1;
      this.#t.schedulePump();
    }
  }

  move(seat: Seat, move: Move): SessionResult<true> {
    const seg = this.#t.segment;
    const rt = seg?.seats.get(seat);
    const table = seg?.ledger.table(seat);
    if (!seg || !rt || !table) return fail('NOT_NOW', `seat ${seat} is not played here`);
    if (logFull(seg)) return fail('LOG_FULL', 'the game has as many entries as a table keeps');
    if (this.#t.hashes.desync || this.#t.ended) return fail('NOT_NOW', 'play has stopped');
    if (move.seat !== seat) return fail('ILLEGAL_MOVE', 'a move names its own seat');
    // One entry per seat per position (own-entries.ts): a second tap waits for the first.
    if (this.#t.own.pending(seg, seat) !== null) {
      return notOrdered(seat);
    }
    const label = choiceLabel(table);
    // E-2: one choice per seat and deal; the session sends it as the seat's entry.
    if (move.type === 'choose' && label !== null && rt.choices.has(label)) {
      return fail('NOT_NOW', `seat ${seat} has already chosen`);
    }
    if (move.type === 'choose' && label !== null) {
      if (!awaitsChoice(table.variant, table.view, seat)) return fail('NOT_NOW', 'no choice due');
      const verdict = table.variant.validate(table.view, move);
      if (verdict.kind === 'illegal') {
        return fail('ILLEGAL_MOVE', verdict.error.message, verdict.error.rule);
      }
      rt.choices.set(label, move.tile);
      this.#t.schedulePump();
      return ok(true);
    }
    if (!mayMove(table)) return fail('NOT_NOW', 'not this seat’s turn');
    const verdict = table.variant.validate(table.view, move);
    // A move showing a card first (E-9's face-up draw) is judged once the card is
    // open, as the protocol does: here it is enough that the engine lists it.
    const shownFirst = verdict.kind === 'illegal' && verdict.error.code === 'UNKNOWN_CARD';
    const listed = () => table.variant.legalMoves(table.view).some((m) => sameMove(m, move));
    if (verdict.kind === 'illegal' && !(shownFirst && listed())) {
      return fail('ILLEGAL_MOVE', verdict.error.message, verdict.error.rule);
    }
    if (!this.submit(seat, moveDraft(table, move), true)) {
      return notOrdered(seat);
    }
    return ok(true);
  }

  setAutoplay(seat: Seat, level: BotLevel | null): SessionResult<true> {
    if (!this.#t.setAutoplay(seat, level)) {
      return fail('NOT_NOW', `seat ${seat} is not a person’s seat here`);
    }
    this.#t.schedulePump();
    this.#t.changed();
    return ok(true);
  }

  /** The hard bot's move for a local seat to act. */
  hint(seat: Seat): SessionResult<Move> {
    const table = this.#t.segment?.ledger.table(seat);
    if (!table || !mayMove(table)) return fail('NOT_NOW', 'not this seat’s turn');
    const legal = table.variant.legalMoves(table.view).filter((m) => m.seat === seat);
    if (legal.length === 0) return fail('NOT_NOW', 'no legal move');
    const rng = createRng(table.head.seq + seat);
    const history = roundHistory(table);
    return ok(hintMove({ variant: table.variant, seat, view: table.view, legal, history, rng }));
  }

  /** Sends the next entry one of this browser's seats owes, if any. */
  pump(): void {
    const seg = this.#t.segment;
    if (
      !seg ||
      this.#t.closed ||
      this.#t.hashes.desync ||
      this.#t.ended ||
      this.#t.phase !== 'playing'
    )
      return;
    if (this.#t.sync.syncing) return;
    const waiting = this.#t.betweenRounds(seg);
    if (waiting) {
      // An autoplay seat is ready at once; the others hear it.
      for (const rt of seg.seats.values()) {
        if (rt.autoplay && !waiting.ready[rt.seat]) this.#t.seats.ready(rt.seat);
      }
      return;
    }
    const host = this.#t.isHost;
    if (host && this.#t.quorum()) {
      // Entries others kept pending while another host ignored them.
      for (const p of this.#t.sequencer.pending.values()) {
        if (p.seq === seg.ledger.seq) return this.#t.sequencer.sequence(p.entry, this.#t.member);
      }
    }
    if (!host && this.#submittedAt === seg.ledger.seq) return;
    for (const rt of seg.seats.values()) {
      // What a seat signed for this position goes again as it was (never signed over).
      const held = this.#t.own.pending(seg, rt.seat);
      if (held !== null) {
        if (!this.#storing.has(held)) this.#send(rt.seat, held);
        return;
      }
      const draft = this.#t.own.next(seg, rt, this.#t.seats.readiness);
      if (draft) {
        // A person's secret choice (E-2) is theirs, as a move is.
        const person = draft.kind === 'move' && !rt.bot && !rt.autoplay;
        this.submit(rt.seat, draft, person);
        return;
      }
    }
  }

  /**
   * Signs a local seat's entry and sends it; false when another is pending for this
   * position. A `person`'s entry (a tap, or the turn clock's move for them: nothing
   * a reload could sign alike, unlike protocol steps and bots' seeded moves) is
   * sent once the store holds it: a reload from an older save would let the person
   * sign another for the position, and the first, sent, would name them equivocating.
   */
  submit(seat: Seat, draft: EntryDraft, person = false): boolean {
    const seg = this.#t.segment;
    const entry = seg && this.#t.own.sign(seg, seat, draft);
    if (!entry) return false;
    this.#t.count('submitted');
    const store = this.#t.store;
    if (person && store) {
      this.#storing.add(entry);
      const go = () => {
        if (this.#storing.delete(entry)) this.#t.schedulePump();
      };
      // Stored or not (a full disk: the table says so), it goes then; a store
      // that never answers does not hold the table up.
      void store()
        .catch(() => false)
        .then(go);
      this.#t.timers.setTimeout(go, STORE_WAIT_MS);
      return true;
    }
    this.#send(seat, entry);
    return true;
  }

  /**
   * The host orders its own entry once it may (it stays pending meanwhile:
   * Seats.withheld names who withholds the backing); a guest sends it to the host.
   */
  #send(seat: Seat, entry: string): void {
    const seg = this.#t.segment;
    if (!seg) return;
    if (this.#t.isHost) {
      if (!this.#t.sync.syncing && this.#t.quorum())
        this.#t.sequencer.sequence(entry, this.#t.member);
      return;
    }
    this.#submittedAt = seg.ledger.seq;
    const seq = seg.ledger.seq;
    this.#sent = { seq, times: this.#sent.seq === seq ? this.#sent.times + 1 : 1 };
    const message: Wire = { t: 'submit', game: seg.game, entry };
    if (this.#sent.times <= RESENDS) {
      this.#t.toHost(message);
    } else {
      // The host has not ordered it after a few resends: every seat sees it is pending.
      this.#t.sequencer.keepOwnPending(seat, seq, entry);
      this.#t.toSeats(message);
    }
    const read = readEnvelope(entry);
    const kind = read.ok ? read.value.kind : null;
    if (kind === 'shuffle-hop' || kind === 'lock-hop') this.#t.sendAhead(seg.game, entry);
  }
}
