// A rematch: at game over the host offers the same table again as a new game (a
// fresh nonce, so a new game id, from the first deal), the first seat moved one
// to the left (C-3), under the same house rules or others the host chose. People
// keep their seats and keys (the keys are who they are at this table; every
// secret derived from them names the new game id), bots keep their names and
// levels with fresh keys, run by the host. A person whose browser has been
// silent for twice the away limit when the host offers, or before everyone
// accepted, is left out (the host offers again without them: a reload or a
// dropped link that comes back in time keeps the seat); options that cannot be
// dealt to the people left are refused by the setup's own check. Each person's
// browser signs only when its person accepts, and keeps that Accept (consent.ts)
// across a reload: an old signature is never taken for one. The host is the
// first seat's browser (presence.ts), so the new game is hosted, and its rematch offered, by
// whoever sits first now: hosting moves left with the seats. A rematch's nonce
// names the game it follows (rematchNonce), so no other setup — an old game
// begun again, whose deal every peer saw audited — passes for one. The offer travels
// as a `propose`, its signatures as `agree`, the game as `begin` (agreeing.ts,
// which keeps the finished game whole: the rematch starts a record of its own).
// Of the core it touches only RematchCore (below): the offer itself is Agreeing's, reached through
// its methods.
import { dues } from '$lib/protocol';
import { bytesEqual, fromBase64url, toBase64url } from '$lib/protocol/crypto/bytes';
import { taggedHash } from '$lib/protocol/crypto/hashing';
import type { Core } from '../core';
import { fail, ok, type SessionError, type SessionResult } from '../errors';
import type { Segment } from '../play/segment';
import { gameId, parseSetup, sameJson, type SeatSetup, type TableSetup } from '../setup';
import type { Agreeing, Proposal } from './agreeing';

/** Whether a game is over: played out with nothing owed (its last audit done), or ended by the host. */
export function gameDone(seg: Segment, ended: boolean): boolean {
  const table = seg.ledger.any;
  return ended || (table.view.phase === 'gameOver' && dues(table).length === 0);
}

/** The part of a rematch's nonce that names the finished game `after`. */
function followsPart(after: string): Uint8Array {
  return taggedHash('trainyard/rematch/v1', [after]).slice(0, 8);
}

/** A rematch's nonce (16 bytes): 8 naming the finished game `after`, then 8 of `fresh`. */
export function rematchNonce(after: string, fresh: Uint8Array): string {
  const nonce = new Uint8Array(16);
  nonce.set(followsPart(after));
  nonce.set(fresh.slice(0, 8), 8);
  return toBase64url(nonce);
}

/** Whether `nonce` is one of a rematch of the game `after`. */
export function follows(nonce: string, after: string): boolean {
  const bytes = fromBase64url(nonce, 16);
  return bytes !== null && bytesEqual(bytes.slice(0, 8), followsPart(after));
}

/** The seats of the last game, the first seat moved one to the left: seat 1 first. */
export function rotated(seats: readonly SeatSetup[]): SeatSetup[] {
  return seats.map((_, i) => seats[(i + 1) % seats.length]!);
}

/**
 * Whether `next` is `expected` with some people left out: the same people in the
 * same order, each as they were, and each bot under its name and level, run by
 * `host` (its key is fresh). Bots are never left out (the host runs them).
 */
function keepsTable(
  expected: readonly SeatSetup[],
  next: readonly SeatSetup[],
  host: string,
): string | null {
  let j = 0;
  for (const [i, seat] of next.entries()) {
    while (j < expected.length && expected[j]!.bot === null && !sameJson(expected[j], seat)) j++;
    const was = expected[j];
    if (!was) return `seat ${i} is nobody's seat in the last game, in this order`;
    if (was.bot === null && !sameJson(was, seat)) return `seat ${i} changes hands`;
    if (was.bot !== null) {
      if (seat.bot !== was.bot || seat.name !== was.name || seat.member !== host) {
        return `seat ${i} is not the last game's bot ${was.name}, run by the host`;
      }
    }
    j++;
  }
  return null;
}

