// The lobby: the host draws up the setup (variant, options, seats), seats each
// newcomer that says hello and tells everyone the draft and who is at the table;
// a guest takes the host's lobby. During a game a guest greeted by a newcomer
// tells it who is at the table, so it links on to whoever hosts now.
// Of the core it touches only LobbyCore (below): the draft changes through setDraft, the
// person's name through rename.
import type { BotLevel } from '$lib/bots';
import { type Seat, type VariantId, variantOf } from '$lib/engine';
import type { PeerId } from '$lib/net';
import { toBase64url } from '$lib/protocol/crypto/bytes';
import type { Core } from '../core';
import { fail, ok, type SessionResult } from '../errors';
import {
  checkOptions,
  cleanName,
  gameId,
  isTurnClock,
  parseSetup,
  type SeatSetup,
  setupJson,
} from '../setup';
import type { LobbyDraft, MemberInfo, Wire } from '../wire';

/** What the lobby may touch of the session's core (core.ts). */
export type LobbyCore = Pick<
  Core,
  // who and where it is, and its clock
  | 'room'
  | 'member'
  | 'transport'
  | 'random'
  // what it reads
  | 'phase'
  | 'draft'
  | 'segment'
  | 'isHost'
  | 'admitted'
  | 'seatMembers'
  | 'presence'
  // what it changes (Core's named methods)
  | 'setDraft'
  | 'rename'
  | 'newKeys'
  // sending and telling
  | 'send'
  | 'broadcast'
  | 'changed'
  // the other parts it calls
  | 'identity'
  | 'agreeing'
>;

export class Lobby {
  readonly #t: LobbyCore;

  constructor(t: LobbyCore) {
    this.#t = t;
  }

  setVariant(variant: VariantId): SessionResult<true> {
    const guard = this.lobbyHost();
    if (!guard.ok) return guard;
    const v = variantOf(variant);
    if (this.#t.draft.seats.length > v.maxPlayers) {
      return fail('BAD_SETUP', `${v.title} seats at most ${v.maxPlayers}`);
    }
    this.#t.setDraft({ ...this.#t.draft, variant, options: {} });
    return this.lobbyChanged();
  }

