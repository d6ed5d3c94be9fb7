// The state every part of a session shares (the game, the lobby's draft, the keys,
// who is present, the event log) and the few things they all do with it: send,
// log an event, tell the listeners, find the host. Its fields are private: each
// change is one named method that says what happened (setDraft, rename,
// proposed, beginSegment, resume, markProgress, endGame, setAutoplay, close), and
// a segment's start and each applied entry are topics only Core tells
// (segmentStarted, progressed). Each part (peers/, lobby/, play/) does one job
// and sees only the view of Core it declares beside its class (IdentityCore,
// LobbyCore, …: a Pick of Core, the other parts it calls included); its own
// state is private to it. session.ts owns the Core, receives every message and
// hands it on.
import { type BotLevel, chooseMove } from '$lib/bots';
import type { Seat } from '$lib/engine';
import type { PeerId, Transport } from '$lib/net';
import { signingKeyPair, type Run } from '$lib/protocol';
import { toBase64url } from '$lib/protocol/crypto/bytes';
import type { SessionErrorCode } from './errors';
import { Agreeing } from './lobby/agreeing';
import { Lobby } from './lobby/lobby';
import { Budgets, type Rate } from './peers/budgets';
import { Identity } from './peers/identity';
import { Presence } from './peers/presence';
import { DeckWork } from './play/deck-work';
import { HashCheck } from './play/hash-check';
import { OwnEntries } from './play/own-entries';
import { Reactions } from './play/reactions';
import { Seats } from './play/seats';
import { betweenRounds, type SeatKeys, type Segment } from './play/segment';
import { Sequencer } from './play/sequencer';
import { Sync } from './play/sync';
import { Turns } from './play/turns';
import type { Session } from './session';
import { cleanName, type SeatSetup } from './setup';
import type { SessionPhase, TableEvent } from './snapshot';
import { encodeWire, type LobbyDraft, type Wire } from './wire';

export interface SessionTiming {
  /** Heartbeat period. */
  readonly beatMs: number;
  /** Silence after which a member shows as away (and a host is replaced). */
  readonly awayMs: number;
  /** Time without progress after which the seats owing an entry are named as stalled. */
  readonly stallMs: number;
}

export const DEFAULT_TIMING: SessionTiming = { beatMs: 1000, awayMs: 4000, stallMs: 30_000 };

/** The timers a session runs on: the globals by default, a virtual clock's in tests. */
export interface SessionTimers {
  readonly setTimeout: (run: () => void, ms: number) => unknown;
  readonly setInterval: (run: () => void, ms: number) => unknown;
  readonly clearInterval: (handle: unknown) => void;
}

// Looked up at each call, so timers a test installs later still count.
const GLOBAL_TIMERS: SessionTimers = {
  setTimeout: (run, ms) => setTimeout(run, ms),
  setInterval: (run, ms) => setInterval(run, ms),
  clearInterval: (handle) => clearInterval(handle as ReturnType<typeof setInterval>),
};

export interface SessionOptions {
  readonly transport: Transport;
  readonly room: string;
  /** This browser's stable id at the table. */
  readonly member: string;
  readonly name: string;
  readonly timing?: Partial<SessionTiming>;
  /** Bytes of randomness (defaults to crypto.getRandomValues). */
  readonly random?: (length: number) => Uint8Array;
  readonly now?: () => number;
  readonly timers?: SessionTimers;
  /** How bots choose (defaults to the bots' chooseMove). */
  readonly decide?: typeof chooseMove;
  /** Messages a member (a link, until it proves one) may send at once, and per second after that. */
  readonly rate?: Rate;
  /** Told after every change that should be stored (see persist.ts). */
  readonly onChange?: (session: Session) => void;
  /**
   * Stores the session now; resolves once the store holds it (false: it could not).
   * A person's move goes out only after (play/turns.ts): what a reload could lose was never sent.
   */
  readonly keep?: (session: Session) => Promise<boolean>;
  /**
   * The person's keys, when this browser comes back to a lobby it was in (the
   * others know its seat by its public key); fresh ones otherwise.
   */
  readonly person?: { readonly signing: Uint8Array; readonly secret: Uint8Array };
  /** Where the deck's proofs run (play/deck-work.ts); by default the process's proof workers, if any. */
  readonly deckWorkers?: Run | null;
}