/**
 * Why this browser will not take `setup` from `from` as a rematch of `seg`, or null.
 * Only the host's, only once the game is over here (START_MISMATCH: this browser
 * may be behind), same variant and clock, the
 * same seats moved one to the left with only people left out, its nonce naming
 * this game (else an old game could be begun again: a watcher, or a browser that
 * reloaded, no longer knows which it finished). A seated browser also needs its
 * person's Accept of this very rematch (Agreeing.beginRefusal). While
 * an offer of the same host is fresh, only that offer with more people left out
 * replaces it (so offers from one host are bounded by the seats); once it has
 * waited a while (a host that reloaded has lost it) a new one may.
 */
export function rematchRefusal(
  setup: TableSetup,
  from: string,
  host: string | null,
  seg: Segment,
  ended: boolean,
  pending: { readonly setup: TableSetup; readonly from: string; readonly fresh: boolean } | null,
): SessionError | null {
  if (from !== host) return { code: 'NOT_HOST', detail: `rematch from ${from}, not the host` };
  // This browser may only be behind the host: the offer is judged again as it catches up.
  if (!gameDone(seg, ended)) return { code: 'START_MISMATCH', detail: 'the game is not over here' };
  const cur = seg.setup;
  // House rules may change (parseSetup checked them for these seats; the person sees them).
  if (setup.variant !== cur.variant || setup.turnClock !== cur.turnClock) {
    return { code: 'BAD_SETUP', detail: 'a rematch changes the variant or the turn clock' };
  }
  const changed = keepsTable(rotated(cur.seats), setup.seats, from);
  if (changed) return { code: 'NOT_DUE', detail: `a rematch: ${changed}` };
  if (pending?.fresh && pending.from === host) {
    const fewer =
      setup.seats.length < pending.setup.seats.length &&
      sameJson(setup.options, pending.setup.options) &&
      setup.seats.every((s) => pending.setup.seats.some((p) => sameJson(p, s)));
    if (!fewer) return { code: 'NOT_NOW', detail: 'a rematch offer is already pending' };
  }
  if (!follows(setup.nonce, seg.game)) {
    return {
      code: 'WRONG_GAME',
      detail: 'its nonce names another game: not a rematch of this one',
    };
  }
  return null;
}

/** What rematches may touch of the session's core (core.ts). */
export type RematchCore = Pick<
  Core,
  // who and where it is, and its clock
  | 'room'
  | 'member'
  | 'timing'
  | 'random'
  | 'now'
  // what it reads
  | 'segment'
  | 'ended'
  | 'isHost'
  | 'host'
  | 'present'
  | 'presence'
  // what it changes (Core's named methods)
  | 'newKeys'
  | 'event'
  | 'drop'
  // sending and telling
  | 'changed'
>;

/** The rematch offers of one session: the host's side and each person's. */
export class Rematches {
  readonly #t: RematchCore;
  readonly #a: Agreeing;

  constructor(t: RematchCore, a: Agreeing) {
    this.#t = t;
    this.#a = a;
  }

  /** A proposal of a new game while one is on (start: null): a rematch offer. */
  offer(): Proposal | null {
    const p = this.#a.proposal;
    return p && p.setup.start === null && this.#t.segment ? p : null;
  }

  /** The rematch the host offers now, if any. */
  current(): Proposal | null {
    const p = this.offer();
    return p && p.from === this.#t.host() ? p : null;
  }

