// Agreement, one state machine: a setup proposed by the host, signed by every
// seat, then begun. What this browser signed is kept with its purpose
// (consent.ts): a first game only in the lobby, with no start, as drawn up in the
// draft it was shown (firstRefusal); a change of seats only while one is due,
// from this browser's own ledger (changeRefusal: what the record verifier checks);
// a rematch (rematch.ts) only when this browser's person accepts it, for the game
// just finished. At `begin` every check runs again as things stand then, seated
// or not, and a consent counts only for its own purpose (beginRefusal).
// Of the core it touches only AgreeingCore (below): a setup begins through beginSegment, which
// tells the other parts (segmentStarted); proposals, consents and finished games are its own.
import type { Seat } from '$lib/engine';
import type { PeerId } from '$lib/net';
import type { Core } from '../core';
import type { SessionError } from '../errors';
import { MAX_SEGMENTS, MAX_SETUP_LENGTH } from '../limits';
import { openSegment, type Segment } from '../play/segment';
import { Consents, type Purpose } from './consent';
import { follows, type RematchCore, rematchRefusal, Rematches } from './rematch';
import { type SplitCore, Splits } from './split';
import {
  type Agreement,
  checkAgreement,
  gameId,
  parseSetup,
  sameJson,
  setupJson,
  signAgreement,
  startMismatch,
  type TableSetup,
} from '../setup';

export { MAX_SIGNED } from './consent';

/** Finished games whose ids a browser keeps to refuse their begins again. */
const MAX_FINISHED = 16;

/** What a setup would be to a browser whose game is `seg`: a first game, a change of seats or a rematch. */
export function purposeOf(setup: TableSetup, seg: Segment | null): Purpose {
  if (!seg) return 'first';
  return setup.start === null ? 'rematch' : 'change';
}

/** A setup proposed for every seat to sign: a first one, a change of seats or a rematch. */
export interface Proposal {
  setup: TableSetup;
  game: string;
  agreements: Map<Seat, Agreement>;
  at: number;
  /** The member that proposed it (the host when this browser signed). */
  from: string;
}

/** What agreeing may touch of the session's core (core.ts). */
export type AgreeingCore = Pick<
  Core,
  // who and where it is, and its clock
  | 'room'
  | 'member'
  | 'timing'
  | 'now'
  // what it reads
  | 'name'
  | 'draft'
  | 'keys'
  | 'personKey'
  | 'returning'
  | 'segment'
  | 'past'
  | 'lastProgress'
  | 'ended'
  | 'isHost'
  | 'host'
  | 'present'
  | 'hashes'
  // what it changes (Core's named methods)
  | 'proposed'
  | 'beginSegment'
  | 'event'
  | 'drop'
  // sending and telling
  | 'broadcast'
  | 'send'
  | 'wantAllowed'
  | 'changed'
  | 'schedulePump'
  // what it hears
  | 'progressed'
  // the other parts it calls
  | 'lobby'
  | 'sequencer'
  | 'seats'
> &
  RematchCore &
  SplitCore;

export class Agreeing {
  readonly #t: AgreeingCore;
  /** What this browser signed, each for its purpose (the last MAX_SIGNED). */
  readonly signed = new Consents();
  #proposal: Proposal | null = null;
  readonly rematches: Rematches;
  /** A proposal whose start did not match this browser's ledger, judged again as it catches up. */
  #deferred: { text: string; from: string; at: number } | null = null;
  /** This browser's seats the host gave to a bot while it was here, in its game then. */
  #taken: { game: string; seats: readonly number[] } | null = null;
  /** People whose seat this side gave to a bot, seen in games this browser never had (split.ts). */
  readonly splits: Splits;
  /** Games this browser finished before a rematch (their begins are not taken again); the last few. */
  readonly #finished: string[] = [];

