// The log: the host orders each submitted entry (or refuses it for all to see);
// every browser applies ordered entries at its head, keeps what comes ahead of it
// (from the sequencer, within WINDOW), checks hops sent ahead, and keeps the
// refusals and equivocation evidence it sees. The work a seat's hops for the
// head cost is bounded: one proof check per seat and position (#bounded).
// Of the core it touches only SequencerCore (below): an applied entry is markProgress, which
// tells the other parts (progressed); pending, ahead and refused entries are its own.
import type { Seat } from '$lib/engine';
import type { PeerId } from '$lib/net';
import {
  applyEntry,
  equivocation,
  isJsonRecord,
  readEnvelope,
  type ProtocolError,
} from '$lib/protocol';
import type { Core } from '../core';
import { WINDOW } from '../wire';
import type { Equivocation, Refusal } from '../snapshot';
import { logFull, type Segment } from './segment';

/** Refusals that come after the signature check: the entry's seat is proven its author. */
const SIGNED_REFUSALS = (code: string): boolean =>
  ![
    'MALFORMED_ENTRY',
    'NON_CANONICAL',
    'WRONG_GAME',
    'BAD_SEQ',
    'BAD_CHAIN',
    'UNKNOWN_SEAT',
    'UNKNOWN_KIND',
    'MALFORMED_BODY',
    'WRONG_AUTHOR',
    'BAD_SIGNATURE',
  ].includes(code);
const MAX_REFUSALS = 50;
/** The entries whose check costs a proof. */
const HOPS: readonly string[] = ['shuffle-hop', 'lock-hop'];
/** Equivocations kept (the first ones: evidence once kept stays). */
const MAX_EQUIVOCATIONS = 64;

/** What an entry says it is, read but not checked (cheaper than readEnvelope's canonical form). */
function peek(entry: string): { game: unknown; seq: unknown; seat: Seat; kind: string } | null {
  try {
    const v: unknown = JSON.parse(entry);
    if (!isJsonRecord(v) || typeof v.seat !== 'number' || typeof v.kind !== 'string') return null;
    return { game: v.game, seq: v.seq, seat: v.seat, kind: v.kind };
  } catch {
    return null;
  }
}

/** A seat's valid entry for the head, waiting to be ordered since `since`. */
interface Pending {
  readonly seq: number;
  readonly entry: string;
  readonly since: number;
}

/** What the sequencer may touch of the session's core (core.ts). */
export type SequencerCore = Pick<
  Core,
  // who and where it is, and its clock
  | 'member'
  | 'now'
  // what it reads
  | 'segment'
  | 'ended'
  | 'isHost'
  | 'host'
  | 'quorum'
  | 'hashes'
  | 'deck'
  // what it changes (Core's named methods)
  | 'markProgress'
  | 'count'
  | 'event'
  | 'drop'
  // sending and telling
  | 'broadcast'
  | 'toHost'
  | 'changed'
  | 'schedulePump'
  // what it hears
  | 'segmentStarted'
  // the other parts it calls
  | 'agreeing'
  | 'sync'
  | 'seats'
>;

export class Sequencer {
  readonly #t: SequencerCore;
  /**
   * Valid entries for the head that seats' browsers sent and no host has ordered
   * yet, by seat (at most one each, for the head only).
   */
  readonly #pending = new Map<Seat, Pending>();
  /** Entries received ahead of the log, by position. */
  readonly #ahead = new Map<number, string>();
  /** The game and log position whose entry was last checked ahead of its order. */
  #checkedAhead = '';
  readonly #refusals: Refusal[] = [];
  readonly #equivocations: Equivocation[] = [];
  /**
   * By seat: the hop it signed for the head that this browser checked first, what
   * the check said (null: passed), and whether a second one has named the seat.
   */
  readonly #hops = new Map<
    Seat,
    {
      readonly game: string;
      readonly seq: number;
      readonly entry: string;
      readonly refusal: ProtocolError | null;
      named: boolean;
    }
  >();

  constructor(t: SequencerCore) {
    this.#t = t;
    t.segmentStarted.on(() => {
      this.#pending.clear();
      this.#ahead.clear();
    });
  }

  /** Valid entries for the head that no host has ordered yet, by seat. */
  get pending(): ReadonlyMap<Seat, Pending> {
    return this.#pending;
  }

  /** The refusals this browser saw, oldest first (the last MAX_REFUSALS). */
  get refusals(): readonly Refusal[] {
    return this.#refusals;
  }

  /** Proven pairs of entries one seat signed for one place. */
  get equivocations(): readonly Equivocation[] {
    return this.#equivocations;
  }

