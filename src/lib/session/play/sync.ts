// Sync and hosting: heartbeats and state hashes compared within WINDOW, the log
// fetched from whoever is ahead (`want`, rate-limited) and given to whoever asks;
// a browser that may have forgotten or never seen entries others hold (rebuilt
// from storage, or new as host) catches up before it orders or signs; and a host
// that leaves a valid entry unordered is passed over.
// Of the core it touches only SyncCore (below): whom it waits for and whom it passed
// over are its own.
//
// The invariant catching up keeps: no browser orders or signs an entry for a
// position another seat's browser may already hold one for. A log saved a moment
// before a reload can lag what its browser ordered or signed; a new host can lag
// what its predecessor sent to a few. So such a browser first hears every other
// seat's browser tell a head no further than its own (after fetching what it
// lacks). An away one holds play up (the stall alarm names its seat) until it is
// back or its seat changes hands, which starts a new segment with no positions
// anyone holds; a guest is excused an away browser once a caught-up host, which
// holds every ordered entry, has told a head no further than its own. There is
// no deadline: a slow link is waited for, never forked from.
import type { PeerId } from '$lib/net';
import type { Core } from '../core';
import { setupJson } from '../setup';
import type { Segment } from './segment';
import { batches, WINDOW } from '../wire';

/** What sync may touch of the session's core (core.ts). */
export type SyncCore = Pick<
  Core,
  // who and where it is, and its clock
  | 'member'
  | 'timing'
  | 'now'
  // what it reads
  | 'segment'
  | 'past'
  | 'finished'
  | 'ended'
  | 'announced'
  | 'host'
  | 'isHost'
  | 'seatMembers'
  | 'present'
  | 'presence'
  | 'hashes'
  // what it changes (Core's named methods)
  | 'event'
  | 'drop'
  // what it hears
  | 'segmentStarted'
  // sending and telling
  | 'send'
  | 'broadcast'
  | 'wantAllowed'
  | 'schedulePump'
  // the other parts it calls
  | 'agreeing'
  | 'sequencer'
  | 'turns'
>;

export class Sync {
  readonly #t: SyncCore;
  /** Hosts that left a valid pending entry unordered: passed over, as if gone. */
  readonly #passedOver = new Set<string>();
  /** The host pending entries are waiting on, and since when this browser sees it host. */
  #judged: { host: string | null; at: number } = { host: null, at: 0 };
  /** The seats' browsers this browser waits to hear from before it orders or signs. */
  #syncing: Set<string> | null = null;
  /** Whether the host (another browser) said in its last beat that it is catching up. */
  #hostCatching = false;
  #hostSeen: string | null = null;
  /** The last `want` this browser sent each peer: asked again only after a beat. */
  readonly #asked = new Map<PeerId, { from: number; at: number }>();
  /** When this browser last brought each peer on from a game behind (#behind). */
  readonly #brought = new Map<PeerId, number>();
  /** When each peer was last told an end again (#retell). */
  readonly #retold = new Map<PeerId, number>();

  constructor(t: SyncCore) {
    this.#t = t;
    // A new segment has no positions anyone holds yet: nothing to catch up on.
    t.segmentStarted.on(() => {
      this.#syncing = null;
      this.#hostCatching = false;
    });
  }

  /** Hosts passed over for leaving a valid pending entry unordered. */
  get passedOver(): ReadonlySet<string> {
    return this.#passedOver;
  }

  /** The seats' browsers this browser waits to hear from before it orders or signs. */
  get syncing(): ReadonlySet<string> | null {
    return this.#syncing;
  }