  constructor(t: AgreeingCore) {
    this.#t = t;
    this.rematches = new Rematches(t, this);
    this.splits = new Splits(t);
    // A proposal this browser was behind for is judged again as it catches up.
    t.progressed.on(() => {
      const deferred = this.#deferred;
      if (deferred && t.now() - deferred.at <= 2 * t.timing.awayMs) {
        this.onPropose(deferred.text, deferred.from);
      } else {
        this.#deferred = null;
      }
    });
  }

  /** The setup proposed and being signed (a first game, a change of seats, a rematch offer). */
  get proposal(): Proposal | null {
    return this.#proposal;
  }

  /** A rematch offered by the host, kept to show its person (rematch.ts judged it). */
  holdOffer(setup: TableSetup, game: string, from: string): void {
    this.#proposal = { setup, game, agreements: new Map(), at: this.#t.now(), from };
  }

  /** The proposal is given up (a rematch offer made again without a seat that left). */
  withdraw(): void {
    this.#proposal = null;
  }

  /**
   * Each beat: a change of seats that not every seat signed in time is given up
   * (play goes on as it was).
   */
  tick(): void {
    const p = this.#proposal;
    const offer = this.rematches.offer();
    if (offer && offer.from !== this.#t.host()) {
      // The host that offered it has gone: the offer goes with it (the next host may offer anew).
      this.#proposal = null;
      this.#t.event('INFO', 'the rematch offered by a host who has gone is withdrawn');
      this.#t.changed();
      return;
    }
    if (offer) return this.rematches.tick();
    if (p && this.#t.segment && this.#t.now() - p.at > this.#lifetime()) {
      this.#proposal = null;
      this.#t.event('INFO', 'the change of seats was not signed by every seat in time');
      this.#t.schedulePump();
    }
  }

  propose(setup: TableSetup): void {
    const game = gameId(setup);
    const purpose = purposeOf(setup, this.#t.segment);
    this.#proposal = {
      setup,
      game,
      agreements: new Map(),
      at: this.#t.now(),
      from: this.#t.member,
    };
    this.#t.proposed();
    this.#t.broadcast({ t: 'propose', setup: setupJson(setup) });
    this.signLocal(setup, purpose);
    this.#t.changed();
  }