  /** A pair kept with a stored table, once it has proven itself again. */
  restoreEquivocation(e: Equivocation): void {
    if (this.#equivocations.length < MAX_EQUIVOCATIONS) this.#equivocations.push(e);
  }

  /** This browser's own entry the host has not ordered after resends: pending, as others' are. */
  keepOwnPending(seat: Seat, seq: number, entry: string): void {
    if (!this.#pending.has(seat)) this.#pending.set(seat, { seq, entry, since: this.#t.now() });
  }

  /** Every pending entry waits afresh from `now` (a change of seats, a host passed over). */
  restartWaits(now: number): void {
    for (const [s, q] of this.#pending) this.#pending.set(s, { ...q, since: now });
  }

  /** An entry a peer's answer holds ahead of the log (within WINDOW; the caller checks). */
  keepAhead(seq: number, entry: string): void {
    this.#ahead.set(seq, entry);
  }

  /**
   * An entry to order. The host orders it; another seat's browser keeps it as
   * pending when it is valid at the head (the host is then expected to order it)
   * and passes it on to the host, whose link to its author may be down.
   */
  onSubmit(member: string, game: string, entry: string): void {
    const seg = this.#t.segment;
    if (!seg || game !== seg.game) return this.#t.drop('WRONG_GAME', `submit from ${member}`);
    // A hop checked here before is not checked (nor refused for all to see) again.
    if (this.#bounded(seg, entry) !== 'check') return;
    if (this.#t.isHost) {
      if (this.#t.sync.syncing || this.#t.hashes.desync || this.#t.ended || !this.#t.quorum()) {
        this.notePending(seg, member, entry);
        return;
      }
      // A hop's proof is checked on the proof workers first; then it comes back here.
      if (this.#t.deck.hold(seg, entry, () => this.onSubmit(member, game, entry))) return;
      return this.sequence(entry, member);
    }
    if (!seg.setup.seats.some((s) => s.member === this.#t.member)) {
      return this.#t.drop('NOT_HOST', `submit from ${member} to a watcher`);
    }
    if (this.notePending(seg, member, entry)) this.#t.toHost({ t: 'submit', game, entry });
  }

  /** Keeps a valid entry for the head as its seat's pending one; true when it is new. */
  notePending(seg: Segment, member: string, entry: string): boolean {
    const read = readEnvelope(entry);
    if (!read.ok || read.value.seq !== seg.ledger.seq) return false;
    const { seat, seq } = read.value;
    if (this.#pending.get(seat)?.seq === seq) return false;
    const refused = seg.ledger.checkAhead(entry);
    this.#checked(seg, entry, refused);
    if (refused) {
      this.#t.drop('REFUSED', `${refused.code} in an entry submitted by ${member}`);
      return false;
    }
    this.#pending.set(seat, { seq, entry, since: this.#t.now() });
    return true;
  }

  /** Whether a valid entry of `seat` waits to be ordered at the head. */
  submitting(seg: Segment, seat: Seat): boolean {
    return this.#pending.get(seat)?.seq === seg.ledger.seq;
  }

  /**
   * A peer's hop on its way to the host: checked now, while the host checks it
   * too, so that when it comes in ordered it is applied at once (the next seat
   * then builds its own hop one check sooner). Once per log position.
   */
  onAhead(member: string, game: string, entry: string): void {
    const seg = this.#t.segment;
    if (!seg || game !== seg.game || this.#t.isHost || member === this.#t.host()) return;
    const at = `${seg.game}:${seg.ledger.seq}`;
    if (this.#t.hashes.desync || this.#checkedAhead === at) return;
    const read = readEnvelope(entry);
    if (!read.ok || read.value.seq !== seg.ledger.seq) return;
    if (this.#bounded(seg, entry) !== 'check') return;
    this.#checkedAhead = at;
    const seq = seg.ledger.seq;
    const check = (): void => {
      if (this.#t.segment !== seg || seg.ledger.seq !== seq) return;
      const refused = seg.ledger.checkAhead(entry);
      this.#checked(seg, entry, refused);
      if (refused) this.#t.drop('REFUSED', `${refused.code} in an entry sent ahead by ${member}`);
      else this.#t.count('checkedAhead');
    };
    // On the proof workers, this browser's next hop built beside the check (deck-work.ts).
    if (!this.#t.deck.hold(seg, entry, check)) check();
  }

  /** The host orders one entry: applies it and sends it to all, or refuses it for all to see. */
  sequence(entry: string, from: string): void {
    const seg = this.#t.segment;
    // While the seats are being changed, the old setup takes no more entries.
    if (!seg || this.#t.agreeing.proposal) return;
    if (logFull(seg)) return this.#t.drop('LOG_FULL', `an entry from ${from}`);
    const seq = seg.ledger.seq;
    const r = seg.ledger.apply(entry);
    if (r.ok) {
      this.#t.broadcast({ t: 'entry', game: seg.game, seq, entry });
      this.applied(seg);
      return;
    }
    if (r.error.code === 'BAD_SEQ' || r.error.code === 'BAD_CHAIN') {
      this.#t.count('stale');
      if (this.equivocated(seg, entry)) this.#t.broadcast({ t: 'refused', game: seg.game, entry });
      return;
    }
    if (!SIGNED_REFUSALS(r.error.code)) {
      return this.#t.drop('REFUSED', `${r.error.code} ${r.error.detail ?? ''} from ${from}`);
    }
    this.#checked(seg, entry, r.error);
    // Its author signed it: every browser checks the refusal and names the seat.
    this.#t.broadcast({ t: 'refused', game: seg.game, entry });
    this.refused(seg, entry, r.error);
  }

  refused(
    seg: Segment,
    entry: string,
    error: { code: string; detail?: string; rule?: string | null },
  ): void {
    let seat: Seat | null = null;
    try {
      const parsed: unknown = JSON.parse(entry);
      if (isJsonRecord(parsed) && typeof parsed.seat === 'number') seat = parsed.seat;
    } catch {
      seat = null;
    }
    const refusal: Refusal = {
      seq: seg.ledger.seq,
      seat,
      code: error.code,
      rule: error.rule ?? null,
      detail: error.detail ?? '',
    };
    this.#refusals.push(refusal);
    if (this.#refusals.length > MAX_REFUSALS) this.#refusals.shift();
    this.#t.event(
      'REFUSED',
      `seat ${seat ?? '?'}: ${error.code}${error.rule ? ` (${error.rule})` : ''}`,
    );
  }

  /** A refusal the host ordered (only the host may send one: session.ts). */
  onRefused(game: string, entry: string): void {
    const seg = this.#t.segment;
    if (!seg || game !== seg.game) return;
    if (this.equivocated(seg, entry)) return;
    const bound = this.#bounded(seg, entry);
    if (bound === 'spent') return;
    if (bound !== 'check') return this.refused(seg, entry, bound);
    const r = applyEntry(seg.ledger.any, entry);
    this.#checked(seg, entry, r.ok ? null : r.error);
    if (r.ok) {
      this.#t.event('INFO', 'the host refused an entry this browser accepts');
      return;
    }
    if (!SIGNED_REFUSALS(r.error.code)) return this.#t.drop('REFUSED', 'an unsigned refusal');
    this.refused(seg, entry, r.error);
  }

  /**
   * A signed entry for a position the log already holds from the same seat, with
   * other content: both are kept as evidence naming the seat.
   */
  equivocated(seg: Segment, entry: string): boolean {
    const read = readEnvelope(entry);
    const seq = read.ok ? read.value.seq : -1;
    const logged = seg.ledger.log[seq];
    if (logged === undefined || logged === entry) return false;
    const evidence = equivocation(seg.ledger.any.head, logged, entry);
    if (!evidence.ok) return false;
    this.#keep(seg, seq, evidence.value.seat, [logged, entry]);
    return true;
  }

  /** Keeps a proven pair (once per game, position and seat) and names its seat. */
  #keep(seg: Segment, seq: number, seat: Seat, entries: readonly [string, string]): void {
    const known = (e: Equivocation) => e.game === seg.game && e.seq === seq && e.seat === seat;
    if (this.#equivocations.some(known)) return;
    // Kept in their own list: refusals, however many, never push the pair out.
    if (this.#equivocations.length < MAX_EQUIVOCATIONS) {
      this.#equivocations.push({ game: seg.game, seq, seat, entries });
    }
    this.#refusals.push({
      seq,
      seat,
      code: 'EQUIVOCATION',
      rule: null,
      detail: 'two different entries signed for one position',
    });
    if (this.#refusals.length > MAX_REFUSALS) this.#refusals.shift();
    this.#t.event('EQUIVOCATION', `seat ${seat} signed two entries for ${seq}`);
  }

  /**
   * Bounded work per seat and position (issue 30): of the hops a seat signs for
   * the head, this browser checks the proof of one. That one again is answered by
   * what its check said (its refusal, or 'check' when it passed); a second,
   * different one is equivocation evidence, kept without a check, and anything
   * more for the position is 'spent' unread. Any other entry: 'check'.
   */
  #bounded(seg: Segment, entry: string): 'check' | 'spent' | ProtocolError {
    const read = peek(entry);
    if (!read || !HOPS.includes(read.kind)) return 'check';
    const { game, seq, seat } = read;
    const seen = this.#hops.get(seat);
    if (!seen || seen.game !== game || seen.seq !== seq || seq !== seg.ledger.seq) return 'check';
    if (seen.entry === entry) return seen.refusal ?? 'check';
    if (seen.named) return 'spent';
    // Both signed by the seat, or the new one is refused as unsigned (before any proof).
    if (!equivocation(seg.ledger.any.head, seen.entry, entry).ok) return 'check';
    seen.named = true;
    this.#keep(seg, seq, seat, [seen.entry, entry]);
    return 'spent';
  }

  /** What the check of an entry for the head said; the first signed hop of each seat is kept. */
  #checked(seg: Segment, entry: string, refusal: ProtocolError | null): void {
    if (refusal && !SIGNED_REFUSALS(refusal.code)) return;
    const read = readEnvelope(entry);
    if (!read.ok || !HOPS.includes(read.value.kind) || read.value.seq !== seg.ledger.seq) return;
    const { seq, seat } = read.value;
    const seen = this.#hops.get(seat);
    if (seen?.game === seg.game && seen.seq === seq) return;
    this.#hops.set(seat, { game: seg.game, seq, entry, refusal, named: false });
  }

  /**
   * An ordered entry. `live`: one as it is ordered, whose hop may wait for its
   * check on the proof workers; a catch-up's entries follow one another in line.
   */
  onEntry(
    member: string,
    peer: PeerId,
    game: string,
    seq: number,
    entry: string,
    live = true,
  ): void {
    const seg = this.#t.segment;
    if (!seg || game !== seg.game) return;
    const fromHost = member === this.#t.host();
    if (seq < seg.ledger.seq) return;
    if (seq > seg.ledger.seq) {
      if (!fromHost)
        return this.#t.drop('NOT_HOST', `entry ${seq} ahead of the log from ${member}`);
      if (seq > seg.ledger.seq + WINDOW) {
        return this.#t.drop('OUT_OF_WINDOW', `entry ${seq} from ${member}`);
      }
      this.#ahead.set(seq, entry);
      this.#t.sync.ask(peer, game, seg.ledger.seq);
      return;
    }
    if (!fromHost && this.#bounded(seg, entry) !== 'check') return;
    // A hop's proof is checked on the proof workers first; then it comes back here.
    const again = () => this.onEntry(member, peer, game, seq, entry);
    if (live && this.#t.deck.hold(seg, entry, again)) return;
    if (!this.accept(seg, entry, fromHost, member)) return;
    this.#acceptAhead(seg, member, live);
  }

  /** Applies the entries kept ahead of the log, from its head on, while they follow. */
  #acceptAhead(seg: Segment, member: string, live: boolean): void {
    const again = () => this.#t.segment === seg && this.#acceptAhead(seg, member, live);
    for (let next = this.#ahead.get(seg.ledger.seq); next; next = this.#ahead.get(seg.ledger.seq)) {
      const at = seg.ledger.seq;
      if (live && this.#t.deck.hold(seg, next, again)) return;
      this.#ahead.delete(at);
      if (!this.accept(seg, next, false, member)) break;
    }
  }

  /**
   * Applies an ordered entry. One the host ordered and this browser refuses is a
   * desync (its rules see otherwise); from anyone else it is only dropped.
   */
  accept(seg: Segment, entry: string, fromHost: boolean, member: string): boolean {
    if (this.#t.hashes.desync) return false;
    if (logFull(seg)) {
      this.#t.drop('LOG_FULL', `an entry from ${member}`);
      return false;
    }
    const seq = seg.ledger.seq;
    const r = seg.ledger.apply(entry);
    if (!r.ok && !fromHost) {
      this.#checked(seg, entry, r.error);
      this.#t.drop('REFUSED', `${r.error.code} in entry ${seq} from ${member}`);
      return false;
    }
    if (!r.ok) {
      if (r.error.code === 'BAD_SEQ' || r.error.code === 'BAD_CHAIN') {
        this.#t.hashes.raise(seg, seq, `entry ${seq} does not follow this browser's log`);
      } else {
        this.#t.hashes.raise(seg, seq, `entry ${seq} refused here: ${r.error.code}`);
      }
      return false;
    }
    this.applied(seg);
    return true;
  }

  /** After every applied entry: the hash goes out, progress is noted, own entries follow. */
  applied(seg: Segment): void {
    this.#t.markProgress(seg);
    for (const [seat, p] of this.#pending) if (p.seq < seg.ledger.seq) this.#pending.delete(seat);
    this.#t.hashes.applied(seg);
    this.#t.hashes.forget(seg.ledger.seq - WINDOW);
    if (this.#t.isHost) this.#t.seats.handBack();
    // Every browser ends at the same entry: the store keeps no longer log.
    if (logFull(seg) && seg.ledger.any.view.phase !== 'gameOver' && !this.#t.ended) {
      this.#t.seats.end('LOG_FULL: the game has as many entries as a table keeps; play ends');
    }
    this.#t.schedulePump();
    this.#t.changed();
  }
}