  /**
   * The seats' browsers play waits for while a browser catches up: this one's own
   * wait, or, while the host says it catches up, the seats' browsers away from here.
   */
  awaited(): ReadonlySet<string> | null {
    if (this.#syncing) return this.#syncing;
    if (!this.#hostCatching || this.#t.isHost) return null;
    const away = this.#t.seatMembers().filter((m) => m !== this.#t.member && !this.#t.present(m));
    return away.length > 0 ? new Set(away) : null;
  }

  /** This browser was rebuilt from storage: its log may lag what it ordered or signed. */
  restored(): void {
    this.#catchUp();
  }

  /** A link closed: a new one to the same browser may be asked at once. */
  forgetLink(peer: PeerId): void {
    this.#asked.delete(peer);
    this.#brought.delete(peer);
    this.#retold.delete(peer);
  }

  /** Each beat: a censoring host is passed over, a new host is noticed. */
  tick(): void {
    this.passOver();
    this.hostCheck();
  }

  /** When the host changes to this browser, collect what the others hold before sequencing. */
  hostCheck(): void {
    const host = this.#t.host();
    if (host === this.#hostSeen) return;
    const was = this.#hostSeen;
    this.#hostSeen = host;
    if (was !== null)
      this.#t.event('INFO', `host is now ${this.#t.presence.get(host ?? '')?.name}`);
    if (host === this.#t.member && was !== null) this.#catchUp();
    this.#t.turns.resubmit();
    this.#t.schedulePump();
  }

  /**
   * Waits to hear every other seat's browser, away ones too (they may hold what
   * no one here does). Only the seats' browsers hold entries that count; a
   * watcher is not waited for.
   */
  #catchUp(): void {
    const seg = this.#t.segment;
    if (!seg) return;
    const others = [...new Set(this.#t.seatMembers())].filter((m) => m !== this.#t.member);
    if (others.length === 0) return;
    this.#syncing = new Set([...(this.#syncing ?? []), ...others]);
    this.#t.broadcast({ t: 'want', game: seg.game, from: seg.ledger.seq });
  }

  /** `member` told a head no further than this browser's: it holds nothing more. */
  #heard(member: string): void {
    if (!this.#syncing?.delete(member) || this.#syncing.size > 0) return;
    this.#syncing = null;
    this.#t.event('INFO', 'caught up with every seat');
    this.#t.schedulePump();
  }

  /**
   * A host that leaves a seat's valid entry unordered for the away limit, while
   * this browser has it pending, is passed over as if gone: the next member in
   * seat order sequences (it gets the entry from its author or from here).
   */
  passOver(): void {
    const seg = this.#t.segment;
    const host = this.#t.host();
    if (!seg || !host || host === this.#t.member) return;
    if (this.#t.hashes.desync || this.#t.ended) return;
    const now = this.#t.now();
    // Under a change of seats, or while the host catches up with an away seat's
    // browser (the stall alarm names that seat), the host orders nothing: the wait
    // starts again after it.
    if (this.#t.agreeing.proposal || this.awaited()) {
      this.#t.sequencer.restartWaits(now);
      return;
    }
    // A new host is not blamed for its predecessor's wait: it first catches up (up to
    // the away limit, hostCheck), then has the away limit to order what is pending.
    if (this.#judged.host !== host) this.#judged = { host, at: now };
    const from = this.#judged.at + this.#t.timing.awayMs;
    for (const [seat, p] of this.#t.sequencer.pending) {
      const waited = now - Math.max(p.since, from);
      if (p.seq !== seg.ledger.seq || waited <= this.#t.timing.awayMs) continue;
      this.#passedOver.add(host);
      this.#t.drop('CENSORED', `host ${host} left seat ${seat}'s entry ${p.seq} unordered`);
      this.#t.sequencer.restartWaits(now);
      this.hostCheck();
      return;
    }
  }

  /**
   * A heartbeat says how far the sender is: fetch what it has, or compare where we
   * both are (then it holds nothing more). A caught-up host at or behind this
   * browser's head excuses the away browsers this one waits for.
   */
  onBeat(
    member: string,
    peer: PeerId,
    beat: { game: string | null; seq: number; hash: string; catching: boolean; ended: boolean },
  ): void {
    const { game, seq, hash } = beat;
    const seg = this.#t.segment;
    if (!beat.ended) this.#retell(peer, game);
    if (seg && game !== null && game !== seg.game) {
      if (this.#behind(member, peer, game, seq)) return;
      this.#t.agreeing.wentOnWithout(game, member, peer);
    }
    if (!seg || game !== seg.game) return;
    const host = member === this.#t.host();
    if (host) this.#hostCatching = beat.catching;
    if (seq > seg.ledger.seq) return this.ask(peer, game, seg.ledger.seq);
    if (seq > 0) this.onHashes(member, game, seq - 1, [hash]);
    this.#heard(member);
    if (host && !beat.catching) {
      for (const m of this.#syncing ?? []) if (!this.#t.present(m)) this.#heard(m);
    }
  }

  /**
   * At the host, a beat in a game behind the one in play: a segment this game
   * left (a change of seats), or the game the last rematch finished (nobody beats
   * it now: that browser's link was down over the end). The host sends it the
   * entries it lacks, then the begin of what came next. A watcher on a game the
   * host never had (it missed more than one rematch) is sent the begin of the
   * game in play, which it takes as a newcomer would (Agreeing.onBegin). At most
   * once a beat, within its `want` budget, as if it had asked. Whether it was one.
   */
  #behind(member: string, peer: PeerId, game: string, seq: number): boolean {
    const seg = this.#t.segment;
    if (!seg || !this.#t.isHost) return false;
    const finished = this.#t.finished;
    const chain = [...(finished ? [finished] : []), ...this.#t.past, seg];
    const at = chain.findIndex((x) => x.game === game);
    const seated = chain.some((x) => x.setup.seats.some((s) => s.member === member));
    // A seat's browser on a game the host never had may be a split (wentOnWithout).
    if (at < 0 && seated) return false;
    if (!this.#onceABeat(this.#brought, peer)) return true;
    const left = chain[at];
    if (left && seq < left.ledger.seq) {
      if (this.#t.wantAllowed(peer, left.ledger.seq - seq)) this.#sendFrom(peer, left, seq);
      return true;
    }
    if (!this.#t.wantAllowed(peer, 0)) return true;
    const next = at < 0 ? (this.#t.past[0] ?? seg) : chain[at + 1]!;
    this.#t.send(peer, { t: 'begin', setup: setupJson(next.setup), agreements: next.agreements });
    return true;
  }

  /**
   * A browser still playing a game whose end this browser announced as its host
   * (its link was down when the `end` went out): told again, at most once a beat,
   * within its `want` budget. Its host, the one it takes an `end` from, is this
   * browser, even once a rematch moved hosting on.
   */
  #retell(peer: PeerId, game: string | null): void {
    const end = this.#t.announced;
    if (end === null || end.game !== game) return;
    if (!this.#onceABeat(this.#retold, peer)) return;
    if (this.#t.wantAllowed(peer, 0)) this.#t.send(peer, { t: 'end', game, reason: end.reason });
  }

  /** Whether `peer` was last answered (as `sent` keeps) a beat or more ago; if so, it is now. */
  #onceABeat(sent: Map<PeerId, number>, peer: PeerId): boolean {
    const now = this.#t.now();
    if (now - (sent.get(peer) ?? -Infinity) < this.#t.timing.beatMs) return false;
    sent.set(peer, now);
    return true;
  }

  /** Asks a peer for the entries from `from` on, once per beat for the same position. */
  ask(peer: PeerId, game: string, from: number): void {
    const last = this.#asked.get(peer);
    const now = this.#t.now();
    if (last?.from === from && now - last.at < this.#t.timing.beatMs) return;
    this.#asked.set(peer, { from, at: now });
    this.#t.send(peer, { t: 'want', game, from });
  }

  /** A member's state hashes: only those within the window around the head are kept. */
  onHashes(member: string, game: string, from: number, list: readonly string[]): void {
    const seg = this.#t.segment;
    if (!seg || game !== seg.game) return;
    const low = Math.max(from, seg.ledger.seq - WINDOW);
    const high = Math.min(from + list.length, seg.ledger.seq + WINDOW);
    if (low >= high) return this.#t.drop('OUT_OF_WINDOW', `hashes from ${from} from ${member}`);
    this.#t.hashes.received(seg, member, low, list.slice(low - from, high - from));
  }

  onWant(peer: PeerId, game: string, from: number): void {
    const seg = this.#t.segment;
    if (!seg || game !== seg.game) return;
    if (!this.#t.wantAllowed(peer, seg.ledger.log.length - from)) {
      return this.#t.drop('TOO_FREQUENT', `want from ${peer}`);
    }
    this.#sendFrom(peer, seg, from);
  }

  /** `seg`'s entries from `from` on, in batches under MAX_MESSAGE (one empty batch when there are none). */
  #sendFrom(peer: PeerId, seg: Segment, from: number): void {
    const { game } = seg;
    const list = seg.ledger.log.slice(from);
    const head = seg.ledger.seq;
    if (list.length === 0) {
      this.#t.send(peer, { t: 'entries', game, from, list: [], head });
      return;
    }
    let at = from;
    for (const batch of batches(list)) {
      this.#t.send(peer, { t: 'entries', game, from: at, list: batch, head });
      at += batch.length;
    }
  }

  onEntries(
    member: string,
    peer: PeerId,
    game: string,
    from: number,
    list: readonly string[],
    head: number,
  ): void {
    const seg = this.#t.segment;
    if (!seg || game !== seg.game) return;
    // Beyond the head, only the sequencer's entries are kept, and only within the window.
    const keep = member === this.#t.host();
    let dropped = 0;
    list.forEach((entry, i) => {
      const seq = from + i;
      if (seq === seg.ledger.seq) this.#t.sequencer.onEntry(member, peer, game, seq, entry, false);
      else if (seq > seg.ledger.seq && keep && seq <= seg.ledger.seq + WINDOW) {
        this.#t.sequencer.keepAhead(seq, entry);
      } else if (seq > seg.ledger.seq) dropped++;
    });
    if (dropped > 0) {
      this.#t.drop('OUT_OF_WINDOW', `${dropped} entries ahead of the log from ${member}`);
    }
    if (seg.ledger.seq >= head) this.#heard(member);
  }
}
