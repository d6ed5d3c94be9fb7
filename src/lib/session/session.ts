// One browser at one table, over any Transport.
//
// Trust. A member id is a claim until the link it comes on proves the member's
// key (a challenge from each side, a hello signed over both: links.ts); a member
// seated in a signed setup is known only by its seat key, and a link speaks for
// one member. Every message is dropped, with a reason in the event log, unless
// its sender may send it (each kind's sender and checks are written on it in
// wire.ts); what changes the game is checked against this browser's own log.
// Bounds come from windows around the log head (WINDOW: entries beyond the head
// only from the sequencer, state hashes, round readiness) and from rate limits
// per proven member, kept after its link closes (every message; `want`, which
// may cost the whole log, much tighter: peers/budgets.ts; challenges per link),
// not from trust. The transport caps each link's send
// queue, relayed offers and control frames (net/).
//
// Hosting. The host is the first present member in seat order that this browser
// has not passed over; it orders only while most of the seats' browsers name it
// (the quorum). A guest whose entry the host leaves unordered sends it to every
// seat; a host that leaves a valid pending entry unordered for the away limit is
// passed over as if gone (CENSORED).
//
// Signatures. A seat's signature on a setup is its consent to one game, for one
// purpose, at one moment — never a pass. This browser keeps what it signed and
// why (lobby/consent.ts) and at `begin` judges the setup again as things stand
// then, seated or not (Agreeing.beginRefusal). The invariants, each a named check:
//   - a first game only in the lobby, from the host, with no start, as drawn up
//     in the draft this browser was shown, and only the last one signed
//     (Agreeing.firstRefusal, Consents.give);
//   - a change of seats only while one is due, from a start equal to this
//     browser's own ledger, at most MAX_SEGMENTS a game (Agreeing.changeRefusal,
//     setup.ts startMismatch); its consent lapses with the proposal;
//   - a rematch only on the person's Accept, for the game just finished
//     (rematch.ts rematchRefusal; the Accept is kept across a reload);
//   - a consent counts only for its own purpose and game (Consents.find);
//   - the record verifier refuses a first segment with a start (STARTS_MIDWAY)
//     and a later one that does not go on where the one before stopped;
//   - what play takes the store keeps: one setup size (limits.ts), and a start's
//     view rebuilt from the engine's fields (setup.ts parseSetup).
// Tests: tests/session/attack-agreement.test.ts, attack-rematch, attack-seats,
// tests/record/segments.test.ts.
//
// The API the table UI uses:
//
//   const s = await hostTable({ transport, room, member, name });   // or joinTable({..., contact})
//   s.subscribe((snap) => …);  s.snapshot            // SessionSnapshot (snapshot.ts)
//   lobby (host):  s.setVariant(id) · s.setOption(key, n) · s.addBot(level) · s.addPlayer(name)
//                  s.removeSeat(n) · s.moveSeat(from, to) · s.start()
//   anyone:        s.rename(name)
//   playing:       s.move(seat, move)       // a local seat's move; 'choose' sets its E-2 choice
//                  s.setAutoplay(seat, level | null) · s.ready(seat) · s.hint(seat)
//   anyone at the game: s.react(id)   // a quick phrase or emoji (REACTIONS) for everyone
//   host:          s.allowWatcherReactions(allow)  // in the lobby or at the table
//   alarms (host): s.resolveStall('bot' | 'end')   // or keep waiting
//   game over:     s.proposeRematch() (host) · s.acceptRematch(game)   // a new game, same table
//   members (host): s.removeMember(member)          // one holding no seat in the game
//   s.close()
//
// Every intent returns a SessionResult: refused intents change nothing and say why.
//
// How it works. The host (the first present member in seat order) sequences: a
// browser signs the entry it owes at the head of its log and sends it to the
// host; the host applies the first entry for each position and broadcasts it;
// an entry built on an older head is stale and its author signs it again at the
// new head (bodies are kept, so only the signature is redone). Every browser
// verifies and applies each entry with the protocol's reducer and sends its
// state hash after it to everyone; differing hashes raise the desync alarm and
// stop play. Entries are self-certifying (signed, chained), so any browser can
// supply missing ones; when the host goes silent (or is passed over) the next
// member in seat order collects what the seats' browsers hold (waiting at most the
// away limit) and sequences on.
//
// The parts. session.ts (this file) is the API, the clock (#tick: a heartbeat,
// then each part's own beat) and the one receive: rate limit, parse, the link's
// proven member, who may send the kind (#senderRefusal), then the part that reads it. core.ts holds what every part
// shares (the game's segments, the draft, keys, presence, sending), changed only
// through its named methods; each part sees only the narrow view of it declared
// beside its class (a Pick of Core), keeps its own state private behind methods
// and never writes another's; a segment's start and each applied entry are events
// (core.segmentStarted, core.progressed) the parts that hold something of them
// subscribe to. peers/: links.ts (each link's challenge), identity.ts (hellos, keys,
// removed members, relayed offers' proofs), presence.ts (who is here, who hosts).
// lobby/: lobby.ts (the draft and who is at the table), agreeing.ts (proposals,
// agreements, begin; changes of seats checked against the own ledger), rematch.ts
// (a new game offered at game over, signed on each person's accept), split.ts (the
// signed setups a table split is named on). play/:
// sequencer.ts (ordering and applying entries, refusals, equivocations), sync.ts
// (heartbeats, hashes, want/entries, hand-over and passing over a host), seats.ts
// (readiness, stalls, seats handed back, newcomers, the end), turns.ts (this
// browser's own moves and entries), reactions.ts (quick phrases and emoji), with segment.ts, ledger.ts, hash-check.ts,
// own-entries.ts and session-view.ts beneath them. wire.ts lists the messages and
// who may send each; setup.ts the signed setups, agreements and hellos.
//
// Beside the session: store/ (what a browser keeps: tables, records, lobbies),
// worker/ (a session in a Web Worker and the bridge to it), tables/ (the kinds of
// table: local, online over PeerJS, paired by hand, and the client the UI holds).
import type { BotLevel } from '$lib/bots';
import type { Move, Seat, VariantId } from '$lib/engine';
import type { PeerId, Transport } from '$lib/net';
import { equivocation } from '$lib/protocol';
import { Core, type SessionOptions, type SessionTiming } from './core';
import { fail, ok, type SessionError, type SessionResult } from './errors';
import type { Ledger } from './play/ledger';
import { logFull, openSegment, replay, type SeatKeys, type Segment } from './play/segment';
import { tableView } from './play/session-view';
import { type Agreement, setupJson, type TableSetup } from './setup';
import type { RematchView, SessionSnapshot } from './snapshot';
import { parseWire, type Wire } from './wire';

