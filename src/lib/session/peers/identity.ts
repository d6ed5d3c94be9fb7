// Links and identity: the challenge on each link, the signed hello that binds a
// member to the link it came on (its key checked against its seat keys), one
// member per link and at most MAX_MEMBERS, members the host removed, and the proof
// a relayed offer carries. A link that closes or is replaced forgets what it proved.
// Of the core it touches only IdentityCore (below): what links proved and whom the
// host removed are its own.
import type { OfferGuard, PeerId } from '$lib/net';
import { isJsonRecord } from '$lib/protocol';
import type { Core } from '../core';
import { fail, ok, type SessionResult } from '../errors';
import { checkHello, checkOffer, cleanName, MAX_NAME_LENGTH, signHello, signOffer } from '../setup';
import type { Wire } from '../wire';
import { Links } from './links';
import { MAX_MEMBERS } from './presence';

/** What the handshake may touch of the session's core (core.ts). */
export type IdentityCore = Pick<
  Core,
  // who and where it is, and its clock
  | 'room'
  | 'member'
  | 'transport'
  | 'random'
  // what it reads
  | 'name'
  | 'phase'
  | 'draft'
  | 'personKey'
  | 'segment'
  | 'past'
  | 'closed'
  | 'isHost'
  | 'seatMembers'
  | 'presence'
  // what it changes (Core's named methods)
  | 'setDraft'
  | 'event'
  | 'drop'
  // what it hears
  | 'segmentStarted'
  // sending and telling
  | 'send'
  | 'changed'
  // the other parts it calls
  | 'lobby'
  | 'sync'
  | 'seats'
>;

export class Identity {
  readonly #t: IdentityCore;
  /** Each link's handshake: the nonces its hellos sign. */
  readonly links: Links;
  /** Members the host removed (and their keys): their hellos are refused. */
  readonly #removed = new Set<string>();

  constructor(t: IdentityCore) {
    this.#t = t;
    this.links = new Links(t.random);
    // A new segment: a person seated in it goes by its seat's name; a seat's name
    // may come (back) with it, and a member without that seat goes by another.
    t.segmentStarted.on(({ segment }) => {
      const persons = segment.setup.seats.filter((x) => x.bot === null);
      for (const [member, m] of t.presence.members()) {
        const seat = persons.find((x) => x.member === member);
        const name = seat ? seat.name : this.#unclaimed(member, m.name);
        if (name !== m.name) t.presence.rename(member, name);
      }
    });
  }

  /** Links to another browser at the table (the invite's contact, or a member met later). */
  async link(peer: PeerId): Promise<SessionResult<true>> {
    const r = await this.#t.transport.connect(peer);
    if (!r.ok) return fail('UNKNOWN_PEER', r.error.message);
    this.opened(peer);
    return ok(true);
  }