/** Listeners told of one kind of happening, in the order they subscribed. */
export class Topic<T> {
  readonly #listeners: ((value: T) => void)[] = [];
  on(listener: (value: T) => void): void {
    this.#listeners.push(listener);
  }
  emit(value: T): void {
    for (const listener of this.#listeners) listener(value);
  }
}

/** A topic as its listeners see it: only Core tells it. */
export type Subscribable<T> = Pick<Topic<T>, 'on'>;

const DEFAULT_RATE = { burst: 4000, perSecond: 2000 };
/** `want`s answered per member at once, and per second after that. */
const WANT_RATE = { burst: 4, perSecond: 2 };
/** Of those, answers from further back than LONG_ANSWER entries (the whole log, say): far fewer. */
const LONG_RATE = { burst: 2, perSecond: 0.2 };
const LONG_ANSWER = 32;
const MAX_EVENTS = 200;
const defaultRandom = (length: number): Uint8Array =>
  globalThis.crypto.getRandomValues(new Uint8Array(length));

/** Counts of the messages a session handled and dropped (for tests and the bench). */
export interface SessionStats {
  readonly received: number;
  readonly dropped: ReadonlyMap<string, number>;
  readonly stale: number;
  readonly submitted: number;
  /** Entries checked ahead of their order (sent ahead by their author). */
  readonly checkedAhead: number;
}

/**
 * What every part of one session shares: who it is, its game, its links and its clock.
 * Its state changes only through the named methods below.
 */
export class Core {
  readonly room: string;
  readonly member: string;
  readonly transport: Transport;
  readonly timing: SessionTiming;
  readonly random: (length: number) => Uint8Array;
  readonly now: () => number;
  readonly timers: SessionTimers;
  readonly presence: Presence;
  readonly hashes: HashCheck;
  readonly own: OwnEntries;
  readonly deck: DeckWork;
  #name: string;
  #phase: SessionPhase = 'lobby';
  #draft: LobbyDraft;
  readonly #keys = new Map<string, SeatKeys>();
  #personKey: SeatKeys;
  #returning = false;
  #segment: Segment | null = null;
  readonly #past: Segment[] = [];
  #finished: Segment | null = null;
  readonly #autoplay = new Map<string, BotLevel | null>();
  #lastProgress: number;
  #ended: { reason: string; scores: readonly number[] } | null = null;
  #announced: { readonly game: string; readonly reason: string } | null = null;
  readonly #events: TableEvent[] = [];
  /** Rate budgets by proven member, kept after its link closes (peers/budgets.ts). */
  readonly #budgets: {
    readonly messages: Budgets;
    readonly wants: Budgets;
    readonly long: Budgets;
  };
  #notifyQueued = false;
  #pumpQueued = false;
  #closed = false;
  readonly #stats = {
    received: 0,
    dropped: new Map<string, number>(),
    stale: 0,
    submitted: 0,
    checkedAhead: 0,
  };
  /** Told (after the current task) when anything the snapshot shows has changed. */
  readonly #notify: () => void;
  readonly #segmentStarted = new Topic<{ readonly segment: Segment; readonly rematch: boolean }>();
  /**
   * A segment begun here (a first game, a change of seats, a rematch): each part
   * forgets what it held of the one before. Parts keep their state to themselves
   * and learn of a new segment only from this.
   */
  readonly segmentStarted: Subscribable<{ readonly segment: Segment; readonly rematch: boolean }> =
    this.#segmentStarted;
  readonly #progressed = new Topic<Segment>();
  /** An entry applied at the head: the game moved on. */
  readonly progressed: Subscribable<Segment> = this.#progressed;
  readonly identity: Identity;
  readonly lobby: Lobby;
  readonly agreeing: Agreeing;
  readonly sequencer: Sequencer;
  readonly sync: Sync;
  readonly seats: Seats;
  readonly turns: Turns;
  readonly reactions: Reactions;

  /** Stores the session now (SessionOptions.keep); null when nothing keeps it. */
  readonly store: (() => Promise<boolean>) | null;

  constructor(
    options: SessionOptions,
    host: boolean,
    notify: () => void,
    store: (() => Promise<boolean>) | null = null,
  ) {
    this.#notify = notify;
    this.store = store;
    this.room = options.room;
    this.member = options.member;
    this.transport = options.transport;
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.#name = cleanName(options.name) || 'Player';
    this.random = options.random ?? defaultRandom;
    this.now = options.now ?? Date.now;
    this.timers = options.timers ?? GLOBAL_TIMERS;
    this.deck = new DeckWork(options.deckWorkers, () => this.schedulePump());
    this.own = new OwnEntries(options.decide ?? chooseMove, this.deck);
    this.#budgets = {
      messages: new Budgets(this.now, options.rate ?? DEFAULT_RATE),
      wants: new Budgets(this.now, WANT_RATE),
      long: new Budgets(this.now, LONG_RATE),
    };
    this.#lastProgress = this.now();
    this.hashes = new HashCheck(
      this.member,
      (message) => {
        if (!this.#closed) this.broadcast(message);
      },
      (detail) => {
        this.event('INFO', `desync: ${detail}`);
        this.changed();
      },
      (run) => this.timers.setTimeout(run, 0),
    );
    this.#personKey = options.person ? this.#keepKeys(options.person) : this.newKeys();
    this.presence = new Presence(
      this.member,
      {
        name: this.#name,
        peer: this.transport.id,
        key: this.#personKey.publicKey,
        lastHeard: Infinity,
      },
      () => this.transport.peers(),
      this.now,
      this.timing.awayMs,
    );
    this.#draft = {
      variant: 'mexican-train',
      options: {},
      seats: host ? [this.#personSeat()] : [],
    };
    this.identity = new Identity(this);
    this.lobby = new Lobby(this);
    this.agreeing = new Agreeing(this);
    this.sequencer = new Sequencer(this);
    this.sync = new Sync(this);
    this.seats = new Seats(this);
    this.turns = new Turns(this);
    this.reactions = new Reactions(this);
  }

  get name(): string {
    return this.#name;
  }

  get phase(): SessionPhase {
    return this.#phase;
  }

  /** The lobby's setup as drawn up (during a game: the host's leave for watchers to react). */
  get draft(): LobbyDraft {
    return this.#draft;
  }

  /** The person's seat key of this browser, and the bots it runs, by public key. */
  get keys(): ReadonlyMap<string, SeatKeys> {
    return this.#keys;
  }

  get personKey(): SeatKeys {
    return this.#personKey;
  }

  /** Restored from storage and not yet back in play: its seat may have gone to a bot meanwhile. */
  get returning(): boolean {
    return this.#returning;
  }

  /** The game's segment now in play. */
  get segment(): Segment | null {
    return this.#segment;
  }

  /** The game's segments before it (each change of seats ends one). */
  get past(): readonly Segment[] {
    return this.#past;
  }

  /**
   * The last segment of the game the latest rematch finished: a browser still on
   * it (its link was down over the end) is brought to its end and to the rematch
   * (Sync.onBeat). One game's log at most, besides the one in play.
   */
  get finished(): Segment | null {
    return this.#finished;
  }

  /** Each person's autoplay level by seat key (it outlives a change of seats). */
  get autoplay(): ReadonlyMap<string, BotLevel | null> {
    return this.#autoplay;
  }

  /** When the game last moved on (or a segment began). */
  get lastProgress(): number {
    return this.#lastProgress;
  }

  get ended(): { readonly reason: string; readonly scores: readonly number[] } | null {
    return this.#ended;
  }

  /**
   * The last end this browser announced as its game's host (an `end`: not in the
   * log), kept past a rematch: told again to a browser whose beat shows it missed
   * it (Sync.onBeat). One game's at most.
   */
  get announced(): { readonly game: string; readonly reason: string } | null {
    return this.#announced;
  }

  get events(): readonly TableEvent[] {
    return this.#events;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /** Messages handled and dropped, by code (for tests and the bench). */
  get stats(): SessionStats {
    return this.#stats;
  }

  // ---- the changes, each named for what happened ----

  /** The lobby's draft is now `draft` (drawn up by the host, or taken from its lobby). */
  setDraft(draft: LobbyDraft): void {
    this.#draft = draft;
  }

  /** This browser's person goes by `name` from now on. */
  rename(name: string): void {
    this.#name = name;
    this.presence.rename(this.member, name);
  }

  /**
   * The person at `seat` of this game, played here, chose an autoplay level: kept
   * by its seat key too, across changes of seats. False when no such seat.
   */
  setAutoplay(seat: Seat, level: BotLevel | null): boolean {
    const rt = this.#segment?.seats.get(seat);
    const key = this.#segment?.setup.seats[seat]?.key;
    if (!rt || rt.bot !== null || key === undefined) return false;
    rt.autoplay = level;
    this.#autoplay.set(key, level);
    return true;
  }

  /** A setup was proposed: a lobby gives way to signing (a game on stays on). */
  proposed(): void {
    if (this.#phase === 'lobby') this.#phase = 'agreeing';
  }

  /**
   * A signed setup begins: the segment before it joins the past (a rematch starts
   * a game of its own: the finished one is set aside, and with it its end), play
   * is on from now, and the parts hear of it (segmentStarted).
   */
  beginSegment(segment: Segment, rematch: boolean): void {
    const previous = this.#segment;
    if (previous && rematch) {
      this.#finished = previous;
      this.#past.length = 0;
      this.#ended = null;
    } else if (previous) {
      this.#past.push(previous);
      // A reseated game keeps each person's autoplay choice, even across a time away.
      for (const [seat, rt] of segment.seats) {
        const key = segment.setup.seats[seat]?.key ?? '';
        rt.autoplay = this.#autoplay.get(key) ?? previous.seats.get(seat)?.autoplay ?? null;
      }
    }
    this.#segment = segment;
    this.#returning = false;
    this.#phase = 'playing';
    this.#lastProgress = this.now();
    this.#segmentStarted.emit({ segment, rematch });
    this.hashes.reset();
  }

  /**
   * A game rebuilt from storage: its segments, the keys this browser holds in it
   * (its person's, if stored) and the draft it was set up from. It is not back in
   * play until an entry applies (`returning`).
   */
  resume(
    past: readonly Segment[],
    last: Segment,
    keys: readonly (SeatKeys & { readonly seat?: Seat; readonly autoplay?: BotLevel | null })[],
    person: SeatKeys | undefined,
  ): void {
    for (const k of keys) {
      this.#keys.set(k.publicKey, k);
      this.#autoplay.set(k.publicKey, k.autoplay ?? null);
      const rt = last.seats.get(k.seat ?? -1);
      if (rt && rt.bot === null) rt.autoplay = k.autoplay ?? null;
    }
    if (person) this.#personKey = person;
    this.#past.push(...past);
    this.#segment = last;
    this.#returning = true;
    this.#phase = 'playing';
    this.#draft = {
      variant: last.setup.variant,
      options: last.setup.options,
      seats: last.setup.seats,
    };
  }

  /** An entry applied at the head of `seg`: the parts hear of it, and the game is back in play. */
  markProgress(seg: Segment): void {
    this.#progressed.emit(seg);
    this.#returning = false;
    this.#lastProgress = this.now();
  }

  /** The game ends here, for `reason`, at the scores it stands at. */
  endGame(reason: string, scores: readonly number[]): void {
    this.#ended = { reason, scores };
    this.#phase = 'ended';
  }

  /** This browser, the host, ended `game` for `reason` and told every member so. */
  announcedEnd(game: string, reason: string): void {
    this.#announced = { game, reason };
  }

  /** The session is closed: nothing more is sent, pumped or told. */
  close(): void {
    this.#closed = true;
  }

  /** One more message of a kind handled. */
  count(what: 'received' | 'stale' | 'submitted' | 'checkedAhead'): void {
    this.#stats[what]++;
  }

  get isHost(): boolean {
    return this.host() === this.member;
  }

  #keepKeys(keys: { readonly signing: Uint8Array; readonly secret: Uint8Array }): SeatKeys {
    // An Ed25519 secret key holds its public key in its last 32 bytes.
    const kept = { ...keys, publicKey: toBase64url(keys.signing.slice(32)) };
    this.#keys.set(kept.publicKey, kept);
    return kept;
  }

  newKeys(): SeatKeys {
    const pair = signingKeyPair(this.random(32));
    if (!pair) throw new Error('32 random bytes make a key');
    const keys = {
      signing: pair.secretKey,
      publicKey: toBase64url(pair.publicKey),
      secret: this.random(32),
    };
    this.#keys.set(keys.publicKey, keys);
    return keys;
  }

  #personSeat(): SeatSetup {
    return { name: this.#name, key: this.#personKey.publicKey, bot: null, member: this.member };
  }

  present(member: string): boolean {
    return this.presence.present(member);
  }

  /** The members of the seats, in seat order: they rank first. */
  seatMembers(): string[] {
    return (this.#segment?.setup.seats ?? this.#draft.seats).map((s) => s.member);
  }

  /** Whether this browser has a table's lobby or game (a newcomer has neither until a lobby comes). */
  admitted(): boolean {
    return this.#segment !== null || this.#draft.seats.length > 0;
  }

  host(): string | null {
    return this.presence.host(this.seatMembers(), this.admitted(), this.sync.passedOver);
  }

  /** The host orders entries only while it sees most of the seats' browsers (presence.ts). */
  quorum(half = false): boolean {
    const seg = this.#segment;
    return (
      !seg ||
      this.presence.quorum(
        seg.setup.seats.map((s) => s.member),
        half,
      )
    );
  }

  send(peer: PeerId, message: Wire): void {
    this.transport.send(peer, encodeWire(message));
  }

  broadcast(message: Wire): void {
    const text = encodeWire(message);
    for (const peer of this.transport.peers()) this.transport.send(peer, text);
  }

  /** To every member but the host and this browser. */
  sendAhead(game: string, entry: string): void {
    const host = this.host();
    const text = encodeWire({ t: 'ahead', game, entry });
    for (const peer of this.transport.peers()) {
      const member = this.presence.memberOf(peer);
      if (member && member !== host) this.transport.send(peer, text);
    }
  }

  /** To the browsers of the seats (not watchers), this one aside. */
  toSeats(message: Wire): void {
    const seats = new Set(this.seatMembers());
    const text = encodeWire(message);
    for (const peer of this.transport.peers()) {
      const member = this.presence.memberOf(peer);
      if (member && seats.has(member)) this.transport.send(peer, text);
    }
  }

  toHost(message: Wire): void {
    const host = this.host();
    const peer = host && this.presence.get(host)?.peer;
    if (peer) this.send(peer, message);
  }

  event(code: SessionErrorCode | 'INFO', detail: string): void {
    this.#events.push({ at: this.now(), code, detail });
    if (this.#events.length > MAX_EVENTS) this.#events.shift();
  }

  drop(code: SessionErrorCode, detail: string): void {
    this.#stats.dropped.set(code, (this.#stats.dropped.get(code) ?? 0) + 1);
    this.event(code, detail);
  }

  /** Whether a message on `peer`'s link is within its sender's budget (the member's, once proven). */
  allowed(peer: PeerId): boolean {
    return this.#budgets.messages.take(this.#budgetKey(peer));
  }

  /** Whether a `want` answering `entries` entries is within its sender's budget. */
  wantAllowed(peer: PeerId, entries: number): boolean {
    const key = this.#budgetKey(peer);
    if (!this.#budgets.wants.take(key)) return false;
    return entries <= LONG_ANSWER || this.#budgets.long.take(key);
  }

  #budgetKey(peer: PeerId): string {
    const member = this.presence.memberOf(peer);
    return member === undefined ? `link ${peer}` : `member ${member}`;
  }

  schedulePump(): void {
    if (this.#pumpQueued || this.#closed) return;
    this.#pumpQueued = true;
    this.timers.setTimeout(() => {
      this.#pumpQueued = false;
      this.turns.pump();
    }, 0);
  }

  betweenRounds(seg: Segment): { round: number; ready: boolean[] } | null {
    return betweenRounds(seg, this.seats.readiness);
  }

  /** Tells the session's listeners in a microtask (once, however many changes come before it). */
  changed(): void {
    if (this.#notifyQueued || this.#closed) return;
    this.#notifyQueued = true;
    queueMicrotask(() => {
      this.#notifyQueued = false;
      if (!this.#closed) this.#notify();
    });
  }
}