export {
  DEFAULT_TIMING,
  type SessionOptions,
  type SessionTimers,
  type SessionTiming,
} from './core';

/** Two signed entries one seat made for one position of a segment's log. */
export interface EquivocationEvidence {
  readonly seat: Seat;
  readonly seq: number;
  readonly entries: readonly [string, string];
}

/** One setup's part of a game's record. */
export interface RecordSegment {
  readonly setup: string;
  readonly game: string;
  readonly agreements: readonly Agreement[];
  readonly log: readonly string[];
  /** Equivocations seen in this segment, each with both signed entries. */
  readonly evidence?: readonly EquivocationEvidence[];
}

/** A seat's keys as stored: which seat of the current game, and whether it is the person's. */
export interface RestoredKeys extends SeatKeys {
  /** The segment the keys sat in, when not the current one (a person whose seat went to a bot). */
  readonly game?: string;
  readonly seat?: Seat;
  readonly person?: boolean;
  readonly autoplay?: BotLevel | null;
  /** The entry this seat signed for the head that the log does not hold yet. */
  readonly pending?: string;
}

export class Session {
  readonly room: string;
  readonly member: string;
  readonly transport: Transport;
  readonly timing: SessionTiming;
  /** Messages handled and dropped, by code (for tests and the bench). */
  readonly stats: Core['stats'];
  readonly #t: Core;
  readonly #listeners = new Set<(s: SessionSnapshot) => void>();
  readonly #unsubscribe: (() => void)[] = [];
  #timer: unknown = null;

