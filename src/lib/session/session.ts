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
// per link (every message; `want`, which may cost the whole log, much tighter;
// challenges per link), not from trust. The transport caps each link's send
// queue, relayed offers and control frames (net/).
//
// Hosting. The host is the first present member in seat order that this browser
// has not passed over; it orders only while most of the seats' browsers name it
// (the quorum). A guest whose entry the host leaves unordered sends it to every
// seat; a host that leaves a valid pending entry unordered for the away limit is
// passed over as if gone (CENSORED). A change of seats is signed only when it is
// due and starts at this browser's own ledger (setup.ts startMismatch).
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
//   alarms (host): s.resolveStall('bot' | 'end')   // or keep waiting
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
// Beside it: links.ts (each link's challenge), presence.ts (who is here, who
// hosts), setup.ts (setups, agreements, signed hellos), wire.ts (the messages and
// who may send each), segment.ts (one setup's ledger and the seats played here),
// hash-check.ts (state hashes and the desync alarm), own-entries.ts (what this
// browser's seats owe next), session-view.ts (the table part of the snapshot).
import { chooseMove, hint as hintMove, type BotLevel } from '$lib/bots';
import {
  createRng,
  joinNewcomer,
  type Move,
  type Seat,
  type VariantId,
  variantOf,
} from '$lib/engine';
import type { OfferGuard, PeerId, Transport } from '$lib/net';
import {
  applyEntry,
  auditTable,
  awaitsChoice,
  equivocation,
  readEnvelope,
  roundHistory,
  choiceLabel,
  dues,
  isJsonRecord,
  mayMove,
  moveDraft,
  signingKeyPair,
  type EntryDraft,
  type EntryKind,
  type TableAudit,
} from '$lib/protocol';
import { toBase64url } from '$lib/protocol/crypto/bytes';
import { fail, ok, type SessionError, type SessionErrorCode, type SessionResult } from './errors';
import { HashCheck } from './play/hash-check';
import { Links } from './peers/links';
import { OwnEntries } from './play/own-entries';
import { MAX_MEMBERS, Presence } from './peers/presence';
import type { Ledger } from './play/ledger';
import { betweenRounds, openSegment, replay, type SeatKeys, type Segment } from './play/segment';
import { tableView } from './play/session-view';
import {
  checkAgreement,
  checkHello,
  checkOffer,
  checkOptions,
  cleanName,
  gameId,
  parseSetup,
  sameJson,
  setupJson,
  signAgreement,
  signHello,
  signOffer,
  startMismatch,
  type Agreement,
  type SeatSetup,
  type TableSetup,
} from './setup';
import type {
  Equivocation,
  Refusal,
  SessionPhase,
  SessionSnapshot,
  StallAlarm,
  TableEvent,
} from './snapshot';
import {
  batches,
  encodeWire,
  parseWire,
  type LobbyDraft,
  type MemberInfo,
  type Wire,
} from './wire';

export interface SessionTiming {
  /** Heartbeat period. */
  readonly beatMs: number;
  /** Silence after which a member shows as away (and a host is replaced). */
  readonly awayMs: number;
  /** Time without progress after which the seats owing an entry are named as stalled. */
  readonly stallMs: number;
}

export const DEFAULT_TIMING: SessionTiming = { beatMs: 1000, awayMs: 4000, stallMs: 30_000 };

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
  /** How bots choose (defaults to the bots' chooseMove). */
  readonly decide?: typeof chooseMove;
  /** Messages a peer may send at once, and per second after that. */
  readonly rate?: { readonly burst: number; readonly perSecond: number };
  /** Told after every change that should be stored (see persist.ts). */
  readonly onChange?: (session: Session) => void;
  /**
   * The person's keys, when this browser comes back to a lobby it was in (the
   * others know its seat by its public key); fresh ones otherwise.
   */
  readonly person?: { readonly signing: Uint8Array; readonly secret: Uint8Array };
}

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
  readonly seat?: Seat;
  readonly person?: boolean;
  readonly autoplay?: BotLevel | null;
}

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

const DEFAULT_RATE = { burst: 4000, perSecond: 2000 };
/** `want`s answered per peer at once, and per second after that: each may send the whole log. */
const WANT_RATE = { burst: 4, perSecond: 2 };
/**
 * How far around this browser's log head entries (beyond it, from the sequencer
 * only), state hashes and round readiness are kept: bounds come from the head,
 * not from trusting the sender.
 */
export const WINDOW = 256;
const MAX_EVENTS = 200;
const MAX_REFUSALS = 50;
/** Equivocations kept (the first ones: evidence once kept stays). */
const MAX_EQUIVOCATIONS = 64;
/** Times a browser sends its entry to the host before it sends it to every seat. */
const RESENDS = 3;

const defaultRandom = (length: number): Uint8Array =>
  globalThis.crypto.getRandomValues(new Uint8Array(length));

export class Session {
  readonly room: string;
  readonly member: string;
  readonly transport: Transport;
  readonly timing: SessionTiming;
  #name: string;
  readonly #random: (length: number) => Uint8Array;
  readonly #now: () => number;
  readonly #onChange: ((s: Session) => void) | undefined;
  readonly #rate: { readonly burst: number; readonly perSecond: number };