  /**
   * The host removes a member that holds no seat in the signed game (in the lobby,
   * its seats go too): its link is dropped and its hellos are refused from now on.
   */
  removeMember(member: string): SessionResult<true> {
    if (!this.#t.isHost) return fail('NOT_HOST', 'only the host removes members');
    if (member === this.#t.member) return fail('NOT_NOW', 'the host cannot remove itself');
    if (!this.#t.presence.get(member)) return fail('NOT_NOW', `no member ${member}`);
    if (this.#t.segment?.setup.seats.some((s) => s.member === member)) {
      return fail('NOT_NOW', `${member} holds a seat: a seat changes hands only through a stall`);
    }
    this.expel(member, 'removed by the host');
    return ok(true);
  }

  /** A link is open (or found open): the first time, this browser sends its challenge. */
  opened(peer: PeerId): void {
    if (this.#t.closed) return;
    const { nonce, fresh } = this.links.open(peer);
    if (fresh) this.#t.send(peer, { t: 'challenge', room: this.#t.room, n: nonce });
  }

  /** Our hello on one link: an answer to the challenge it sent. */
  sendHello(peer: PeerId): void {
    const nonces = this.links.nonces(peer);
    if (!nonces?.theirs) return;
    const { room, member } = this.#t;
    const name = this.#t.name;
    const key = this.#t.personKey;
    const binding = {
      room,
      member,
      name,
      from: this.#t.transport.id,
      to: peer,
      challenge: nonces.theirs,
      nonce: nonces.mine,
    };
    const sig = signHello(binding, key.signing);
    this.#t.send(peer, { t: 'hello', room, member, name, key: key.publicKey, n: nonces.mine, sig });
  }

  onChallenge(peer: PeerId, m: Extract<Wire, { t: 'challenge' }>): void {
    if (m.room !== this.#t.room) return this.#t.drop('WRONG_ROOM', `${m.room} from ${peer}`);
    this.opened(peer);
    const answer = this.links.challenged(peer, m.n);
    if (answer === 'same') return;
    if (answer === 'flood')
      return this.#t.drop('TOO_FREQUENT', `challenge after challenge from ${peer}`);
    // The other side started afresh: what it proved before counts no more.
    if (answer.restarted) this.#t.presence.unlink(peer);
    const { mine } = this.links.nonces(peer) ?? { mine: '' };
    this.#t.send(peer, { t: 'challenge', room: this.#t.room, n: mine });
    this.sendHello(peer);
  }

  /**
   * The keys a member may prove: its person's seat keys in every signed setup
   * (and the lobby's draft) once it has one; else the key it first proved here.
   */
  keyAllowed(member: string, key: string): boolean {
    if (this.#removed.has(member) || this.#removed.has(key)) return false;
    const signed = [...this.#t.past, ...(this.#t.segment ? [this.#t.segment] : [])];
    const seats = [...signed.flatMap((s) => s.setup.seats), ...this.#t.draft.seats];
    const keys = seats.filter((s) => s.member === member && s.bot === null).map((s) => s.key);
    if (keys.length > 0) return keys.includes(key);
    const known = this.#t.presence.get(member)?.key ?? '';
    return known === '' || known === key;
  }

  /** Drops a link that broke the handshake's limits; a member it brought to the lobby goes too. */
  cut(peer: PeerId, reason: string): void {
    this.#t.drop('TOO_FREQUENT', `${reason} from ${peer}: link dropped`);
    const member = this.#t.presence.unlink(peer);
    this.links.closed(peer);
    this.#t.transport.disconnect(peer);
    if (member && !this.#t.segment?.setup.seats.some((s) => s.member === member)) {
      this.expel(member, 'its link flooded the table');
    }
  }

  /** Forgets a member that holds no seat in the signed game, and keeps it out. */
  expel(member: string, reason: string): void {
    const info = this.#t.presence.get(member);
    if (this.#removed.size >= 4 * MAX_MEMBERS) this.#removed.clear();
    this.#removed.add(member);
    if (info?.key) this.#removed.add(info.key);
    if (info?.peer && this.#t.presence.memberOf(info.peer) === member) {
      this.links.closed(info.peer);
      this.#t.transport.disconnect(info.peer);
    }
    this.#t.presence.forget(member);
    this.#t.seats.forgetNewcomer(member);
    this.#t.event('INFO', `${info?.name ?? member} ${reason}`);
    if (this.#t.phase === 'lobby' && this.#t.isHost) {
      const seats = this.#t.draft.seats.filter((s) => s.member !== member);
      this.#t.setDraft({ ...this.#t.draft, seats });
    }
    this.#t.lobby.broadcastLobby();
    this.#t.changed();
  }

  /** Relayed offers and answers (net/mesh.ts) carry the sender's proof: signed by a member's key. */
  offerGuard(): OfferGuard {
    return {
      prove: (to, sdp) => {
        const link = { from: this.#t.transport.id, to, sdp };
        const key = this.#t.personKey;
        const sig = signOffer(this.#t.room, this.#t.member, link, key.signing);
        return Promise.resolve(JSON.stringify({ member: this.#t.member, key: key.publicKey, sig }));
      },
      check: (from, sdp, proof) => Promise.resolve(this.offerProven(from, sdp, proof)),
    };
  }

  offerProven(from: PeerId, sdp: string, proof: string | null): boolean {
    let claim: unknown;
    try {
      claim = JSON.parse(proof ?? 'null');
    } catch {
      claim = null;
    }
    const { member, key, sig } = isJsonRecord(claim) ? claim : {};
    if (
      typeof member !== 'string' ||
      typeof key !== 'string' ||
      typeof sig !== 'string' ||
      member === this.#t.member ||
      !checkOffer(this.#t.room, member, { from, to: this.#t.transport.id, sdp }, key, sig) ||
      !this.keyAllowed(member, key)
    ) {
      this.#t.drop('UNKNOWN_PEER', `a relayed offer "from" ${from} with no proof of it`);
      return false;
    }
    // A member proves an offer from its own link only (not a departed member's).
    if (!this.#ownLink(member, from)) {
      this.#t.drop('UNKNOWN_PEER', `a relayed offer from ${member} "from" ${from}, not its link`);
      return false;
    }
    return true;
  }

  /**
   * Whether `peer` is `member`'s own link id: the one it proved here (or the host's
   * lobby gave for it); a member not known yet may only use an id no one else has,
   * so a departed member's id cannot be taken over.
   */
  #ownLink(member: string, peer: PeerId): boolean {
    const known = this.#t.presence.get(member)?.peer;
    if (known) return known === peer;
    return ![...this.#t.presence.members()].some(([, m]) => m.peer === peer);
  }

  /** A link closed (or was replaced): what it proved is forgotten (its member's budgets are not). */
  linkClosed(peer: PeerId): void {
    this.links.closed(peer);
    this.#t.sync.forgetLink(peer);
    const member = this.#t.presence.unlink(peer);
    if (member) this.#t.event('INFO', `${this.#t.presence.get(member)?.name ?? member} left`);
    this.#t.sync.hostCheck();
    this.#t.changed();
  }

  onHello(peer: PeerId, m: Extract<Wire, { t: 'hello' }>): void {
    if (m.room !== this.#t.room) return this.#t.drop('WRONG_ROOM', `${m.room} from ${peer}`);
    const nonces = this.links.nonces(peer);
    const binding = {
      room: m.room,
      member: m.member,
      name: m.name,
      from: peer,
      to: this.#t.transport.id,
      challenge: nonces?.mine ?? '',
      nonce: m.n,
    };
    if (
      m.member === this.#t.member ||
      nonces?.theirs !== m.n ||
      !checkHello(binding, m.key, m.sig)
    ) {
      return this.#t.drop('UNKNOWN_PEER', `a hello from ${peer} not signed for this link`);
    }
    // One member per link: a link that speaks for a second one is flooding.
    const bound = this.#t.presence.memberOf(peer);
    if (bound !== undefined && bound !== m.member) {
      return this.cut(peer, `a hello as ${m.member} on ${bound}'s link`);
    }
    if (!this.keyAllowed(m.member, m.key)) {
      return this.#t.drop('UNKNOWN_PEER', `${m.member} with a key that is not its own`);
    }
    if (!this.#t.presence.admit(m.member, this.#t.seatMembers())) {
      return this.#t.drop('NOT_NOW', `${m.member}: the table holds ${MAX_MEMBERS} members`);
    }
    this.links.proved(peer);
    const name = this.nameFor(m.member, m.key, cleanName(m.name) || 'Player');
    const isNew = this.#t.presence.hello(m.member, peer, name, m.key);
    if (isNew) this.#t.event('INFO', `${name} joined`);
    if (this.#t.isHost) this.#t.lobby.welcome(peer, m.member, name, m.key);
    else if (isNew) this.#t.lobby.introduce(peer, m.member);
    this.#t.sync.hostCheck();
    this.#t.changed();
  }

  /**
   * The name a member goes by here, said in its hello (with its `key`) or by the
   * host's lobby (`key` null). In the lobby, the one said. Once a game is on,
   * names are fixed: a seat's member goes by its seat's name in the signed setup,
   * a watcher by the name it first had here, unless a seat of this game (a
   * person's, or a bot's that may carry a person's name) goes by it: then it is
   * numbered (#unclaimed).
   */
  nameFor(member: string, key: string | null, said: string): string {
    const seats = this.#t.segment?.setup.seats.filter((s) => s.bot === null);
    if (!seats) return said;
    const seat = seats.find((s) => s.member === member && (key === null || s.key === key));
    if (seat) return seat.name;
    return this.#unclaimed(member, this.#t.presence.get(member)?.name ?? said);
  }

  /**
   * `wanted`, or `wanted` numbered while another member's seat in any of this
   * game's segments goes by it (a seat handed back to its person brings its name
   * back: a watcher that took it meanwhile would pass for that person).
   */
  #unclaimed(member: string, wanted: string): string {
    const seg = this.#t.segment;
    if (!seg) return wanted;
    const seats = [...this.#t.past, seg].flatMap((x) => x.setup.seats);
    const own = (s: (typeof seats)[number]) => s.member === member && s.bot === null;
    const mine = new Set(seats.filter(own).map((s) => s.name.toLowerCase()));
    const taken = new Set(seats.map((s) => s.name.toLowerCase()).filter((name) => !mine.has(name)));
    const base = [...wanted].slice(0, MAX_NAME_LENGTH - 4).join('');
    let name = wanted;
    for (let n = 2; taken.has(name.toLowerCase()); n++) name = `${base} ${n}`;
    return name;
  }
}