  constructor(options: SessionOptions, host: boolean) {
    const { keep } = options;
    const t = new Core(
      options,
      host,
      () => {
        options.onChange?.(this);
        if (this.#listeners.size === 0) return;
        const snap = this.snapshot;
        for (const l of this.#listeners) l(snap);
      },
      keep ? () => keep(this) : null,
    );
    this.#t = t;
    this.room = t.room;
    this.member = t.member;
    this.transport = t.transport;
    this.timing = t.timing;
    this.stats = t.stats;
    this.#unsubscribe.push(
      this.transport.onMessage((from, data) => this.#receive(from, data)),
      this.transport.onOpen((peer) => t.identity.opened(peer)),
      this.transport.onClose((peer) => t.identity.linkClosed(peer)),
      this.transport.guardOffers?.(t.identity.offerGuard()) ?? (() => {}),
    );
    // Links the transport had before this session (a page's, for its worker) need the handshake too.
    for (const peer of this.transport.peers()) t.identity.opened(peer);
    this.#timer = t.timers.setInterval(() => this.#tick(), this.timing.beatMs);
  }

  // ---- reading ----

  get name(): string {
    return this.#t.name;
  }

  get isHost(): boolean {
    return this.#t.host() === this.member;
  }

  get ledger(): Ledger | null {
    return this.#t.segment?.ledger ?? null;
  }

  /** Every segment of the game so far (a new one starts when seats change hands). */
  segments(): readonly {
    setup: TableSetup;
    game: string;
    agreements: readonly Agreement[];
    log: readonly string[];
  }[] {
    const all = [...this.#t.past, ...(this.#t.segment ? [this.#t.segment] : [])];
    return all.map((s) => ({
      setup: s.setup,
      game: s.game,
      agreements: s.agreements,
      log: s.ledger.log,
    }));
  }

  /** The signed game so far, as a record's segments: each setup's text, agreements and log. */
  record(): SessionResult<{ room: string; segments: readonly RecordSegment[] }> {
    const segments = this.segments().map((s): RecordSegment => {
      const evidence = this.#t.sequencer.equivocations
        .filter((e) => e.game === s.game)
        .map(({ seat, seq, entries }) => ({ seat, seq, entries }));
      return {
        setup: setupJson(s.setup),
        game: s.game,
        agreements: s.agreements,
        log: [...s.log],
        ...(evidence.length > 0 ? { evidence } : {}),
      };
    });
    return ok({ room: this.room, segments });
  }

  subscribe(listener: (s: SessionSnapshot) => void): () => void {
    this.#listeners.add(listener);
    listener(this.snapshot);
    return () => this.#listeners.delete(listener);
  }

  get snapshot(): SessionSnapshot {
    const host = this.#t.host();
    const seg = this.#t.segment;
    const setup = seg?.setup;
    const seats = setup?.seats ?? this.#t.draft.seats;
    const clock = seg ? setup?.turnClock : this.#t.draft.turnClock;
    const pending = seg ? this.#t.own.pendingSeats(seg) : [];
    const newcomers = [...this.#t.seats.newcomers].filter(
      (m) => !seats.some((s) => s.member === m),
    );
    return {
      room: this.room,
      me: this.member,
      phase: this.#t.phase,
      isHost: host === this.member,
      host,
      members: this.#t.presence.order.map((m) => ({
        member: m,
        name: this.#t.presence.get(m)?.name ?? '',
        me: m === this.member,
        host: m === host,
        present: this.#t.present(m),
      })),
      seats: seats.map((s, seat) => ({
        ...s,
        seat,
        local: s.member === this.member,
        present: this.#t.present(s.member),
      })),
      variant: setup?.variant ?? (this.#t.draft.variant as VariantId),
      options: setup?.options ?? this.#t.lobby.draftOptions(),
      table: seg
        ? tableView(seg, this.#t.past, this.#t.seats.closing, this.#t.betweenRounds(seg))
        : null,
      desync: this.#t.hashes.desync,
      stall: this.#t.seats.stall,
      ...(clock === undefined ? {} : { clockSeconds: clock }),
      ...(setup?.turnClock === undefined ? {} : { turnClock: this.#t.turns.clockView() }),
      ...(newcomers.length > 0 ? { newcomers } : {}),
      ...(pending.length > 0 ? { pending } : {}),
      refusals: [...this.#t.sequencer.refusals],
      equivocations: [...this.#t.sequencer.equivocations],
      ended: this.#t.ended,
      ...this.#rematchView(),
      events: [...this.#t.events],
      reactions: this.#t.reactions.view(),
      watchersReact: this.#t.reactions.watchers,
    };
  }

  #rematchView(): { rematch?: RematchView } {
    const p = this.#t.agreeing.rematches.current();
    if (!p) return {};
    const seated = p.setup.seats.some((s) => s.member === this.member);
    return {
      rematch: {
        from: p.from,
        game: p.game,
        seats: p.setup.seats,
        options: p.setup.options,
        accepted: p.setup.seats.map((_, seat) => p.agreements.has(seat)),
        seated,
        acceptedHere: seated && this.#t.agreeing.consented(p.game, 'rematch'),
      },
    };
  }

  // ---- intents (each part checks its own) ----

  setVariant(variant: VariantId): SessionResult<true> {
    return this.#t.lobby.setVariant(variant);
  }

  setOption(key: string, value: number): SessionResult<true> {
    return this.#t.lobby.setOption(key, value);
  }

  /** Seconds per turn (30, 60, 120), or 0 for none: a run-out turn is the medium bot's. */
  setTurnClock(seconds: number): SessionResult<true> {
    return this.#t.lobby.setTurnClock(seconds);
  }

  addBot(level: BotLevel, name?: string): SessionResult<Seat> {
    return this.#t.lobby.addBot(level, name);
  }

  /** Another person playing on this browser (pass-and-play). */
  addPlayer(name: string): SessionResult<Seat> {
    return this.#t.lobby.addPlayer(name);
  }

  removeSeat(seat: Seat): SessionResult<true> {
    return this.#t.lobby.removeSeat(seat);
  }

  moveSeat(from: Seat, to: Seat): SessionResult<true> {
    return this.#t.lobby.moveSeat(from, to);
  }

  rename(name: string): SessionResult<true> {
    return this.#t.lobby.rename(name);
  }

  /** The host proposes the lobby's setup; play begins once every seat has signed it. */
  start(): SessionResult<string> {
    return this.#t.lobby.start();
  }

  move(seat: Seat, move: Move): SessionResult<true> {
    return this.#t.turns.move(seat, move);
  }

  setAutoplay(seat: Seat, level: BotLevel | null): SessionResult<true> {
    return this.#t.turns.setAutoplay(seat, level);
  }

  /** A seat is ready for the next round. */
  ready(seat: Seat): SessionResult<true> {
    return this.#t.seats.ready(seat);
  }

  /** The hard bot's move for a local seat to act. */
  hint(seat: Seat): SessionResult<Move> {
    return this.#t.turns.hint(seat);
  }

  /**
   * The host offers the finished game again: the same people, bots and house
   * rules (or `options`), as a new game with the first seat moved one to the
   * left (lobby/rematch.ts).
   */
  proposeRematch(options?: Readonly<Record<string, number>>): SessionResult<string> {
    return this.#t.agreeing.rematches.propose(options);
  }

  /** This browser's person accepts the rematch offered as `game` (nothing is signed without it). */
  acceptRematch(game: string): SessionResult<string> {
    return this.#t.agreeing.rematches.accept(game);
  }

  /** The host's answer to a stall: a bot takes the stalled seats from a fresh deal, or the game ends. */
  resolveStall(action: 'bot' | 'end'): SessionResult<true> {
    return this.#t.seats.resolveStall(action);
  }

  /**
   * The host seats a browser that came after the start at the next round's deal,
   * where the rules allow it (TT-9: it starts at the highest total).
   */
  seatNewcomer(member: string): SessionResult<true> {
    return this.#t.seats.seatNewcomer(member);
  }

  /** This browser's person reacts (one of REACTIONS): shown at every browser of the table. */
  react(reaction: string): SessionResult<true> {
    return this.#t.reactions.react(reaction);
  }

  /** The host lets watchers (members without a seat) react, or stops them. */
  allowWatcherReactions(allow: boolean): SessionResult<true> {
    return this.#t.reactions.allowWatchers(allow);
  }

  /** Links to another browser at the table (the invite's contact, or a member met later). */
  link(peer: PeerId): Promise<SessionResult<true>> {
    return this.#t.identity.link(peer);
  }

  /**
   * The host removes a member that holds no seat in the signed game (in the lobby,
   * its seats go too): its link is dropped and its hellos are refused from now on.
   */
  removeMember(member: string): SessionResult<true> {
    return this.#t.identity.removeMember(member);
  }

  // ---- closing, resuming, the clock and the wire ----

  close(): void {
    if (this.#t.closed) return;
    this.#t.close();
    if (this.#timer !== null) this.#t.timers.clearInterval(this.#timer);
    for (const u of this.#unsubscribe) u();
    this.#listeners.clear();
  }

  /**
   * Rebuilds the game from stored segments and this browser's seat keys (its
   * person's key first); a record that does not verify is refused and changes nothing.
   */
  restore(
    stored: readonly {
      setup: string;
      agreements: readonly Agreement[];
      log: readonly string[];
      evidence?: readonly EquivocationEvidence[];
    }[],
    keys: readonly RestoredKeys[],
    accepted: readonly { game: string; after: string }[] = [],
  ): SessionResult<true> {
    if (this.#t.segment || this.#t.phase !== 'lobby') return fail('NOT_NOW', 'already at a table');
    // The stored keys join this browser's only once the whole record verifies.
    const keyring = new Map(this.#t.keys);
    for (const k of keys) keyring.set(k.publicKey, k);
    const built: Segment[] = [];
    for (const s of stored) {
      const seg = openSegment(s.setup, s.agreements, this.room, this.member, keyring);
      const bad = !seg.ok ? seg : replay(seg.value.ledger, s.log);
      if (!bad.ok) return bad;
      if (seg.ok) built.push(seg.value);
    }
    // Stored equivocations are kept only as far as they still prove themselves.
    stored.forEach((s, i) => {
      const seg = built[i];
      if (!seg) return;
      for (const e of s.evidence ?? []) {
        const proof = equivocation(seg.ledger.any.head, e.entries[0], e.entries[1]);
        if (proof.ok && proof.value.seat === e.seat && proof.value.seq === e.seq) {
          this.#t.sequencer.restoreEquivocation({
            game: seg.game,
            seq: e.seq,
            seat: e.seat,
            entries: e.entries,
          });
        }
      }
    });
    const last = built.pop();
    if (!last) return fail('BAD_SETUP', 'nothing stored');
    const person = keys.find((k) => k.person);
    this.#t.resume(built, last, keys, person);
    this.#t.sync.restored();
    for (const k of keys) {
      // One entry per seat per position, across the reload too: never signed over.
      if (k.pending !== undefined && k.seat !== undefined) {
        this.#t.own.restore(last, k.seat, k.pending);
      }
    }
    // The rematches its person accepted before the reload: an Accept is kept, not asked twice.
    for (const a of accepted) {
      this.#t.agreeing.signed.give({ ...a, purpose: 'rematch', at: this.#t.now() });
    }
    if (logFull(last) && last.ledger.any.view.phase !== 'gameOver') {
      this.#t.seats.end('LOG_FULL: the game has as many entries as a table keeps; play ends');
    }
    this.#t.changed();
    this.#t.schedulePump();
    return ok(true);
  }

  /** The rematches this browser's person accepted, to store. */
  acceptedRematches(): { game: string; after: string }[] {
    return this.#t.agreeing.signed.accepted();
  }

  /**
   * This browser's seat keys in the current game, to store; and its person's
   * wherever they last sat, if a bot plays their seat now, or a watcher's: the key
   * is who they are at this table (their hello is taken, their seat handed back:
   * seats.ts).
   */
  storedKeys(): RestoredKeys[] {
    const seg = this.#t.segment;
    if (!seg) return [];
    const kept = this.#seatKeys(seg);
    if (kept.some((k) => k.person)) return kept;
    const person = this.#t.personKey;
    const sat = [...this.#t.past, seg]
      .flatMap((s) =>
        s.setup.seats.flatMap((x, seat) =>
          x.key === person.publicKey && x.member === this.member ? [{ game: s.game, seat }] : [],
        ),
      )
      .at(-1);
    // A watcher (its person never sat here) keeps its key too: the browsers that know
    // it by that key take nobody else under its id, so with a fresh one it would be
    // refused by them after a reload.
    if (!sat) return kept.length > 0 ? kept : [{ ...person, person: true, autoplay: null }];
    const autoplay = this.#t.autoplay.get(person.publicKey) ?? null;
    return [...kept, { ...person, ...sat, person: true, autoplay }];
  }

  #seatKeys(seg: Segment): RestoredKeys[] {
    return seg.setup.seats.flatMap((s, seat) => {
      const k = this.#t.keys.get(s.key);
      if (!k || s.member !== this.member) return [];
      const rt = seg.seats.get(seat);
      const pending = this.#t.own.pending(seg, seat);
      return [
        {
          ...k,
          seat,
          person: k === this.#t.personKey,
          autoplay: rt?.autoplay ?? null,
          ...(pending === null ? {} : { pending }),
        },
      ];
    });
  }

  /** Each beat: a heartbeat out, lost links tried again, and each part's timers. */
  #tick(): void {
    const t = this.#t;
    if (t.closed) return;
    const seq = t.segment?.ledger.seq ?? 0;
    const hash = t.segment?.ledger.hash ?? '';
    const catching = t.sync.syncing !== null;
    const ended = t.ended !== null;
    const game = t.segment?.game ?? null;
    t.broadcast({ t: 'beat', game, seq, hash, host: t.host(), catching, ended });
    // links to members we know but lost: try again
    for (const [m, info] of t.presence.members()) {
      if (m !== this.member && info.peer && !this.transport.peers().includes(info.peer)) {
        if (this.member < m) void this.transport.connect(info.peer);
      }
    }
    t.sync.tick();
    t.seats.tick();
    t.agreeing.tick();
    t.turns.tick(seq);
    t.turns.clock();
    t.changed();
  }

  #receive(peer: PeerId, data: unknown): void {
    if (this.#t.closed) return;
    this.#t.count('received');
    if (!this.#t.allowed(peer)) return this.#t.drop('TOO_FREQUENT', `from ${peer}`);
    const parsed = parseWire(data);
    if (!parsed.ok) return this.#t.drop(parsed.error.code, `${parsed.error.detail} from ${peer}`);
    const message = parsed.value;
    if (message.t === 'challenge') return this.#t.identity.onChallenge(peer, message);
    if (message.t === 'hello') return this.#t.identity.onHello(peer, message);
    const member = this.#t.presence.memberOf(peer);
    if (!member) return this.#t.drop('UNKNOWN_PEER', `${message.t} from ${peer} before hello`);
    this.#t.presence.heard(member);
    try {
      this.#handle(member, peer, message);
    } catch (error) {
      // A bug must not take the table down: name it and go on.
      this.#t.drop('MALFORMED_MESSAGE', `${message.t}: ${String(error)}`);
    }
    this.#t.changed();
  }

  /**
   * Who may send each kind: the one place a message's sender is checked before its
   * part reads it (what it says is checked there: wire.ts, on each kind). Two
   * checks need what the message says and stay with their part: a `begin` may
   * also come from whoever proposed what this browser signed (agreeing.ts), and
   * an `entry` beyond the head only from the host (sequencer.ts).
   */
  #senderRefusal(member: string, m: Wire): SessionError | null {
    const host = this.#t.host();
    const notHost = (detail: string): SessionError | null =>
      member === host ? null : { code: 'NOT_HOST', detail };
    switch (m.t) {
      case 'lobby':
        // A newcomer takes the first lobby, from whichever member it met first.
        return this.#t.admitted() ? notHost(`lobby from ${member}`) : null;
      case 'propose':
        return notHost(`change of seats from ${member}: ${member} is not the host`);
      case 'refused':
        return notHost(`refusal from ${member}, who is not the host`);
      case 'end':
        // From the host, for the current game.
        return m.game === this.#t.segment?.game
          ? notHost(`end from ${member}`)
          : { code: 'NOT_HOST', detail: `end of another game from ${member}` };
      case 'react':
        // A seat's browser, or a watcher the host lets react; at most a few (reactions.ts).
        return this.#t.reactions.refusal(member, m.game);
      case 'shown':
        // Only the setup this browser asked that member for (lobby/split.ts).
        return this.#t.agreeing.splits.awaits(member, m.game)
          ? null
          : { code: 'NOT_ALLOWED', detail: `a setup from ${member} that was not asked for` };
      case 'ready': {
        const plays = this.#t.segment?.setup.seats[m.seat]?.member === member;
        return plays
          ? null
          : { code: 'UNKNOWN_PEER', detail: `ready for seat ${m.seat} from ${member}` };
      }
      default:
        return null;
    }
  }

  #handle(member: string, peer: PeerId, m: Wire): void {
    const refusal = this.#senderRefusal(member, m);
    if (refusal) return this.#t.drop(refusal.code, refusal.detail);
    const t = this.#t;
    switch (m.t) {
      case 'challenge':
      case 'hello':
        return;
      case 'beat':
        t.presence.claims(member, m.host);
        return t.sync.onBeat(member, peer, m);
      case 'lobby':
        if (m.room !== this.room) return t.drop('WRONG_ROOM', m.room);
        t.lobby.onLobby(m.draft, m.members, member);
        // During the game the draft stays, but the host may still let watchers react.
        if (t.phase !== 'lobby' && member === t.host()) {
          t.reactions.onHostLobby(m.draft.watchersReact);
        }
        return;
      case 'propose':
        return t.agreeing.onPropose(m.setup, member);
      case 'agree':
        return t.agreeing.onAgree(m.game, m.agreement);
      case 'begin':
        // From the host or from whoever proposed what this browser signed (agreeing.ts).
        return t.agreeing.onBegin(m.setup, m.agreements, member);
      case 'submit':
        return t.sequencer.onSubmit(member, m.game, m.entry);
      case 'ahead':
        return t.sequencer.onAhead(member, m.game, m.entry);
      case 'entry':
        // Beyond the head, only from the host and within WINDOW (sequencer.ts).
        return t.sequencer.onEntry(member, peer, m.game, m.seq, m.entry);
      case 'refused':
        return t.sequencer.onRefused(m.game, m.entry);
      case 'hashes':
        return t.sync.onHashes(member, m.game, m.from, m.list);
      case 'want':
        return t.sync.onWant(peer, m.game, m.from);
      case 'show':
        return t.agreeing.splits.onShow(peer, m.game);
      case 'shown':
        return t.agreeing.splits.onShown(member, m.game, m.setup, m.agreements);
      case 'entries':
        return t.sync.onEntries(member, peer, m.game, m.from, m.list, m.head);
      case 'ready':
        return t.seats.onReady(member, m.game, m.round, m.seat);
      case 'end':
        return t.seats.onEnd(m.reason);
      case 'react':
        return t.reactions.onReact(member, m.reaction);
    }
  }
}

/** A new table with this browser as its host, seated at seat 0. */
export function hostTable(options: SessionOptions): Session {
  return new Session(options, true);
}

/** Joins the table of a browser already there (`contact`, e.g. from the invite link). */
export async function joinTable(
  options: SessionOptions & { readonly contact: PeerId },
): Promise<SessionResult<Session>> {
  const session = new Session(options, false);
  const linked = await session.link(options.contact);
  if (!linked.ok) {
    session.close();
    return linked;
  }
  return ok(session);
}