  /**
   * The host offers the finished game again, under the same house rules or
   * `options` (checked whole, for the seats offered): its own seats sign at once.
   */
  propose(options?: Readonly<Record<string, number>>): SessionResult<string> {
    const seg = this.#t.segment;
    if (!this.#t.isHost) return fail('NOT_HOST', 'only the host offers a rematch');
    if (!seg || !gameDone(seg, this.#t.ended !== null)) {
      return fail('NOT_NOW', 'a rematch is offered once the game is over');
    }
    const pending = this.current();
    if (pending?.from === this.#t.member) {
      return options === undefined || sameJson(options, pending.setup.options)
        ? ok(pending.game)
        : fail('NOT_NOW', 'a rematch is already offered under other house rules');
    }
    const seats = rotated(seg.setup.seats).map((s) =>
      s.bot === null ? s : { ...s, key: this.#t.newKeys().publicKey, member: this.#t.member },
    );
    return this.#offerSeats(seg, seats, options ?? seg.setup.options);
  }

  /** Offers `seats` without the people who are away; a table that cannot be dealt is refused. */
  #offerSeats(
    seg: Segment,
    seats: readonly SeatSetup[],
    options: Readonly<Record<string, number>>,
  ): SessionResult<string> {
    const here = seats.filter((s) => s.bot !== null || !this.#gone(s.member));
    const setup = parseSetup({
      room: this.#t.room,
      variant: seg.setup.variant,
      options,
      ...(seg.setup.turnClock === undefined ? {} : { turnClock: seg.setup.turnClock }),
      seats: here,
      nonce: rematchNonce(seg.game, this.#t.random(8)),
      start: null,
    });
    if (!setup.ok) {
      const { code, detail, rule } = setup.error;
      return fail(code, `no rematch for the ${here.length} seats here: ${detail}`, rule);
    }
    this.#a.propose(setup.value);
    return ok(gameId(setup.value));
  }

  /**
   * A person left out of a rematch: away and silent for twice the away limit (a
   * reload or a dropped link that comes back in time keeps the seat).
   */
  #gone(member: string): boolean {
    if (this.#t.present(member)) return false;
    const heard = this.#t.presence.get(member)?.lastHeard ?? -Infinity;
    return this.#t.now() - heard > 2 * this.#t.timing.awayMs;
  }

  /** This browser's person accepts the rematch offered: its seats sign it. */
  accept(game: string): SessionResult<string> {
    const p = this.current();
    if (!p) return fail('NOT_NOW', 'no rematch is offered');
    // The offer the person saw: the host may have offered another since (other house rules).
    if (p.game !== game)
      return fail('NOT_NOW', 'the rematch offered has changed: look at it again');
    if (!p.setup.seats.some((s) => s.member === this.#t.member)) {
      return fail('NOT_NOW', 'the rematch offered has no seat for this browser');
    }
    if (!this.#a.consented(p.game, 'rematch')) this.#a.signLocal(p.setup, 'rematch');
    this.#t.changed();
    return ok(p.game);
  }

  /**
   * Each beat, at the host that offered a rematch: a person who went away (or
   * left) is left out, and the rest are asked again; or the offer is withdrawn,
   * saying why, when the people left cannot be dealt to.
   */
  tick(): void {
    const p = this.current();
    const seg = this.#t.segment;
    if (!p || !seg || p.from !== this.#t.member || !this.#t.isHost) return;
    const gone = p.setup.seats.filter((s) => s.bot === null && this.#gone(s.member));
    if (gone.length === 0) return;
    this.#a.withdraw();
    const again = this.#offerSeats(seg, p.setup.seats, p.setup.options);
    const who = gone.map((s) => s.name).join(', ');
    if (again.ok) this.#t.event('INFO', `${who} left: the rematch is offered without them`);
    else this.#t.event(again.error.code, `${who} left: ${again.error.detail}`);
    this.#t.changed();
  }

  /** Why this browser will not hold a rematch offered by `from` (rematchRefusal), or null. */
  offerRefusal(setup: TableSetup, from: string, seg: Segment): SessionError | null {
    const ended = this.#t.ended !== null;
    const p = this.current();
    const pending = p && { ...p, fresh: this.#t.now() - p.at < 2 * this.#t.timing.awayMs };
    return rematchRefusal(setup, from, this.#t.host(), seg, ended, pending);
  }

  /** A rematch offer judged acceptable: kept to show its person, signed only when they accept. */
  hold(setup: TableSetup, game: string, from: string): void {
    this.#a.holdOffer(setup, game, from);
    this.#t.event('INFO', 'the host offers a rematch');
    this.#t.changed();
  }
}