  #phase: SessionPhase = 'lobby';
  readonly #presence: Presence;
  #draft: LobbyDraft;
  /** The person's seat key of this browser, and the bots it runs, by public key. */
  readonly #keys = new Map<string, SeatKeys>();
  #personKey: SeatKeys;
  /** Setups this browser signed, by game id. */
  readonly #signed = new Set<string>();
  #proposal: {
    setup: TableSetup;
    game: string;
    agreements: Map<Seat, Agreement>;
    at: number;
    /** The member that proposed it (the host when this browser signed). */
    from: string;
  } | null = null;
  /**
   * Valid entries for the head that seats' browsers sent and no host has ordered
   * yet, by seat (at most one each, for the head only).
   */
  readonly #pending = new Map<Seat, { seq: number; entry: string; since: number }>();
  /** This browser's own submission at the head: how often it went out. */
  #sent = { seq: -1, times: 0 };
  /** Hosts that left a valid pending entry unordered: passed over, as if gone. */
  readonly #passedOver = new Set<string>();
  /** A proposal whose start did not match this browser's ledger, judged again as it catches up. */
  #deferred: { text: string; from: string; at: number } | null = null;
  /** Restored from storage and not yet back in play: its seat may have gone to a bot meanwhile. */
  #returning = false;
  #segment: Segment | null = null;
  readonly #past: Segment[] = [];
  /** Entries received ahead of the log, by position. */
  readonly #ahead = new Map<number, string>();
  readonly #hashes: HashCheck;
  /** Position at which this browser's last entry was submitted (non-host). */
  #submittedAt = -1;
  /** The log position whose entry was last checked ahead of its order. */
  #checkedAhead = -1;
  readonly #ready = new Map<number, Set<Seat>>();
  /** Each person's autoplay level by seat key (it outlives a change of seats). */
  readonly #autoplay = new Map<string, BotLevel | null>();
  /** Audits of rounds left waiting for secrets, by game. */
  readonly #closing = new Map<string, TableAudit>();
  /** Browsers to seat at the next round's deal (TT-9). */
  readonly #newcomers = new Set<string>();
  readonly #own: OwnEntries;
  /** After a hand-over, the seats' browsers this new host waits for (until `syncUntil`). */
  #syncing: Set<string> | null = null;
  #syncUntil = 0;
  #hostSeen: string | null = null;
  #lastProgress: number;
  #stall: StallAlarm | null = null;
  #ended: { reason: string; scores: readonly number[] } | null = null;
  readonly #refusals: Refusal[] = [];
  readonly #equivocations: Equivocation[] = [];
  readonly #events: TableEvent[] = [];
  readonly #buckets = new Map<PeerId, { tokens: number; at: number }>();
  readonly #wantBuckets = new Map<PeerId, { tokens: number; at: number }>();
  /** The last `want` this browser sent each peer: asked again only after a beat. */
  readonly #asked = new Map<PeerId, { from: number; at: number }>();
  /** Each link's handshake: the nonces its hellos sign. */
  readonly #links: Links;
  /** Members the host removed (and their keys): their hellos are refused. */
  readonly #removed = new Set<string>();
  readonly #listeners = new Set<(s: SessionSnapshot) => void>();
  readonly #unsubscribe: (() => void)[] = [];
  #timer: ReturnType<typeof setInterval> | null = null;
  #notifyQueued = false;
  #pumpQueued = false;
  #closed = false;
  /** Messages handled and dropped, by code (for tests and the bench). */
  readonly stats = {
    received: 0,
    dropped: new Map<string, number>(),
    stale: 0,
    submitted: 0,
    /** Entries checked ahead of their order (sent ahead by their author). */
    checkedAhead: 0,
  };

  constructor(options: SessionOptions, host: boolean) {
    this.room = options.room;
    this.member = options.member;
    this.transport = options.transport;
    this.timing = { ...DEFAULT_TIMING, ...options.timing };
    this.#name = cleanName(options.name) || 'Player';
    this.#random = options.random ?? defaultRandom;
    this.#now = options.now ?? Date.now;
    this.#own = new OwnEntries(options.decide ?? chooseMove);
    this.#onChange = options.onChange;
    this.#rate = options.rate ?? DEFAULT_RATE;
    this.#lastProgress = this.#now();
    this.#links = new Links(this.#random);
    this.#hashes = new HashCheck(
      this.member,
      (message) => {
        if (!this.#closed) this.#broadcast(message);
      },
      (detail) => {
        this.#event('INFO', `desync: ${detail}`);
        this.#changed();
      },
    );
    this.#personKey = options.person ? this.#keepKeys(options.person) : this.#newKeys();
    this.#presence = new Presence(
      this.member,
      {
        name: this.#name,
        peer: this.transport.id,
        key: this.#personKey.publicKey,
        lastHeard: Infinity,
      },
      () => this.transport.peers(),
      this.#now,
      this.timing.awayMs,
    );
    this.#draft = {
      variant: 'mexican-train',
      options: {},
      seats: host ? [this.#personSeat()] : [],
    };
    this.#unsubscribe.push(
      this.transport.onMessage((from, data) => this.#receive(from, data)),
      this.transport.onOpen((peer) => this.#opened(peer)),
      this.transport.onClose((peer) => this.#linkClosed(peer)),
      this.transport.guardOffers?.(this.#offerGuard()) ?? (() => {}),
    );
    // Links the transport had before this session (a page's, for its worker) need the handshake too.
    for (const peer of this.transport.peers()) this.#opened(peer);
    this.#timer = setInterval(() => this.#tick(), this.timing.beatMs);
  }

  // ---- reading ----

  get name(): string {
    return this.#name;
  }

  get isHost(): boolean {
    return this.#host() === this.member;
  }

  get ledger(): Ledger | null {
    return this.#segment?.ledger ?? null;
  }

  /** Every segment of the game so far (a new one starts when seats change hands). */
  segments(): readonly {
    setup: TableSetup;
    game: string;
    agreements: readonly Agreement[];
    log: readonly string[];
  }[] {
    const all = [...this.#past, ...(this.#segment ? [this.#segment] : [])];
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
      const evidence = this.#equivocations
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
    const host = this.#host();
    const seg = this.#segment;
    const setup = seg?.setup;
    const seats = setup?.seats ?? this.#draft.seats;
    return {
      room: this.room,
      me: this.member,
      phase: this.#phase,
      isHost: host === this.member,
      host,
      members: this.#presence.order.map((m) => ({
        member: m,
        name: this.#presence.get(m)?.name ?? '',
        me: m === this.member,
        host: m === host,
        present: this.#present(m),
      })),
      seats: seats.map((s, seat) => ({
        ...s,
        seat,
        local: s.member === this.member,
        present: this.#present(s.member),
      })),
      variant: setup?.variant ?? (this.#draft.variant as VariantId),
      options: setup?.options ?? this.#draftOptions(),
      table: seg ? tableView(seg, this.#past, this.#closing, this.#betweenRounds(seg)) : null,
      desync: this.#hashes.desync,
      stall: this.#stall,
      refusals: [...this.#refusals],
      equivocations: [...this.#equivocations],
      ended: this.#ended,
      events: [...this.#events],
    };
  }

  // ---- lobby intents ----

  setVariant(variant: VariantId): SessionResult<true> {
    const guard = this.#lobbyHost();
    if (!guard.ok) return guard;
    const v = variantOf(variant);
    if (this.#draft.seats.length > v.maxPlayers) {
      return fail('BAD_SETUP', `${v.title} seats at most ${v.maxPlayers}`);
    }
    this.#draft = { ...this.#draft, variant, options: {} };
    return this.#lobbyChanged();
  }

  setOption(key: string, value: number): SessionResult<true> {
    const guard = this.#lobbyHost();
    if (!guard.ok) return guard;
    const options = { ...this.#draft.options, [key]: value };
    const v = this.#draft.variant as VariantId;
    const checked = checkOptions(v, Math.max(1, this.#draft.seats.length), options);
    if (!checked.ok) return checked;
    this.#draft = { ...this.#draft, options };
    return this.#lobbyChanged();
  }

  addBot(level: BotLevel, name?: string): SessionResult<Seat> {
    const guard = this.#lobbyHost();
    if (!guard.ok) return guard;
    const full = this.#full();
    if (full) return full;
    const keys = this.#newKeys();
    const n = this.#draft.seats.filter((s) => s.bot).length + 1;
    const seat: SeatSetup = {
      name: cleanName(name) || `Bot ${n} (${level})`,
      key: keys.publicKey,
      bot: level,
      member: this.member,
    };
    this.#draft = { ...this.#draft, seats: [...this.#draft.seats, seat] };
    this.#lobbyChanged();
    return ok(this.#draft.seats.length - 1);
  }

  /** Another person playing on this browser (pass-and-play). */
  addPlayer(name: string): SessionResult<Seat> {
    const guard = this.#lobbyHost();
    if (!guard.ok) return guard;
    const full = this.#full();
    if (full) return full;
    const keys = this.#newKeys();
    const seat: SeatSetup = {
      name: cleanName(name) || `Player ${this.#draft.seats.length + 1}`,
      key: keys.publicKey,
      bot: null,
      member: this.member,
    };
    this.#draft = { ...this.#draft, seats: [...this.#draft.seats, seat] };
    this.#lobbyChanged();
    return ok(this.#draft.seats.length - 1);
  }

  removeSeat(seat: Seat): SessionResult<true> {
    const guard = this.#lobbyHost();
    if (!guard.ok) return guard;
    if (!this.#draft.seats[seat]) return fail('NOT_NOW', `no seat ${seat}`);
    this.#draft = { ...this.#draft, seats: this.#draft.seats.filter((_, i) => i !== seat) };
    return this.#lobbyChanged();
  }

  moveSeat(from: Seat, to: Seat): SessionResult<true> {
    const guard = this.#lobbyHost();
    if (!guard.ok) return guard;
    const seats = [...this.#draft.seats];
    const [moved] = seats.splice(from, 1);
    if (!moved || to < 0 || to > seats.length) return fail('NOT_NOW', 'no such seat');
    seats.splice(to, 0, moved);
    this.#draft = { ...this.#draft, seats };
    return this.#lobbyChanged();
  }

  rename(name: string): SessionResult<true> {
    const clean = cleanName(name);
    if (!clean) return fail('BAD_SETUP', 'a name needs at least one letter');
    if (this.#phase !== 'lobby') return fail('NOT_NOW', 'names are set in the lobby');
    this.#name = clean;
    this.#presence.rename(this.member, clean);
    for (const peer of this.#links.answerable()) this.#sendHello(peer);
    if (this.isHost) this.#renameSeats(this.member, clean);
    return ok(true);
  }

  /** The host proposes the lobby's setup; play begins once every seat has signed it. */
  start(): SessionResult<string> {
    const guard = this.#lobbyHost();
    if (!guard.ok) return guard;
    const setup = parseSetup({
      room: this.room,
      variant: this.#draft.variant,
      options: this.#draftOptions(),
      seats: this.#draft.seats,
      nonce: toBase64url(this.#random(16)),
      start: null,
    });
    if (!setup.ok) return setup;
    this.#propose(setup.value);
    return ok(gameId(setup.value));
  }

  // ---- play intents ----

  move(seat: Seat, move: Move): SessionResult<true> {
    const rt = this.#segment?.seats.get(seat);
    const table = this.#segment?.ledger.table(seat);
    if (!rt || !table) return fail('NOT_NOW', `seat ${seat} is not played here`);
    if (this.#hashes.desync || this.#ended) return fail('NOT_NOW', 'play has stopped');
    if (move.seat !== seat) return fail('ILLEGAL_MOVE', 'a move names its own seat');
    const label = choiceLabel(table);
    if (move.type === 'choose' && label !== null && !rt.choices.has(label)) {
      if (!awaitsChoice(table.variant, table.view, seat)) return fail('NOT_NOW', 'no choice due');
      const verdict = table.variant.validate(table.view, move);
      if (verdict.kind === 'illegal') {
        return fail('ILLEGAL_MOVE', verdict.error.message, verdict.error.rule);
      }
      rt.choices.set(label, move.tile);
      this.#schedulePump();
      return ok(true);
    }
    if (!mayMove(table)) return fail('NOT_NOW', 'not this seat’s turn');
    const verdict = table.variant.validate(table.view, move);
    if (verdict.kind === 'illegal') {
      return fail('ILLEGAL_MOVE', verdict.error.message, verdict.error.rule);
    }
    this.#submit(seat, moveDraft(table, move));
    return ok(true);
  }

  setAutoplay(seat: Seat, level: BotLevel | null): SessionResult<true> {
    const rt = this.#segment?.seats.get(seat);
    if (!rt || rt.bot) return fail('NOT_NOW', `seat ${seat} is not a person’s seat here`);
    rt.autoplay = level;
    const key = this.#segment?.setup.seats[seat]?.key;
    if (key) this.#autoplay.set(key, level);
    this.#schedulePump();
    this.#changed();
    return ok(true);
  }

  /** A seat is ready for the next round. */
  ready(seat: Seat): SessionResult<true> {
    const seg = this.#segment;
    if (!seg?.seats.has(seat)) return fail('NOT_NOW', `seat ${seat} is not played here`);
    const round = seg.ledger.any.record.round;
    this.#markReady(round, seat);
    this.#broadcast({ t: 'ready', game: seg.game, round, seat });
    this.#schedulePump();
    return ok(true);
  }

  /** The hard bot's move for a local seat to act. */
  hint(seat: Seat): SessionResult<Move> {
    const table = this.#segment?.ledger.table(seat);
    if (!table || !mayMove(table)) return fail('NOT_NOW', 'not this seat’s turn');
    const legal = table.variant.legalMoves(table.view).filter((m) => m.seat === seat);
    if (legal.length === 0) return fail('NOT_NOW', 'no legal move');
    const rng = createRng(table.head.seq + seat);
    const history = roundHistory(table);
    return ok(hintMove({ variant: table.variant, seat, view: table.view, legal, history, rng }));
  }

  /** The host's answer to a stall: a bot takes the stalled seats from a fresh deal, or the game ends. */
  resolveStall(action: 'bot' | 'end'): SessionResult<true> {
    const seg = this.#segment;
    if (!seg || !this.isHost || !this.#stall) return fail('NOT_NOW', 'no stall to resolve');
    if (action === 'bot') {
      const busy = this.#stall.seats.filter(
        (i) => this.#present(seg.setup.seats[i]?.member ?? '') && this.#submitting(seg, i),
      );
      if (busy.length > 0) {
        return fail('NOT_NOW', `seat ${busy.join(', ')} is here and has submitted its entry`);
      }
    }
    if (action === 'end') {
      const reason = `ended while seat ${this.#stall.seats.join(', ')} was away`;
      this.#broadcast({ t: 'end', game: seg.game, reason });
      this.#end(reason);
      return ok(true);
    }
    // Every seat whose browser is gone (or that owes and stays silent) goes to a bot run here.
    const stalled = this.#stall.seats;
    const seats = seg.setup.seats.map((s, i) => {
      const gone = !this.#present(s.member) || stalled.includes(i);
      if (!gone || s.member === this.member) return s;
      const keys = this.#newKeys();
      return { name: s.name, key: keys.publicKey, bot: 'medium' as const, member: this.member };
    });
    // Only this browser's own seats stalled: no seat would change hands (a redeal nobody needs).
    if (sameJson(seats, seg.setup.seats)) return fail('NOT_NOW', 'no seat would change hands');
    // A round whose play is over waits only for secrets: it is audited without the
    // missing ones (each peer does so when the new setup begins) and the next one is dealt.
    const table = seg.ledger.any;
    if (table.view.phase === 'roundOver' || table.view.phase === 'gameOver') {
      const next = table.variant.nextRound(table.view);
      if (next.phase !== 'deal') {
        const reason = `game over; seat ${stalled.join(', ')} never showed its secret`;
        this.#broadcast({ t: 'end', game: seg.game, reason });
        this.#end(reason);
        return ok(true);
      }
      return this.#reseat(seg, seats, next, table.record.round + 1);
    }
    return this.#reseat(seg, seats);
  }

  /**
   * The host seats a browser that came after the start at the next round's deal,
   * where the rules allow it (TT-9: it starts at the highest total).
   */
  seatNewcomer(member: string): SessionResult<true> {
    const seg = this.#segment;
    const info = this.#presence.get(member);
    if (!seg || !this.isHost) return fail('NOT_HOST', 'only the host seats players');
    // The rules decide (TT-9): only a variant that seats newcomers accepts one.
    const allowed = joinNewcomer(seg.ledger.any.record.preDeal);
    if (!allowed.ok) return fail('NOT_NOW', allowed.error.message, allowed.error.rule);
    if (!info?.key || seg.setup.seats.some((s) => s.member === member)) {
      return fail('NOT_NOW', 'no such browser waiting for a seat');
    }
    this.#newcomers.add(member);
    this.#handBack();
    return ok(true);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    if (this.#timer) clearInterval(this.#timer);
    for (const u of this.#unsubscribe) u();
    this.#listeners.clear();
  }

  /** Links to another browser at the table (the invite's contact, or a member met later). */
  async link(peer: PeerId): Promise<SessionResult<true>> {
    const r = await this.transport.connect(peer);
    if (!r.ok) return fail('UNKNOWN_PEER', r.error.message);
    this.#opened(peer);
    return ok(true);
  }

  /**
   * The host removes a member that holds no seat in the signed game (in the lobby,
   * its seats go too): its link is dropped and its hellos are refused from now on.
   */
  removeMember(member: string): SessionResult<true> {
    if (!this.isHost) return fail('NOT_HOST', 'only the host removes members');
    if (member === this.member) return fail('NOT_NOW', 'the host cannot remove itself');
    if (!this.#presence.get(member)) return fail('NOT_NOW', `no member ${member}`);
    if (this.#segment?.setup.seats.some((s) => s.member === member)) {
      return fail('NOT_NOW', `${member} holds a seat: a seat changes hands only through a stall`);
    }
    this.#expel(member, 'removed by the host');
    return ok(true);
  }

  // ---- resuming ----

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
  ): SessionResult<true> {
    if (this.#segment || this.#phase !== 'lobby') return fail('NOT_NOW', 'already at a table');
    const before = new Map(this.#keys);
    for (const k of keys) this.#keys.set(k.publicKey, k);
    const built: Segment[] = [];
    for (const s of stored) {
      const seg = openSegment(s.setup, s.agreements, this.room, this.member, this.#keys);
      const bad = !seg.ok ? seg : replay(seg.value.ledger, s.log);
      if (!bad.ok) {
        this.#keys.clear();
        for (const [k, v] of before) this.#keys.set(k, v);
        return bad;
      }
      if (seg.ok) built.push(seg.value);
    }
    // Stored equivocations are kept only as far as they still prove themselves.
    stored.forEach((s, i) => {
      const seg = built[i];
      if (!seg) return;
      for (const e of s.evidence ?? []) {
        if (this.#equivocations.length >= MAX_EQUIVOCATIONS) break;
        const proof = equivocation(seg.ledger.any.head, e.entries[0], e.entries[1]);
        if (proof.ok && proof.value.seat === e.seat && proof.value.seq === e.seq) {
          this.#equivocations.push({
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
    if (person) this.#personKey = person;
    for (const k of keys) {
      const rt = last.seats.get(k.seat ?? -1);
      if (rt && rt.bot === null) rt.autoplay = k.autoplay ?? null;
      this.#autoplay.set(k.publicKey, k.autoplay ?? null);
    }
    this.#past.push(...built);
    this.#segment = last;
    this.#returning = true;
    this.#phase = 'playing';
    for (const seg of [...built, last]) this.#signed.add(seg.game);
    this.#draft = {
      variant: last.setup.variant,
      options: last.setup.options,
      seats: last.setup.seats,
    };
    this.#changed();
    this.#schedulePump();
    return ok(true);
  }

  /** This browser's seat keys in the current game, to store. */
  storedKeys(): RestoredKeys[] {
    const seg = this.#segment;
    if (!seg) return [];
    return seg.setup.seats.flatMap((s, seat) => {
      const k = this.#keys.get(s.key);
      if (!k || s.member !== this.member) return [];
      const rt = seg.seats.get(seat);
      return [{ ...k, seat, person: k === this.#personKey, autoplay: rt?.autoplay ?? null }];
    });
  }

  // ---- internals: members and hosting ----

  #keepKeys(keys: { readonly signing: Uint8Array; readonly secret: Uint8Array }): SeatKeys {
    // An Ed25519 secret key holds its public key in its last 32 bytes.
    const kept = { ...keys, publicKey: toBase64url(keys.signing.slice(32)) };
    this.#keys.set(kept.publicKey, kept);
    return kept;
  }

  #newKeys(): SeatKeys {
    const pair = signingKeyPair(this.#random(32));
    if (!pair) throw new Error('32 random bytes make a key');
    const keys = {
      signing: pair.secretKey,
      publicKey: toBase64url(pair.publicKey),
      secret: this.#random(32),
    };
    this.#keys.set(keys.publicKey, keys);
    return keys;
  }

  #personSeat(): SeatSetup {
    return { name: this.#name, key: this.#personKey.publicKey, bot: null, member: this.member };
  }

  #present(member: string): boolean {
    return this.#presence.present(member);
  }

  /** The members of the seats, in seat order: they rank first. */
  #seatMembers(): string[] {
    return (this.#segment?.setup.seats ?? this.#draft.seats).map((s) => s.member);
  }

  /** Whether this browser has a table's lobby or game (a newcomer has neither until a lobby comes). */
  #admitted(): boolean {
    return this.#segment !== null || this.#draft.seats.length > 0;
  }

  #host(): string | null {
    return this.#presence.host(this.#seatMembers(), this.#admitted(), this.#passedOver);
  }

  /** The host orders entries only while it sees most of the seats' browsers (presence.ts). */
  #quorum(): boolean {
    const seg = this.#segment;
    return !seg || this.#presence.quorum(seg.setup.seats.map((s) => s.member));
  }

  // ---- internals: links and identity ----

  /** A link is open (or found open): the first time, this browser sends its challenge. */
  #opened(peer: PeerId): void {
    if (this.#closed) return;
    const { nonce, fresh } = this.#links.open(peer);
    if (fresh) this.#send(peer, { t: 'challenge', room: this.room, n: nonce });
  }

  /** Our hello on one link: an answer to the challenge it sent. */
  #sendHello(peer: PeerId): void {
    const nonces = this.#links.nonces(peer);
    if (!nonces?.theirs) return;
    const { room, member } = this;
    const name = this.#name;
    const key = this.#personKey;
    const binding = {
      room,
      member,
      name,
      from: this.transport.id,
      to: peer,
      challenge: nonces.theirs,
      nonce: nonces.mine,
    };
    const sig = signHello(binding, key.signing);
    this.#send(peer, { t: 'hello', room, member, name, key: key.publicKey, n: nonces.mine, sig });
  }

  #onChallenge(peer: PeerId, m: Extract<Wire, { t: 'challenge' }>): void {
    if (m.room !== this.room) return this.#drop('WRONG_ROOM', `${m.room} from ${peer}`);
    this.#opened(peer);
    const answer = this.#links.challenged(peer, m.n);
    if (answer === 'same') return;
    if (answer === 'flood')
      return this.#drop('TOO_FREQUENT', `challenge after challenge from ${peer}`);
    // The other side started afresh: what it proved before counts no more.
    if (answer.restarted) this.#presence.unlink(peer);
    const { mine } = this.#links.nonces(peer) ?? { mine: '' };
    this.#send(peer, { t: 'challenge', room: this.room, n: mine });
    this.#sendHello(peer);
  }

  /**
   * The keys a member may prove: its person's seat keys in every signed setup
   * (and the lobby's draft) once it has one; else the key it first proved here.
   */
  #keyAllowed(member: string, key: string): boolean {
    if (this.#removed.has(member) || this.#removed.has(key)) return false;
    const signed = [...this.#past, ...(this.#segment ? [this.#segment] : [])];
    const seats = [...signed.flatMap((s) => s.setup.seats), ...this.#draft.seats];
    const keys = seats.filter((s) => s.member === member && s.bot === null).map((s) => s.key);
    if (keys.length > 0) return keys.includes(key);
    const known = this.#presence.get(member)?.key ?? '';
    return known === '' || known === key;
  }

  /** Drops a link that broke the handshake's limits; a member it brought to the lobby goes too. */
  #cut(peer: PeerId, reason: string): void {
    this.#drop('TOO_FREQUENT', `${reason} from ${peer}: link dropped`);
    const member = this.#presence.unlink(peer);
    this.#links.closed(peer);
    this.transport.disconnect(peer);
    if (member && !this.#segment?.setup.seats.some((s) => s.member === member)) {
      this.#expel(member, 'its link flooded the table');
    }
  }

  /** Forgets a member that holds no seat in the signed game, and keeps it out. */
  #expel(member: string, reason: string): void {
    const info = this.#presence.get(member);
    if (this.#removed.size >= 4 * MAX_MEMBERS) this.#removed.clear();
    this.#removed.add(member);
    if (info?.key) this.#removed.add(info.key);
    if (info?.peer && this.#presence.memberOf(info.peer) === member) {
      this.#links.closed(info.peer);
      this.transport.disconnect(info.peer);
    }
    this.#presence.forget(member);
    this.#newcomers.delete(member);
    this.#event('INFO', `${info?.name ?? member} ${reason}`);
    if (this.#phase === 'lobby' && this.isHost) {
      const seats = this.#draft.seats.filter((s) => s.member !== member);
      this.#draft = { ...this.#draft, seats };
    }
    this.#broadcastLobby();
    this.#changed();
  }

  /** Relayed offers and answers (net/mesh.ts) carry the sender's proof: signed by a member's key. */
  #offerGuard(): OfferGuard {
    return {
      prove: (to, sdp) => {
        const link = { from: this.transport.id, to, sdp };
        const key = this.#personKey;
        const sig = signOffer(this.room, this.member, link, key.signing);
        return Promise.resolve(JSON.stringify({ member: this.member, key: key.publicKey, sig }));
      },
      check: (from, sdp, proof) => Promise.resolve(this.#offerProven(from, sdp, proof)),
    };
  }

  #offerProven(from: PeerId, sdp: string, proof: string | null): boolean {
    let claim: unknown;
    try {
      claim = JSON.parse(proof ?? 'null');
    } catch {
      claim = null;
    }
    const { member, key, sig } = isJsonRecord(claim) ? claim : {};
    const fine =
      typeof member === 'string' &&
      typeof key === 'string' &&
      typeof sig === 'string' &&
      member !== this.member &&
      checkOffer(this.room, member, { from, to: this.transport.id, sdp }, key, sig) &&
      this.#keyAllowed(member, key) &&
      (this.#presence.memberOf(from) ?? member) === member;
    if (!fine) this.#drop('UNKNOWN_PEER', `a relayed offer "from" ${from} with no proof of it`);
    return fine;
  }

  #lobbyHost(): SessionResult<true> {
    if (this.#phase !== 'lobby') return fail('NOT_NOW', 'the game has started');
    if (!this.isHost) return fail('NOT_HOST', 'only the host sets up the table');
    return ok(true);
  }

  #full(): SessionResult<never> | null {
    const v = variantOf(this.#draft.variant as VariantId);
    return this.#draft.seats.length >= v.maxPlayers
      ? fail('BAD_SETUP', `${v.title} seats at most ${v.maxPlayers}`)
      : null;
  }

  #draftOptions(): Readonly<Record<string, number>> {
    const v = this.#draft.variant as VariantId;
    const checked = checkOptions(v, Math.max(1, this.#draft.seats.length), this.#draft.options);
    return checked.ok ? checked.value : {};
  }

  #lobbyChanged(): SessionResult<true> {
    this.#broadcastLobby();
    this.#changed();
    return ok(true);
  }

  /** The host's lobby; once the game is on, it only tells who is at the table. */
  #broadcastLobby(): void {
    if (!this.isHost) return;
    const members: MemberInfo[] = this.#presence.order.flatMap((m) => {
      const info = this.#presence.get(m);
      return info?.peer ? [{ member: m, name: info.name, peer: info.peer }] : [];
    });
    this.#broadcast({ t: 'lobby', room: this.room, draft: this.#draft, members });
  }

  #renameSeats(member: string, name: string): void {
    const seats = this.#draft.seats.map((s) =>
      s.member === member && s.bot === null && s.key === this.#presence.get(member)?.key
        ? { ...s, name }
        : s,
    );
    this.#draft = { ...this.#draft, seats };
    this.#lobbyChanged();
  }

  /** A link closed (or was replaced): what it proved is forgotten. */
  #linkClosed(peer: PeerId): void {
    this.#links.closed(peer);
    this.#buckets.delete(peer);
    this.#wantBuckets.delete(peer);
    this.#asked.delete(peer);
    const member = this.#presence.unlink(peer);
    if (member) this.#event('INFO', `${this.#presence.get(member)?.name ?? member} left`);
    this.#hostCheck();
    this.#changed();
  }

  #tick(): void {
    if (this.#closed) return;
    const seq = this.#segment?.ledger.seq ?? 0;
    const hash = this.#segment?.ledger.hash ?? '';
    const host = this.#host();
    this.#broadcast({ t: 'beat', game: this.#segment?.game ?? null, seq, hash, host });
    // links to members we know but lost: try again
    for (const [m, info] of this.#presence.members()) {
      if (m !== this.member && info.peer && !this.transport.peers().includes(info.peer)) {
        if (this.member < m) void this.transport.connect(info.peer);
      }
    }
    // Catch-up after a hand-over waits at most the away limit for the seats' answers.
    if (this.#syncing && this.#now() > this.#syncUntil) {
      this.#event('INFO', `sequencing on without an answer from ${[...this.#syncing].join(', ')}`);
      this.#syncing = null;
      this.#schedulePump();
    }
    this.#passOver();
    this.#hostCheck();
    this.#stallCheck();
    this.#repeatReady();
    this.#handBack();
    // The host's own entries wait while it lacks a quorum: try again each beat.
    if (this.isHost) this.#schedulePump();
    // A change of seats that not every seat signed in time is given up: play goes on as it was.
    const p = this.#proposal;
    if (p && this.#segment && this.#now() - p.at > 2 * this.timing.awayMs) {
      this.#proposal = null;
      this.#event('INFO', 'the change of seats was not signed by every seat in time');
      this.#schedulePump();
    }
    // A submission the host never ordered (it was lost with a link): send it again.
    if (this.#submittedAt === seq && this.#now() - this.#lastProgress > this.timing.awayMs / 2) {
      this.#submittedAt = -1;
      this.#schedulePump();
    }
    this.#changed();
  }

  /** Whether a new setup may start now: the current round is not dealt yet. */
  #atRoundStart(seg: Segment): boolean {
    const table = seg.ledger.any;
    const deck = table.preparing === null ? undefined : table.deal.decks[table.preparing];
    const dealing = deck !== undefined && deck.shuffles.length > 0;
    return table.view.phase === 'deal' && !dealing && !this.#proposal;
  }

  /**
   * The host hands a seat back to the person who held it once they are here again,
   * before the next deal: a bot kept it while they were away.
   */
  #handBack(): void {
    const seg = this.#segment;
    if (!seg || !this.isHost || this.#hashes.desync || this.#ended || !this.#atRoundStart(seg))
      return;
    const owners = this.#past[0]?.setup.seats ?? [];
    let changed = false;
    // A newcomer stays on the list until a setup seats it (a proposal may expire unsigned).
    for (const m of this.#newcomers) {
      if (seg.setup.seats.some((s) => s.member === m)) this.#newcomers.delete(m);
    }
    const newcomers = [...this.#newcomers].filter((m) => this.#present(m));
    const seats = seg.setup.seats.map((s, i) => {
      const owner = owners[i];
      const back = owner && s.bot !== null && owner.bot === null && owner.member !== s.member;
      if (!back || !this.#present(owner.member)) return s;
      if (this.#presence.get(owner.member)?.key !== owner.key) return s;
      // Only to a browser that follows this host: one that does not (a host passed
      // over for censoring) would never sign, and the change would hold up play.
      if (!this.#presence.follows(owner.member, this.member)) return s;
      changed = true;
      return { ...owner, name: this.#presence.get(owner.member)?.name ?? owner.name };
    });
    const joining = newcomers.flatMap((member): SeatSetup[] => {
      const info = this.#presence.get(member);
      if (!info?.key || seats.some((x) => x.member === member)) return [];
      return [{ name: info.name, key: info.key, bot: null, member }];
    });
    let view = seg.ledger.any.record.preDeal;
    for (const _ of joining) {
      const joined = joinNewcomer(view);
      if (!joined.ok) return this.#event('NOT_NOW', `${joined.error.message} (TT-9)`);
      view = joined.value;
    }
    if (changed || joining.length > 0) this.#reseat(seg, [...seats, ...joining], view);
  }

  /** Proposes the current game under new seats, from the current round's deal. */
  #reseat(
    seg: Segment,
    seats: readonly SeatSetup[],
    view = seg.ledger.any.record.preDeal,
    round = seg.ledger.any.record.round,
  ): SessionResult<true> {
    const setup = parseSetup({
      ...seg.setup,
      seats,
      nonce: toBase64url(this.#random(16)),
      start: { round, view, after: seg.game },
    });
    if (!setup.ok) return setup;
    this.#propose(setup.value);
    return ok(true);
  }

  /** Between rounds, local seats say ready again, for browsers that came back since. */
  #repeatReady(): void {
    const seg = this.#segment;
    const waiting = seg && this.#betweenRounds(seg);
    if (!seg || !waiting) return;
    for (const seat of seg.seats.keys()) {
      if (waiting.ready[seat]) {
        this.#broadcast({ t: 'ready', game: seg.game, round: waiting.round, seat });
      }
    }
  }

  /** When the host changes to this browser, collect what the others hold before sequencing. */
  #hostCheck(): void {
    const host = this.#host();
    if (host === this.#hostSeen) return;
    const was = this.#hostSeen;
    this.#hostSeen = host;
    if (was !== null) this.#event('INFO', `host is now ${this.#presence.get(host ?? '')?.name}`);
    const seg = this.#segment;
    if (host === this.member && seg && was !== null) {
      // Only the seats' browsers hold entries that count; a watcher is not waited for.
      const others = [...new Set(this.#seatMembers())].filter(
        (m) => m !== this.member && this.#present(m),
      );
      this.#syncing = new Set(others);
      this.#syncUntil = this.#now() + this.timing.awayMs;
      this.#broadcast({ t: 'want', game: seg.game, from: seg.ledger.seq });
      if (others.length === 0) this.#syncing = null;
    }
    this.#submittedAt = -1;
    this.#schedulePump();
  }

  /**
   * A host that leaves a seat's valid entry unordered for the away limit, while
   * this browser has it pending, is passed over as if gone: the next member in
   * seat order sequences (it gets the entry from its author or from here).
   */
  #passOver(): void {
    const seg = this.#segment;
    const host = this.#host();
    if (!seg || !host || host === this.member) return;
    if (this.#hashes.desync || this.#ended) return;
    const now = this.#now();
    // Under a change of seats the host orders nothing: the wait starts again after it.
    if (this.#proposal) {
      for (const [s, q] of this.#pending) this.#pending.set(s, { ...q, since: now });
      return;
    }
    for (const [seat, p] of this.#pending) {
      if (p.seq !== seg.ledger.seq || now - p.since <= this.timing.awayMs) continue;
      this.#passedOver.add(host);
      this.#drop('CENSORED', `host ${host} left seat ${seat}'s entry ${p.seq} unordered`);
      for (const [s, q] of this.#pending) this.#pending.set(s, { ...q, since: now });
      this.#hostCheck();
      return;
    }
  }

  #stallCheck(): void {
    const seg = this.#segment;
    if (!seg || this.#phase !== 'playing' || this.#hashes.desync || this.#ended) {
      this.#stall = null;
      return;
    }
    const owed = this.#owed(seg);
    const idle = this.#now() - this.#lastProgress;
    if (owed.length === 0 || idle < this.timing.stallMs) {
      this.#stall = null;
      return;
    }
    const seats = [...new Set(owed.map((d) => d.seat))];
    const before = this.#stall;
    this.#stall = { seats, owes: [...new Set(owed.map((d) => d.kind))], sinceMs: idle };
    if (!before) this.#event('INFO', `waiting for seat ${seats.join(', ')}`);
  }

  /** What the table waits for: entries owed, or a person's ready between rounds. */
  #owed(seg: Segment): { seat: Seat; kind: EntryKind | 'ready' }[] {
    const table = seg.ledger.any;
    const waiting = this.#betweenRounds(seg);
    if (waiting) {
      return waiting.ready.flatMap((r, seat) => (r ? [] : [{ seat, kind: 'ready' as const }]));
    }
    return dues(table).map((d) => ({ seat: d.seat, kind: d.kind }));
  }

  // ---- internals: messages ----

  #send(peer: PeerId, message: Wire): void {
    this.transport.send(peer, encodeWire(message));
  }

  #broadcast(message: Wire): void {
    const text = encodeWire(message);
    for (const peer of this.transport.peers()) this.transport.send(peer, text);
  }

  /** To every member but the host and this browser. */
  #sendAhead(game: string, entry: string): void {
    const host = this.#host();
    const text = encodeWire({ t: 'ahead', game, entry });
    for (const peer of this.transport.peers()) {
      const member = this.#presence.memberOf(peer);
      if (member && member !== host) this.transport.send(peer, text);
    }
  }

  /** To the browsers of the seats (not watchers), this one aside. */
  #toSeats(message: Wire): void {
    const seats = new Set(this.#seatMembers());
    const text = encodeWire(message);
    for (const peer of this.transport.peers()) {
      const member = this.#presence.memberOf(peer);
      if (member && seats.has(member)) this.transport.send(peer, text);
    }
  }

  #toHost(message: Wire): void {
    const host = this.#host();
    const peer = host && this.#presence.get(host)?.peer;
    if (peer) this.#send(peer, message);
  }

  #event(code: SessionErrorCode | 'INFO', detail: string): void {
    this.#events.push({ at: this.#now(), code, detail });
    if (this.#events.length > MAX_EVENTS) this.#events.shift();
  }

  #drop(code: SessionErrorCode, detail: string): void {
    this.stats.dropped.set(code, (this.stats.dropped.get(code) ?? 0) + 1);
    this.#event(code, detail);
  }

  #allowed(
    peer: PeerId,
    buckets = this.#buckets,
    rate: { readonly burst: number; readonly perSecond: number } = this.#rate,
  ): boolean {
    const now = this.#now();
    const { burst, perSecond } = rate;
    const b = buckets.get(peer) ?? { tokens: burst, at: now };
    b.tokens = Math.min(burst, b.tokens + ((now - b.at) / 1000) * perSecond);
    b.at = now;
    buckets.set(peer, b);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  #receive(peer: PeerId, data: unknown): void {
    if (this.#closed) return;
    this.stats.received++;
    if (!this.#allowed(peer)) return this.#drop('TOO_FREQUENT', `from ${peer}`);
    const parsed = parseWire(data);
    if (!parsed.ok) return this.#drop(parsed.error.code, `${parsed.error.detail} from ${peer}`);
    const message = parsed.value;
    if (message.t === 'challenge') return this.#onChallenge(peer, message);
    if (message.t === 'hello') return this.#onHello(peer, message);
    const member = this.#presence.memberOf(peer);
    if (!member) return this.#drop('UNKNOWN_PEER', `${message.t} from ${peer} before hello`);
    this.#presence.heard(member);
    try {
      this.#handle(member, peer, message);
    } catch (error) {
      // A bug must not take the table down: name it and go on.
      this.#drop('MALFORMED_MESSAGE', `${message.t}: ${String(error)}`);
    }
    this.#changed();
  }

  #handle(member: string, peer: PeerId, m: Wire): void {
    const fromHost = member === this.#host();
    switch (m.t) {
      case 'challenge':
      case 'hello':
        return;
      case 'beat':
        this.#presence.claims(member, m.host);
        return this.#onBeat(member, peer, m.game, m.seq, m.hash);
      case 'lobby':
        if (m.room !== this.room) return this.#drop('WRONG_ROOM', m.room);
        // A newcomer takes the first lobby, from whichever member it met first.
        if (!fromHost && this.#admitted()) return this.#drop('NOT_HOST', `lobby from ${member}`);
        return this.#onLobby(m.draft, m.members);
      case 'propose':
        return this.#onPropose(m.setup, member);
      case 'agree':
        return this.#onAgree(m.game, m.agreement);
      case 'begin':
        return this.#onBegin(m.setup, m.agreements, member);
      case 'submit':
        return this.#onSubmit(member, m.game, m.entry);
      case 'ahead':
        return this.#onAhead(member, m.game, m.entry);
      case 'entry':
        return this.#onEntry(member, peer, m.game, m.seq, m.entry);
      case 'refused':
        return this.#onRefused(member, m.game, m.entry);
      case 'hashes':
        return this.#onHashes(member, m.game, m.from, m.list);
      case 'want':
        return this.#onWant(peer, m.game, m.from);
      case 'entries':
        return this.#onEntries(member, peer, m.game, m.from, m.list);
      case 'ready':
        return this.#onReady(member, m.game, m.round, m.seat);
      case 'end':
        if (!fromHost || m.game !== this.#segment?.game) return this.#drop('NOT_HOST', 'end');
        return this.#end(m.reason);
    }
  }

  #onHello(peer: PeerId, m: Extract<Wire, { t: 'hello' }>): void {
    if (m.room !== this.room) return this.#drop('WRONG_ROOM', `${m.room} from ${peer}`);
    const nonces = this.#links.nonces(peer);
    const binding = {
      room: m.room,
      member: m.member,
      name: m.name,
      from: peer,
      to: this.transport.id,
      challenge: nonces?.mine ?? '',
      nonce: m.n,
    };
    if (m.member === this.member || nonces?.theirs !== m.n || !checkHello(binding, m.key, m.sig)) {
      return this.#drop('UNKNOWN_PEER', `a hello from ${peer} not signed for this link`);
    }
    // One member per link: a link that speaks for a second one is flooding.
    const bound = this.#presence.memberOf(peer);
    if (bound !== undefined && bound !== m.member) {
      return this.#cut(peer, `a hello as ${m.member} on ${bound}'s link`);
    }
    if (!this.#keyAllowed(m.member, m.key)) {
      return this.#drop('UNKNOWN_PEER', `${m.member} with a key that is not its own`);
    }
    if (!this.#presence.admit(m.member, this.#seatMembers())) {
      return this.#drop('NOT_NOW', `${m.member}: the table holds ${MAX_MEMBERS} members`);
    }
    const name = cleanName(m.name) || 'Player';
    const isNew = this.#presence.hello(m.member, peer, name, m.key);
    if (isNew) this.#event('INFO', `${name} joined`);
    if (this.isHost) this.#welcome(peer, m.member, name, m.key);
    this.#hostCheck();
    this.#changed();
  }

  /** The host seats a newcomer in the lobby, or brings a returning browser up to date. */
  #welcome(peer: PeerId, member: string, name: string, key: string): void {
    if (this.#phase === 'lobby') {
      const seated = this.#draft.seats.some((s) => s.member === member);
      const v = variantOf(this.#draft.variant as VariantId);
      if (!seated && this.#draft.seats.length < v.maxPlayers) {
        const seat: SeatSetup = { name, key, bot: null, member };
        this.#draft = { ...this.#draft, seats: [...this.#draft.seats, seat] };
      } else if (seated) {
        this.#renameSeats(member, name);
      }
      this.#broadcastLobby();
      return;
    }
    this.#broadcastLobby();
    if (this.#proposal) this.#send(peer, { t: 'propose', setup: setupJson(this.#proposal.setup) });
    const seg = this.#segment;
    if (seg) {
      this.#send(peer, { t: 'begin', setup: setupJson(seg.setup), agreements: seg.agreements });
    }
  }

  #onLobby(draft: LobbyDraft, members: readonly MemberInfo[]): void {
    if (this.#phase === 'lobby') this.#draft = draft;
    this.#presence.arrivals(members.map((m) => m.member));
    for (const info of members) {
      if (info.member === this.member) continue;
      const peers = this.transport.peers();
      if (!peers.includes(info.peer) && this.member < info.member) void this.link(info.peer);
      this.#presence.meet(info.member, info.name, info.peer);
    }
  }

  #propose(setup: TableSetup): void {
    const game = gameId(setup);
    this.#proposal = { setup, game, agreements: new Map(), at: this.#now(), from: this.member };
    if (this.#phase === 'lobby') this.#phase = 'agreeing';
    this.#broadcast({ t: 'propose', setup: setupJson(setup) });
    this.#signLocal(setup);
    this.#changed();
  }

  #signLocal(setup: TableSetup): void {
    const game = gameId(setup);
    this.#signed.add(game);
    setup.seats.forEach((s, seat) => {
      const keys = this.#keys.get(s.key);
      if (s.member !== this.member || !keys) return;
      const agreement = signAgreement(setup, seat, keys.signing);
      this.#broadcast({ t: 'agree', game, agreement });
      this.#onAgree(game, agreement);
    });
  }

  /**
   * Signs a proposed setup for this browser's seats: the host's first setup, or a
   * change of seats the host proposes when one is due (see #changeRefusal).
   */
  #onPropose(text: string, from: string): void {
    const setup = this.#parseSetupText(text);
    if (!setup) return;
    const game = gameId(setup);
    if (this.#signed.has(game) || this.#segment?.game === game) return;
    const refusal = this.#changeRefusal(setup, from);
    const before = this.#deferred;
    const again = before?.text === text;
    this.#deferred = null;
    if (refusal?.code === 'START_MISMATCH') {
      // This browser may only be behind: it judges the proposal again as it catches up.
      this.#deferred = { text, from, at: again ? before.at : this.#now() };
    }
    if (refusal) {
      if (again) return;
      return this.#drop(refusal.code, `change of seats from ${from}: ${refusal.detail}`);
    }
    // Sign only a setup that seats this browser's keys under its own name.
    const mine = setup.seats.filter((s) => s.member === this.member);
    const honest = mine.every(
      (s) =>
        this.#keys.has(s.key) &&
        (s.bot !== null || s.key !== this.#personKey.publicKey || s.name === this.#name),
    );
    if (!honest) return this.#drop('BAD_SETUP', 'a proposed setup misstates this browser’s seat');
    this.#proposal = { setup, game, agreements: new Map(), at: this.#now(), from };
    if (this.#phase === 'lobby') this.#phase = 'agreeing';
    this.#signLocal(setup);
  }

  /**
   * Why this browser will not sign or follow `setup`, proposed by `from`, or null.
   * Before any game: only the host's. Once a game is on, only a change of seats by
   * the host that continues this very game, from a start equal to this browser's
   * own ledger (the record verifier's check), and only when a change is due: each
   * seat stays as it is, goes to a bot the proposer runs when its browser is gone
   * or stalled here, goes back to the person who first held it, or is a newcomer's
   * (TT-9, which the start check allows only where the rules do).
   */
  #changeRefusal(setup: TableSetup, from: string): SessionError | null {
    const seg = this.#segment;
    const host = this.#host();
    if (from !== host) return { code: 'NOT_HOST', detail: `${from} is not the host` };
    if (!seg) return null;
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
    const owners = this.#past[0]?.setup.seats ?? cur.seats;
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
      } else if (!this.#mayGoToBot(seg, i)) {
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
  #mayGoToBot(seg: Segment, seat: Seat): boolean {
    const member = seg.setup.seats[seat]?.member ?? '';
    if (member === this.member) return this.#returning;
    if (!this.#present(member)) return true;
    const idle = this.#now() - this.#lastProgress;
    return (
      idle >= this.timing.stallMs / 2 &&
      this.#owed(seg).some((d) => d.seat === seat) &&
      !this.#submitting(seg, seat)
    );
  }

  #parseSetupText(text: string): TableSetup | null {
    let raw: unknown;
    try {
      raw = JSON.parse(text);
    } catch {
      this.#drop('BAD_SETUP', 'not JSON');
      return null;
    }
    const setup = parseSetup(raw);
    if (!setup.ok) {
      this.#drop(setup.error.code, setup.error.detail);
      return null;
    }
    if (setup.value.room !== this.room) {
      this.#drop('WRONG_ROOM', setup.value.room);
      return null;
    }
    return setup.value;
  }

  #onAgree(game: string, agreement: Agreement): void {
    const p = this.#proposal;
    if (!p || p.game !== game) return;
    const checked = checkAgreement(p.setup, agreement);
    if (!checked.ok) return this.#drop(checked.error.code, checked.error.detail);
    p.agreements.set(agreement.seat, agreement);
    if (this.isHost && p.agreements.size === p.setup.seats.length) {
      const agreements = [...p.agreements.values()].sort((a, b) => a.seat - b.seat);
      this.#broadcast({ t: 'begin', setup: setupJson(p.setup), agreements });
      this.#onBegin(setupJson(p.setup), agreements, this.member);
    }
  }

  /**
   * Play under a setup every seat signed: taken only from the host (or from whoever
   * proposed what this browser signed), and only for a setup this browser signed;
   * a browser with no seat in it follows only what it would have signed.
   */
  #onBegin(text: string, agreements: readonly Agreement[], from: string): void {
    const parsed = this.#parseSetupText(text);
    if (!parsed) return;
    const game = gameId(parsed);
    if (this.#segment?.game === game || this.#past.some((s) => s.game === game)) return;
    const proposer = this.#proposal?.game === game ? this.#proposal.from : null;
    if (from !== this.#host() && from !== proposer) {
      return this.#drop('NOT_HOST', `begin from ${from}, who is not the host`);
    }
    const seated = parsed.seats.some((s) => s.member === this.member);
    if (seated && !this.#signed.has(game)) {
      this.#onPropose(text, from);
      if (!this.#signed.has(game)) {
        return this.#drop('BAD_AGREEMENT', `begin from ${from}: a setup this browser did not sign`);
      }
    }
    if (!seated && this.#segment) {
      const refusal = this.#changeRefusal(parsed, from);
      if (refusal) return this.#drop(refusal.code, `begin from ${from}: ${refusal.detail}`);
    }
    const seg = openSegment(text, agreements, this.room, this.member, this.#keys);
    if (!seg.ok) return this.#drop(seg.error.code, seg.error.detail);
    const previous = this.#segment;
    if (previous) {
      // A reseated game keeps each person's autoplay choice, even across a time away.
      for (const [seat, rt] of seg.value.seats) {
        const key = seg.value.setup.seats[seat]?.key ?? '';
        rt.autoplay = this.#autoplay.get(key) ?? previous.seats.get(seat)?.autoplay ?? null;
      }
      this.#closeAudit(previous);
      this.#past.push(previous);
    }
    this.#segment = seg.value;
    this.#proposal = null;
    this.#returning = false;
    this.#phase = 'playing';
    this.#stall = null;
    this.#lastProgress = this.#now();
    this.#submittedAt = -1;
    this.#sent = { seq: -1, times: 0 };
    this.#pending.clear();
    this.#ahead.clear();
    this.#hashes.reset();
    this.#event('INFO', previous ? 'seats changed hands: the round is dealt afresh' : 'game on');
    this.#changed();
    this.#schedulePump();
  }

  /**
   * An entry to order. The host orders it; another seat's browser keeps it as
   * pending when it is valid at the head (the host is then expected to order it)
   * and passes it on to the host, whose link to its author may be down.
   */
  #onSubmit(member: string, game: string, entry: string): void {
    const seg = this.#segment;
    if (!seg || game !== seg.game) return this.#drop('WRONG_GAME', `submit from ${member}`);
    if (this.isHost) {
      if (this.#syncing || this.#hashes.desync || this.#ended || !this.#quorum()) {
        this.#notePending(seg, member, entry);
        return;
      }
      return this.#sequence(entry, member);
    }
    if (!seg.setup.seats.some((s) => s.member === this.member)) {
      return this.#drop('NOT_HOST', `submit from ${member} to a watcher`);
    }
    if (this.#notePending(seg, member, entry)) this.#toHost({ t: 'submit', game, entry });
  }

  /** Keeps a valid entry for the head as its seat's pending one; true when it is new. */
  #notePending(seg: Segment, member: string, entry: string): boolean {
    const read = readEnvelope(entry);
    if (!read.ok || read.value.seq !== seg.ledger.seq) return false;
    const { seat, seq } = read.value;
    if (this.#pending.get(seat)?.seq === seq) return false;
    const refused = seg.ledger.checkAhead(entry);
    if (refused) {
      this.#drop('REFUSED', `${refused.code} in an entry submitted by ${member}`);
      return false;
    }
    this.#pending.set(seat, { seq, entry, since: this.#now() });
    return true;
  }

  /** Whether a valid entry of `seat` waits to be ordered at the head. */
  #submitting(seg: Segment, seat: Seat): boolean {
    return this.#pending.get(seat)?.seq === seg.ledger.seq;
  }

  /**
   * A peer's hop on its way to the host: checked now, while the host checks it
   * too, so that when it comes in ordered it is applied at once (the next seat
   * then builds its own hop one check sooner). Once per log position.
   */
  #onAhead(member: string, game: string, entry: string): void {
    const seg = this.#segment;
    if (!seg || game !== seg.game || this.isHost || member === this.#host()) return;
    if (this.#hashes.desync || this.#checkedAhead === seg.ledger.seq) return;
    const read = readEnvelope(entry);
    if (!read.ok || read.value.seq !== seg.ledger.seq) return;
    this.#checkedAhead = seg.ledger.seq;
    const refused = seg.ledger.checkAhead(entry);
    if (refused) this.#drop('REFUSED', `${refused.code} in an entry sent ahead by ${member}`);
    else this.stats.checkedAhead++;
  }

  /** The host orders one entry: applies it and sends it to all, or refuses it for all to see. */
  #sequence(entry: string, from: string): void {
    const seg = this.#segment;
    // While the seats are being changed, the old setup takes no more entries.
    if (!seg || this.#proposal) return;
    const seq = seg.ledger.seq;
    const r = seg.ledger.apply(entry);
    if (r.ok) {
      this.#broadcast({ t: 'entry', game: seg.game, seq, entry });
      this.#applied(seg);
      return;
    }
    if (r.error.code === 'BAD_SEQ' || r.error.code === 'BAD_CHAIN') {
      this.stats.stale++;
      if (this.#equivocated(seg, entry)) this.#broadcast({ t: 'refused', game: seg.game, entry });
      return;
    }
    if (!SIGNED_REFUSALS(r.error.code)) {
      return this.#drop('REFUSED', `${r.error.code} ${r.error.detail ?? ''} from ${from}`);
    }
    // Its author signed it: every browser checks the refusal and names the seat.
    this.#broadcast({ t: 'refused', game: seg.game, entry });
    this.#refused(seg, entry, r.error);
  }

  #refused(
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
    this.#event(
      'REFUSED',
      `seat ${seat ?? '?'}: ${error.code}${error.rule ? ` (${error.rule})` : ''}`,
    );
  }

  #onRefused(member: string, game: string, entry: string): void {
    const seg = this.#segment;
    if (!seg || game !== seg.game) return;
    if (member !== this.#host()) return this.#drop('NOT_HOST', 'refusal from a non-host');
    if (this.#equivocated(seg, entry)) return;
    const r = applyEntry(seg.ledger.any, entry);
    if (r.ok) {
      this.#event('INFO', 'the host refused an entry this browser accepts');
      return;
    }
    if (!SIGNED_REFUSALS(r.error.code)) return this.#drop('REFUSED', 'an unsigned refusal');
    this.#refused(seg, entry, r.error);
  }

  /**
   * A signed entry for a position the log already holds from the same seat, with
   * other content: both are kept as evidence naming the seat.
   */
  #equivocated(seg: Segment, entry: string): boolean {
    const read = readEnvelope(entry);
    const seq = read.ok ? read.value.seq : -1;
    const logged = seg.ledger.log[seq];
    if (logged === undefined || logged === entry) return false;
    const evidence = equivocation(seg.ledger.any.head, logged, entry);
    if (!evidence.ok) return false;
    const { seat } = evidence.value;
    const known = (e: Equivocation) => e.game === seg.game && e.seq === seq && e.seat === seat;
    if (this.#equivocations.some(known)) return true;
    // Kept in their own list: refusals, however many, never push the pair out.
    if (this.#equivocations.length < MAX_EQUIVOCATIONS) {
      this.#equivocations.push({ game: seg.game, seq, seat, entries: [logged, entry] });
    }
    this.#refusals.push({
      seq,
      seat,
      code: 'EQUIVOCATION',
      rule: null,
      detail: 'two different entries signed for one position',
    });
    if (this.#refusals.length > MAX_REFUSALS) this.#refusals.shift();
    this.#event('EQUIVOCATION', `seat ${evidence.value.seat} signed two entries for ${seq}`);
    return true;
  }

  #onEntry(member: string, peer: PeerId, game: string, seq: number, entry: string): void {
    const seg = this.#segment;
    if (!seg || game !== seg.game) return;
    const fromHost = member === this.#host();
    if (seq < seg.ledger.seq) return;
    if (seq > seg.ledger.seq) {
      if (!fromHost) return this.#drop('NOT_HOST', `entry ${seq} ahead of the log from ${member}`);
      if (seq > seg.ledger.seq + WINDOW) {
        return this.#drop('OUT_OF_WINDOW', `entry ${seq} from ${member}`);
      }
      this.#ahead.set(seq, entry);
      this.#ask(peer, game, seg.ledger.seq);
      return;
    }
    if (!this.#accept(seg, entry, fromHost, member)) return;
    for (let next = this.#ahead.get(seg.ledger.seq); next; next = this.#ahead.get(seg.ledger.seq)) {
      this.#ahead.delete(seg.ledger.seq);
      if (!this.#accept(seg, next, false, member)) break;
    }
  }

  /**
   * Applies an ordered entry. One the host ordered and this browser refuses is a
   * desync (its rules see otherwise); from anyone else it is only dropped.
   */
  #accept(seg: Segment, entry: string, fromHost: boolean, member: string): boolean {
    if (this.#hashes.desync) return false;
    const seq = seg.ledger.seq;
    const r = seg.ledger.apply(entry);
    if (!r.ok && !fromHost) {
      this.#drop('REFUSED', `${r.error.code} in entry ${seq} from ${member}`);
      return false;
    }
    if (!r.ok) {
      if (r.error.code === 'BAD_SEQ' || r.error.code === 'BAD_CHAIN') {
        this.#hashes.raise(seg, seq, `entry ${seq} does not follow this browser's log`);
      } else {
        this.#hashes.raise(seg, seq, `entry ${seq} refused here: ${r.error.code}`);
      }
      return false;
    }
    this.#applied(seg);
    return true;
  }

  /** After every applied entry: the hash goes out, progress is noted, own entries follow. */
  #applied(seg: Segment): void {
    const deferred = this.#deferred;
    if (deferred && this.#now() - deferred.at <= 2 * this.timing.awayMs) {
      this.#onPropose(deferred.text, deferred.from);
    } else {
      this.#deferred = null;
    }
    this.#returning = false;
    for (const [seat, p] of this.#pending) if (p.seq < seg.ledger.seq) this.#pending.delete(seat);
    this.#lastProgress = this.#now();
    this.#stall = null;
    this.#hashes.applied(seg);
    this.#hashes.forget(seg.ledger.seq - WINDOW);
    if (this.isHost) this.#handBack();
    this.#schedulePump();
    this.#changed();
  }

  /** A heartbeat says how far the sender is: fetch what it has, or compare where we both are. */
  #onBeat(member: string, peer: PeerId, game: string | null, seq: number, hash: string): void {
    const seg = this.#segment;
    if (!seg || game !== seg.game) return;
    if (seq > seg.ledger.seq) this.#ask(peer, game, seg.ledger.seq);
    else if (seq > 0) this.#onHashes(member, game, seq - 1, [hash]);
  }

  /** Asks a peer for the entries from `from` on, once per beat for the same position. */
  #ask(peer: PeerId, game: string, from: number): void {
    const last = this.#asked.get(peer);
    const now = this.#now();
    if (last?.from === from && now - last.at < this.timing.beatMs) return;
    this.#asked.set(peer, { from, at: now });
    this.#send(peer, { t: 'want', game, from });
  }

  /** A member's state hashes: only those within the window around the head are kept. */
  #onHashes(member: string, game: string, from: number, list: readonly string[]): void {
    const seg = this.#segment;
    if (!seg || game !== seg.game) return;
    const low = Math.max(from, seg.ledger.seq - WINDOW);
    const high = Math.min(from + list.length, seg.ledger.seq + WINDOW);
    if (low >= high) return this.#drop('OUT_OF_WINDOW', `hashes from ${from} from ${member}`);
    this.#hashes.received(seg, member, low, list.slice(low - from, high - from));
  }

  #onWant(peer: PeerId, game: string, from: number): void {
    const seg = this.#segment;
    if (!seg || game !== seg.game) return;
    if (!this.#allowed(peer, this.#wantBuckets, WANT_RATE)) {
      return this.#drop('TOO_FREQUENT', `want from ${peer}`);
    }
    const list = seg.ledger.log.slice(from);
    const head = seg.ledger.seq;
    if (list.length === 0) {
      this.#send(peer, { t: 'entries', game, from, list: [], head });
      return;
    }
    let at = from;
    for (const batch of batches(list)) {
      this.#send(peer, { t: 'entries', game, from: at, list: batch, head });
      at += batch.length;
    }
  }

  #onEntries(
    member: string,
    peer: PeerId,
    game: string,
    from: number,
    list: readonly string[],
  ): void {
    const seg = this.#segment;
    if (!seg || game !== seg.game) return;
    // Beyond the head, only the sequencer's entries are kept, and only within the window.
    const keep = member === this.#host();
    let dropped = 0;
    list.forEach((entry, i) => {
      const seq = from + i;
      if (seq === seg.ledger.seq) this.#onEntry(member, peer, game, seq, entry);
      else if (seq > seg.ledger.seq && keep && seq <= seg.ledger.seq + WINDOW) {
        this.#ahead.set(seq, entry);
      } else if (seq > seg.ledger.seq) dropped++;
    });
    if (dropped > 0) {
      this.#drop('OUT_OF_WINDOW', `${dropped} entries ahead of the log from ${member}`);
    }
    if (this.#syncing?.delete(member) && this.#syncing.size === 0) {
      this.#syncing = null;
      this.#event('INFO', 'this browser now sequences the table');
      this.#schedulePump();
    }
  }

  #onReady(member: string, game: string, round: number, seat: Seat): void {
    const seg = this.#segment;
    if (!seg || game !== seg.game) return;
    if (seg.setup.seats[seat]?.member !== member) return this.#drop('UNKNOWN_PEER', 'ready');
    const current = seg.ledger.any.record.round;
    if (Math.abs(round - current) > 1) {
      return this.#drop('OUT_OF_WINDOW', `ready for round ${round} from ${member}`);
    }
    this.#markReady(round, seat);
    this.#schedulePump();
  }

  #markReady(round: number, seat: Seat): void {
    const set = this.#ready.get(round) ?? new Set<Seat>();
    set.add(seat);
    this.#ready.set(round, set);
    for (const r of this.#ready.keys()) if (r < round - 1) this.#ready.delete(r);
  }

  /** A round left with its play over but secrets missing is audited without them (they are named). */
  #closeAudit(seg: Segment): void {
    const table = seg.ledger.any;
    const over = table.view.phase === 'roundOver' || table.view.phase === 'gameOver';
    if (over && !table.record.audit && !this.#closing.has(seg.game)) {
      this.#closing.set(seg.game, auditTable(table));
    }
  }

  #end(reason: string): void {
    const seg = this.#segment;
    if (seg) this.#closeAudit(seg);
    this.#ended = { reason, scores: seg ? [...seg.ledger.any.view.scores] : [] };
    this.#phase = 'ended';
    this.#event('INFO', reason);
    this.#changed();
  }

  // ---- internals: this browser's own entries ----

  #schedulePump(): void {
    if (this.#pumpQueued || this.#closed) return;
    this.#pumpQueued = true;
    setTimeout(() => {
      this.#pumpQueued = false;
      this.#pump();
    }, 0);
  }

  /** Sends the next entry one of this browser's seats owes, if any. */
  #pump(): void {
    const seg = this.#segment;
    if (!seg || this.#closed || this.#hashes.desync || this.#ended || this.#phase !== 'playing')
      return;
    if (this.#syncing) return;
    const waiting = this.#betweenRounds(seg);
    if (waiting) {
      // An autoplay seat is ready at once; the others hear it.
      for (const rt of seg.seats.values()) {
        if (rt.autoplay && !waiting.ready[rt.seat]) this.ready(rt.seat);
      }
      return;
    }
    const host = this.isHost;
    if (host && this.#quorum()) {
      // Entries others kept pending while another host ignored them.
      for (const p of this.#pending.values()) {
        if (p.seq === seg.ledger.seq) return this.#sequence(p.entry, this.member);
      }
    }
    if (!host && this.#submittedAt === seg.ledger.seq) return;
    for (const rt of seg.seats.values()) {
      const draft = this.#own.next(seg, rt, this.#ready);
      if (draft) {
        this.#submit(rt.seat, draft);
        return;
      }
    }
  }

  #betweenRounds(seg: Segment): { round: number; ready: boolean[] } | null {
    return betweenRounds(seg, this.#ready);
  }

  #submit(seat: Seat, draft: EntryDraft): void {
    const seg = this.#segment;
    const rt = seg?.seats.get(seat);
    if (!seg || !rt) return;
    const entry = seg.ledger.sign(seat, draft, rt.signing);
    this.stats.submitted++;
    if (this.isHost) {
      if (!this.#syncing && this.#quorum()) this.#sequence(entry, this.member);
      return;
    }
    this.#submittedAt = seg.ledger.seq;
    const seq = seg.ledger.seq;
    this.#sent = { seq, times: this.#sent.seq === seq ? this.#sent.times + 1 : 1 };
    const message: Wire = { t: 'submit', game: seg.game, entry };
    if (this.#sent.times <= RESENDS) {
      this.#toHost(message);
    } else {
      // The host has not ordered it after a few resends: every seat sees it is pending.
      if (!this.#pending.has(seat)) this.#pending.set(seat, { seq, entry, since: this.#now() });
      this.#toSeats(message);
    }
    if (draft.kind === 'shuffle-hop' || draft.kind === 'lock-hop') this.#sendAhead(seg.game, entry);
  }

  // ---- internals: the snapshot ----

  #changed(): void {
    if (this.#notifyQueued || this.#closed) return;
    this.#notifyQueued = true;
    queueMicrotask(() => {
      this.#notifyQueued = false;
      if (this.#closed) return;
      this.#onChange?.(this);
      if (this.#listeners.size === 0) return;
      const snap = this.snapshot;
      for (const l of this.#listeners) l(snap);
    });
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