  /** This browser's seats sign `setup`, and the consent is kept with its purpose. */
  signLocal(setup: TableSetup, purpose: Purpose): void {
    const game = gameId(setup);
    const after = purpose === 'first' ? null : (this.#t.segment?.game ?? null);
    this.signed.give({ game, purpose, after, at: this.#t.now() });
    setup.seats.forEach((s, seat) => {
      const keys = this.#t.keys.get(s.key);
      if (s.member !== this.#t.member || !keys) return;
      const agreement = signAgreement(setup, seat, keys.signing);
      this.#t.broadcast({ t: 'agree', game, agreement });
      this.onAgree(game, agreement);
    });
  }

  /**
   * Whether this browser's consent to `game` for `purpose` holds now: given for
   * the game on (or, for a first game, before any), and a change of seats' only
   * for as long as the change may wait for its signatures.
   */
  consented(game: string, purpose: Purpose): boolean {
    const after = purpose === 'first' ? null : (this.#t.segment?.game ?? null);
    const c = this.signed.find(game, purpose, after);
    return c !== null && (purpose !== 'change' || this.#t.now() - c.at <= this.#lifetime());
  }

  /** How long a change of seats waits for its signatures (then play goes on as it was). */
  #lifetime(): number {
    return 2 * this.#t.timing.awayMs;
  }

  /**
   * Signs a proposed setup for this browser's seats: the host's first setup as
   * drawn up in the lobby, or a change of seats the host proposes when one is due
   * (see changeRefusal); a rematch offer waits for its person's Accept.
   */
  onPropose(text: string, from: string): void {
    const setup = this.parseSetupText(text);
    if (!setup) return;
    const game = gameId(setup);
    const seg = this.#t.segment;
    const purpose = purposeOf(setup, seg);
    if (seg?.game === game) return;
    // A rematch offer waits for its person's Accept (rematch.ts); anything else is signed now.
    const rematch = seg !== null && purpose === 'rematch';
    if (rematch ? this.#proposal?.game === game : this.consented(game, purpose)) return;
    const refusal = !seg
      ? this.firstRefusal(setup, from)
      : rematch
        ? this.rematches.offerRefusal(setup, from, seg)
        : this.changeRefusal(setup, from);
    const before = this.#deferred;
    const again = before?.text === text;
    this.#deferred = null;
    if (refusal?.code === 'START_MISMATCH') {
      // This browser may only be behind: it judges the proposal again as it catches up.
      this.#deferred = { text, from, at: again ? before.at : this.#t.now() };
    }
    if (refusal) {
      if (again) return;
      const what = !seg ? 'setup' : rematch ? 'rematch' : 'change of seats';
      return this.#t.drop(refusal.code, `${what} from ${from}: ${refusal.detail}`);
    }
    if (rematch) return this.rematches.hold(setup, game, from);
    // Sign only a setup that seats this browser's keys under its own name.
    const mine = setup.seats.filter((s) => s.member === this.#t.member);
    const honest = mine.every(
      (s) =>
        this.#t.keys.has(s.key) &&
        (s.bot !== null || s.key !== this.#t.personKey.publicKey || s.name === this.#t.name),
    );
    if (!honest) return this.#t.drop('BAD_SETUP', 'a proposed setup misstates this browser’s seat');
    this.#proposal = { setup, game, agreements: new Map(), at: this.#t.now(), from };
    this.#t.proposed();
    this.signLocal(setup, purpose);
  }

  /**
   * Why this browser will not sign or follow `setup` from `from` as the first game,
   * or null: only the host's, only with no start (a first game begins at its first
   * deal: a start would carry made-up scores), and only the very setup drawn up in
   * the lobby this browser was shown (not one it never saw).
   */
  firstRefusal(setup: TableSetup, from: string, host = this.#t.host()): SessionError | null {
    if (from !== host) return { code: 'NOT_HOST', detail: `${from} is not the host` };
    if (setup.start !== null) {
      return { code: 'BAD_SETUP', detail: 'a first game starts at its first deal, not midway' };
    }
    const d = this.#t.draft;
    const shown = parseSetup({
      room: this.#t.room,
      variant: d.variant,
      options: this.#t.lobby.draftOptions(),
      ...(d.turnClock === undefined ? {} : { turnClock: d.turnClock }),
      seats: d.seats,
      nonce: setup.nonce,
      start: null,
    });
    if (!shown.ok || setupJson(shown.value) !== setupJson(setup)) {
      return { code: 'BAD_SETUP', detail: 'it is not the setup drawn up in the lobby' };
    }
    return null;
  }

  /**
   * Why this browser will not sign or follow `setup`, proposed by `from`, as a
   * change of seats, or null: only one by the host (`host`: at a begin, whoever
   * proposed what this browser signed) that continues the game on, from a start
   * equal to this browser's own ledger as it is now (the record verifier's check),
   * and only when a change is due (never once the game is over or ended): each
   * seat stays as it is, goes to a bot the proposer runs when its browser is gone
   * or stalled here (`consented`: this browser judged that when it signed, at this
   * same ledger), goes back to the person who first held it, or is a newcomer's
   * (TT-9, which the start check allows only where the rules do).
   */
  changeRefusal(
    setup: TableSetup,
    from: string,
    consented = false,
    host = this.#t.host(),
  ): SessionError | null {
    const seg = this.#t.segment;
    if (from !== host) return { code: 'NOT_HOST', detail: `${from} is not the host` };
    if (!seg) return { code: 'NOT_DUE', detail: 'no game is on to change seats in' };
    if (this.#t.past.length + 2 > MAX_SEGMENTS) {
      return { code: 'NOT_DUE', detail: `a game changes seats at most ${MAX_SEGMENTS - 1} times` };
    }
    // A game over (played out or ended) has nothing left to seat: only a rematch follows it.
    if (this.#t.ended !== null || seg.ledger.any.view.phase === 'gameOver') {
      return { code: 'NOT_DUE', detail: 'the game is over' };
    }
    const cur = seg.setup;
    if (setup.start?.after !== seg.game) {
      return { code: 'WRONG_GAME', detail: 'it does not continue this game' };
    }
    if (setup.variant !== cur.variant || !sameJson(setup.options, cur.options)) {
      return { code: 'BAD_SETUP', detail: 'it changes the variant or its options' };
    }
    const mismatch = startMismatch(seg.ledger.any, setup.start);
    if (mismatch) return { code: 'START_MISMATCH', detail: mismatch };
    if (setup.seats.length < cur.seats.length) {
      return { code: 'NOT_DUE', detail: 'it leaves seats out' };
    }
    const owners = this.#t.past[0]?.setup.seats ?? cur.seats;
    let changes = 0;
    for (const [i, next] of setup.seats.entries()) {
      const was = cur.seats[i];
      const owner = owners[i];
      if (!was) {
        // A newcomer: a person not seated yet (the start check counted it against TT-9).
        if (next.bot !== null || cur.seats.some((s) => s.member === next.member)) {
          return { code: 'NOT_DUE', detail: `seat ${i} is no newcomer` };
        }
      } else if (sameJson(was, next)) {
        continue;
      } else if (
        was.bot !== null &&
        next.bot === null &&
        owner?.key === next.key &&
        owner.member === next.member
      ) {
        // Handed back to the person who held it.
      } else if (next.bot === null) {
        return { code: 'NOT_DUE', detail: `seat ${i} goes to someone who never held it` };
      } else if (next.member !== from) {
        return { code: 'NOT_DUE', detail: `seat ${i} goes to a bot another browser runs` };
      } else if (!consented && !this.mayGoToBot(seg, i)) {
        return { code: 'NOT_DUE', detail: `seat ${i} is here and playing` };
      }
      changes++;
    }
    return changes === 0 ? { code: 'NOT_DUE', detail: 'no seat changes hands' } : null;
  }

  /**
   * Whether seat `seat` may go to a bot: its browser is gone, or it owes and the
   * table has waited on it (half the stall limit here, for clocks that differ),
   * with no entry of its pending. This browser's own seat only when it comes back
   * from storage (it was away when the others moved on).
   */
  mayGoToBot(seg: Segment, seat: Seat): boolean {
    const member = seg.setup.seats[seat]?.member ?? '';
    if (member === this.#t.member) return this.#t.returning;
    if (!this.#t.present(member)) return true;
    const idle = this.#t.now() - this.#t.lastProgress;
    return (
      idle >= this.#t.timing.stallMs / 2 &&
      this.#t.seats.owed(seg).some((d) => d.seat === seat) &&
      !this.#t.sequencer.submitting(seg, seat)
    );
  }

  /**
   * Why this browser will not begin `setup` (its text `text`) from `from`, or
   * null. Every check runs again against the game as it is now, seated or not;
   * a seated browser also needs its own consent for this very purpose (a
   * signature is a record of consent, never a pass): a first game (none signed
   * yet: a reload in the lobby) or a due change of seats it has not signed yet it
   * signs now if it would; a rematch only if its person accepted it. A browser with no seat and no game yet (a newcomer, a
   * watcher) has nothing to check against: it follows the host.
   */
  beginRefusal(
    setup: TableSetup,
    text: string,
    from: string,
    proposer: string | null,
  ): SessionError | null {
    const seg = this.#t.segment;
    const seated = setup.seats.some((s) => s.member === this.#t.member);
    if (!seg && !seated) return null;
    const game = gameId(setup);
    const purpose = purposeOf(setup, seg);
    const host = proposer ?? this.#t.host();
    if (seg && purpose === 'rematch') {
      const ended = this.#t.ended !== null;
      const refusal = rematchRefusal(setup, from, host, seg, ended, null);
      if (refusal || !seated || this.consented(game, purpose)) return refusal;
      return { code: 'BAD_AGREEMENT', detail: 'a setup this browser did not sign' };
    }
    const consented = seated && this.consented(game, purpose);
    const refusal = seg
      ? this.changeRefusal(setup, from, consented, host)
      : this.firstRefusal(setup, from, host);
    if (refusal || !seated || consented) return refusal;
    if (purpose === 'first' && this.signed.signedFirst()) {
      // Two first games signed (the host proposed again): only the last is played here.
      return { code: 'BAD_AGREEMENT', detail: 'not the first game this browser signed last' };
    }
    this.onPropose(text, from);
    return this.consented(game, purpose)
      ? null
      : { code: 'BAD_AGREEMENT', detail: 'a setup this browser did not sign' };
  }

  /**
   * The host began a change of seats that gives this browser's own seat to a bot
   * while it is here: refused, and kept in mind. Should the host then play on in
   * another game than this browser's (`wentOnWithout`), the table split: the
   * desync alarm says so, naming the seats on each side (never left behind
   * silently). A forged begin the host's own browser never follows stays refused.
   */
  #seatTaken(setup: TableSetup, from: string, refusal: SessionError): void {
    const seg = this.#t.segment;
    if (!seg || refusal.code !== 'NOT_DUE' || from !== this.#t.host()) return;
    const taken = seg.setup.seats.flatMap((s, i) =>
      s.member === this.#t.member && s.bot === null && setup.seats[i]?.member !== s.member
        ? [i]
        : [],
    );
    if (taken.length > 0) this.#taken = { game: seg.game, seats: taken };
  }

  /**
   * A beat in a game this browser is not in: from the host, having given this
   * browser's seat to a bot (see #seatTaken); or, for the away limit, from a person
   * whose seat this side gave to a bot, in a game this browser never had, once
   * that person has shown the signed setups that prove the game forks this table
   * (split.ts): links went down, each side took the other's seats, and both played
   * on. Either way the table split, and the desync alarm says so (naming no
   * entry's author: the split is no entry's doing).
   */
  wentOnWithout(game: string, member: string, peer: PeerId): void {
    const seg = this.#t.segment;
    if (!seg || game === seg.game) return;
    const taken = this.#taken;
    if (!taken || taken.game !== seg.game || member !== this.#t.host()) {
      return this.#splitFrom(seg, game, member, peer);
    }
    const detail = `the host plays on without seat ${taken.seats.join(', ')}, given to a bot while it was here`;
    this.#t.hashes.raise(seg, Math.max(0, seg.ledger.seq - 1), detail, false);
  }

  /**
   * `member` sat as a person earlier in this game and no longer does, and plays a
   * game this browser never had: its claim is asked after (split.ts). A browser
   * behind (one of this game's segments) or merely late to a new one (its begin
   * on the way) is no split, nor is one that cannot prove its game.
   */
  #splitFrom(seg: Segment, game: string, member: string, peer: PeerId): void {
    const segments = [...this.#t.past, seg];
    const person = (s: Segment) => s.setup.seats.some((x) => x.member === member && !x.bot);
    const known = segments.some((s) => s.game === game);
    if (known || person(seg) || !segments.some(person)) return this.splits.forget(member);
    this.splits.claim(seg, game, member, peer);
  }

  /**
   * A new game that seats nobody of this browser's, which missed its start (it was
   * away over more than one rematch; its host brings it this begin, Sync): taken
   * from the host or a person seated in it, as a newcomer takes the game in play.
   * One that follows this browser's own game waits for that game's end instead
   * (its host brings the entries first).
   */
  #missed(setup: TableSetup, from: string): boolean {
    const seg = this.#t.segment;
    if (!seg || purposeOf(setup, seg) !== 'rematch') return false;
    if (setup.seats.some((s) => s.member === this.#t.member)) return false;
    const sits = setup.seats.some((s) => s.member === from && s.bot === null);
    return (from === this.#t.host() || sits) && !follows(setup.nonce, seg.game);
  }

  parseSetupText(text: string): TableSetup | null {
    if (text.length > MAX_SETUP_LENGTH) {
      this.#t.drop(
        'BAD_SETUP',
        `a setup of ${text.length} characters (at most ${MAX_SETUP_LENGTH})`,
      );
      return null;
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      this.#t.drop('BAD_SETUP', 'not JSON');
      return null;
    }
    const setup = parseSetup(raw);
    if (!setup.ok) {
      this.#t.drop(setup.error.code, setup.error.detail);
      return null;
    }
    if (setup.value.room !== this.#t.room) {
      this.#t.drop('WRONG_ROOM', setup.value.room);
      return null;
    }
    return setup.value;
  }

  onAgree(game: string, agreement: Agreement): void {
    const p = this.#proposal;
    if (!p || p.game !== game) return;
    const checked = checkAgreement(p.setup, agreement);
    if (!checked.ok) return this.#t.drop(checked.error.code, checked.error.detail);
    p.agreements.set(agreement.seat, agreement);
    // A rematch is begun only by the host that offered it (one that has gone took it along).
    const othersOffer = this.rematches.offer() !== null && p.from !== this.#t.member;
    if (this.#t.isHost && !othersOffer && p.agreements.size === p.setup.seats.length) {
      const agreements = [...p.agreements.values()].sort((a, b) => a.seat - b.seat);
      this.#t.broadcast({ t: 'begin', setup: setupJson(p.setup), agreements });
      this.onBegin(setupJson(p.setup), agreements, this.#t.member);
    }
  }

  /**
   * Play under a setup every seat signed: taken only from the host (or from whoever
   * proposed what this browser signed, or a rematch relayed by a person seated in
   * it), and only when beginRefusal finds nothing.
   */
  onBegin(text: string, agreements: readonly Agreement[], from: string): void {
    const parsed = this.parseSetupText(text);
    if (!parsed) return;
    const game = gameId(parsed);
    const known = [...this.#t.past.map((s) => s.game), ...this.#finished];
    if (this.#t.segment?.game === game || known.includes(game)) return;
    const proposer = this.#proposal?.game === game ? this.#proposal.from : null;
    const host = this.#t.host();
    // A rematch may be relayed by a person who sits in it (its next host, to a browser
    // whose link was down over the end: Sync.onBeat); it is judged as the host's.
    const relayed =
      from !== host &&
      host !== null &&
      purposeOf(parsed, this.#t.segment) === 'rematch' &&
      parsed.seats.some((s) => s.member === from && s.bot === null);
    if (from !== host && from !== proposer && !relayed) {
      return this.#t.drop('NOT_HOST', `begin from ${from}, who is not the host`);
    }
    const by = relayed ? host : from;
    const refusal = this.#missed(parsed, from)
      ? null
      : this.beginRefusal(parsed, text, by, by === proposer ? by : null);
    if (refusal) {
      this.#seatTaken(parsed, from, refusal);
      return this.#t.drop(refusal.code, `begin from ${from}: ${refusal.detail}`);
    }
    const seg = openSegment(text, agreements, this.#t.room, this.#t.member, this.#t.keys);
    if (!seg.ok) return this.#t.drop(seg.error.code, seg.error.detail);
    const previous = this.#t.segment;
    const rematch = previous !== null && parsed.start === null;
    if (previous && rematch) {
      // A rematch: the finished game stays whole as it was (the history keeps it).
      this.#finished.push(...this.#t.past.map((s) => s.game), previous.game);
      this.#finished.splice(0, Math.max(0, this.#finished.length - MAX_FINISHED));
    } else if (previous) {
      this.#t.seats.closeAudit(previous);
    }
    this.#proposal = null;
    this.#t.beginSegment(seg.value, rematch);
    this.#t.event(
      'INFO',
      rematch
        ? 'a rematch: game on'
        : previous
          ? 'seats changed hands: the round is dealt afresh'
          : 'game on',
    );
    this.#t.changed();
    this.#t.schedulePump();
  }
}