  setOption(key: string, value: number): SessionResult<true> {
    const guard = this.lobbyHost();
    if (!guard.ok) return guard;
    const options = { ...this.#t.draft.options, [key]: value };
    const v = this.#t.draft.variant as VariantId;
    const checked = checkOptions(v, Math.max(1, this.#t.draft.seats.length), options);
    if (!checked.ok) return checked;
    this.#t.setDraft({ ...this.#t.draft, options });
    return this.lobbyChanged();
  }

  /** Seconds per turn (30, 60, 120), or 0 for no turn clock. */
  setTurnClock(seconds: number): SessionResult<true> {
    const guard = this.lobbyHost();
    if (!guard.ok) return guard;
    if (seconds !== 0 && !isTurnClock(seconds)) {
      return fail('BAD_SETUP', `a turn clock of ${seconds} s: it is 0 (off), 30, 60 or 120`);
    }
    const { turnClock: _, ...rest } = this.#t.draft;
    this.#t.setDraft(seconds === 0 ? rest : { ...rest, turnClock: seconds });
    return this.lobbyChanged();
  }

  addBot(level: BotLevel, name?: string): SessionResult<Seat> {
    const guard = this.lobbyHost();
    if (!guard.ok) return guard;
    const full = this.full();
    if (full) return full;
    const keys = this.#t.newKeys();
    const n = this.#t.draft.seats.filter((s) => s.bot).length + 1;
    const seat: SeatSetup = {
      // Language-free on the wire: each viewer says "Bot n" in their own words.
      name: cleanName(name) || `Bot ${n}`,
      key: keys.publicKey,
      bot: level,
      member: this.#t.member,
    };
    this.#t.setDraft({ ...this.#t.draft, seats: [...this.#t.draft.seats, seat] });
    this.lobbyChanged();
    return ok(this.#t.draft.seats.length - 1);
  }

  /** Another person playing on this browser (pass-and-play). */
  addPlayer(name: string): SessionResult<Seat> {
    const guard = this.lobbyHost();
    if (!guard.ok) return guard;
    const full = this.full();
    if (full) return full;
    const keys = this.#t.newKeys();
    const seat: SeatSetup = {
      name: cleanName(name) || `Player ${this.#t.draft.seats.length + 1}`,
      key: keys.publicKey,
      bot: null,
      member: this.#t.member,
    };
    this.#t.setDraft({ ...this.#t.draft, seats: [...this.#t.draft.seats, seat] });
    this.lobbyChanged();
    return ok(this.#t.draft.seats.length - 1);
  }

  removeSeat(seat: Seat): SessionResult<true> {
    const guard = this.lobbyHost();
    if (!guard.ok) return guard;
    if (!this.#t.draft.seats[seat]) return fail('NOT_NOW', `no seat ${seat}`);
    this.#t.setDraft({ ...this.#t.draft, seats: this.#t.draft.seats.filter((_, i) => i !== seat) });
    return this.lobbyChanged();
  }

  moveSeat(from: Seat, to: Seat): SessionResult<true> {
    const guard = this.lobbyHost();
    if (!guard.ok) return guard;
    const seats = [...this.#t.draft.seats];
    const [moved] = seats.splice(from, 1);
    if (!moved || to < 0 || to > seats.length) return fail('NOT_NOW', 'no such seat');
    seats.splice(to, 0, moved);
    this.#t.setDraft({ ...this.#t.draft, seats });
    return this.lobbyChanged();
  }

  rename(name: string): SessionResult<true> {
    const clean = cleanName(name);
    if (!clean) return fail('BAD_SETUP', 'a name needs at least one letter');
    if (this.#t.phase !== 'lobby') return fail('NOT_NOW', 'names are set in the lobby');
    this.#t.rename(clean);
    for (const peer of this.#t.identity.links.answerable()) this.#t.identity.sendHello(peer);
    if (this.#t.isHost) this.renameSeats(this.#t.member, clean);
    return ok(true);
  }

  /** The host proposes the lobby's setup; play begins once every seat has signed it. */
  start(): SessionResult<string> {
    const guard = this.lobbyHost();
    if (!guard.ok) return guard;
    const setup = parseSetup({
      room: this.#t.room,
      variant: this.#t.draft.variant,
      options: this.draftOptions(),
      ...(this.#t.draft.turnClock === undefined ? {} : { turnClock: this.#t.draft.turnClock }),
      seats: this.#t.draft.seats,
      nonce: toBase64url(this.#t.random(16)),
      start: null,
    });
    if (!setup.ok) return setup;
    this.#t.agreeing.propose(setup.value);
    return ok(gameId(setup.value));
  }

  lobbyHost(): SessionResult<true> {
    if (this.#t.phase !== 'lobby') return fail('NOT_NOW', 'the game has started');
    if (!this.#t.isHost) return fail('NOT_HOST', 'only the host sets up the table');
    return ok(true);
  }

  full(): SessionResult<never> | null {
    const v = variantOf(this.#t.draft.variant as VariantId);
    return this.#t.draft.seats.length >= v.maxPlayers
      ? fail('BAD_SETUP', `${v.title} seats at most ${v.maxPlayers}`)
      : null;
  }

  draftOptions(): Readonly<Record<string, number>> {
    const v = this.#t.draft.variant as VariantId;
    const checked = checkOptions(v, Math.max(1, this.#t.draft.seats.length), this.#t.draft.options);
    return checked.ok ? checked.value : {};
  }

  lobbyChanged(): SessionResult<true> {
    this.broadcastLobby();
    this.#t.changed();
    return ok(true);
  }

  /** The host's lobby; once the game is on, it only tells who is at the table. */
  broadcastLobby(): void {
    if (this.#t.isHost) this.#t.broadcast(this.message());
  }

  /**
   * The draft and who is at the table, and where to link each. Once a game is on,
   * its seats stand for the draft's: they rank who hosts (a rematch moved hosting
   * left), so a newcomer takes the browser that hosts now for host.
   */
  message(): Extract<Wire, { t: 'lobby' }> {
    const members: MemberInfo[] = this.#t.presence.order.flatMap((m) => {
      const info = this.#t.presence.get(m);
      return info?.peer ? [{ member: m, name: info.name, peer: info.peer }] : [];
    });
    const setup = this.#t.segment?.setup;
    const { watchersReact } = this.#t.draft;
    const draft: LobbyDraft = setup
      ? {
          variant: setup.variant,
          options: setup.options,
          seats: setup.seats,
          ...(setup.turnClock === undefined ? {} : { turnClock: setup.turnClock }),
          ...(watchersReact ? { watchersReact } : {}),
        }
      : this.#t.draft;
    return { t: 'lobby', room: this.#t.room, draft, members };
  }

  /**
   * A guest greeted by a browser new to the table while a game is on (its invite
   * named a browser that hosted once: a rematch or a hand-over moved hosting)
   * tells it who is at the table, so it links on to the host. It seats nobody: a
   * browser already at the table takes a lobby only from the host.
   */
  introduce(peer: PeerId, member: string): void {
    const seg = this.#t.segment;
    if (!seg || this.#t.isHost || seg.setup.seats.some((s) => s.member === member)) return;
    this.#t.send(peer, this.message());
  }

  renameSeats(member: string, name: string): void {
    const seats = this.#t.draft.seats.map((s) =>
      s.member === member && s.bot === null && s.key === this.#t.presence.get(member)?.key
        ? { ...s, name }
        : s,
    );
    this.#t.setDraft({ ...this.#t.draft, seats });
    this.lobbyChanged();
  }

  /** The host seats a newcomer in the lobby, or brings a returning browser up to date. */
  welcome(peer: PeerId, member: string, name: string, key: string): void {
    if (this.#t.phase === 'lobby') {
      const seated = this.#t.draft.seats.some((s) => s.member === member);
      const v = variantOf(this.#t.draft.variant as VariantId);
      if (!seated && this.#t.draft.seats.length < v.maxPlayers) {
        const seat: SeatSetup = { name, key, bot: null, member };
        this.#t.setDraft({ ...this.#t.draft, seats: [...this.#t.draft.seats, seat] });
      } else if (seated) {
        this.renameSeats(member, name);
      }
      this.broadcastLobby();
      return;
    }
    this.broadcastLobby();
    if (this.#t.agreeing.proposal)
      this.#t.send(peer, { t: 'propose', setup: setupJson(this.#t.agreeing.proposal.setup) });
    const seg = this.#t.segment;
    if (seg) {
      this.#t.send(peer, { t: 'begin', setup: setupJson(seg.setup), agreements: seg.agreements });
    }
  }

  /**
   * A lobby from the host (or, to a newcomer, from the member that greeted it).
   * Of two members the lower id links; a newcomer also links to the seats'
   * browsers ranked ahead of the member whose lobby it took, one of which hosts
   * (a guest that greeted it does not, and the host does not know it yet).
   */
  onLobby(draft: LobbyDraft, members: readonly MemberInfo[], from: string): void {
    const newcomer = !this.#t.admitted();
    if (this.#t.phase === 'lobby') this.#t.setDraft(draft);
    this.#t.presence.arrivals(members.map((m) => m.member));
    const seats = this.#t.seatMembers();
    const rank = this.#t.presence.rank(seats);
    const before = newcomer ? rank.slice(0, Math.max(0, rank.indexOf(from))) : [];
    const ahead = new Set(before.filter((m) => seats.includes(m)));
    for (const info of members) {
      if (info.member === this.#t.member) continue;
      const peers = this.#t.transport.peers();
      if (!peers.includes(info.peer) && (this.#t.member < info.member || ahead.has(info.member)))
        void this.#t.identity.link(info.peer);
      // Once a game is on, the lobby cannot name anyone after a seat (see nameFor).
      const name = this.#t.identity.nameFor(info.member, null, cleanName(info.name) || 'Player');
      this.#t.presence.meet(info.member, name, info.peer);
    }
  }
}
