// Who is at the table: each member's name, link and key, when it was last heard, and who hosts.
// A member is present only on a link where it proved its key (links.ts).
import type { PeerId } from '$lib/net';

/** Members a table holds at most (the lobby guests parse lists no longer). */
export const MAX_MEMBERS = 64;

export interface Member {
  readonly name: string;
  readonly peer: PeerId | null;
  /** The person's public key ('' until its own hello brings it). */
  readonly key: string;
  readonly lastHeard: number;
}

export class Presence {
  readonly #me: string;
  readonly #peers: () => readonly PeerId[];
  readonly #now: () => number;
  readonly #awayMs: number;
  readonly #members = new Map<string, Member>();
  /** Members in the order they came to the table (the host's lobby order). */
  #order: string[];
  readonly #byPeer = new Map<PeerId, string>();
  /** Whom each member last named as host in its heartbeat. */
  readonly #hostClaims = new Map<string, string | null>();

  /** `me` is this browser, always present; `peers` lists the open links. */
  constructor(
    me: string,
    self: Member,
    peers: () => readonly PeerId[],
    now: () => number,
    awayMs: number,
  ) {
    this.#me = me;
    this.#peers = peers;
    this.#now = now;
    this.#awayMs = awayMs;
    this.#members.set(me, self);
    this.#order = [me];
  }

  get(member: string): Member | undefined {
    return this.#members.get(member);
  }

  members(): IterableIterator<[string, Member]> {
    return this.#members.entries();
  }

  get order(): readonly string[] {
    return this.#order;
  }

  memberOf(peer: PeerId): string | undefined {
    return this.#byPeer.get(peer);
  }

  present(member: string): boolean {
    if (member === this.#me) return true;
    const m = this.#members.get(member);
    if (!m?.peer || this.#byPeer.get(m.peer) !== member) return false;
    if (!this.#peers().includes(m.peer)) return false;
    return this.#now() - m.lastHeard <= this.#awayMs;
  }

  /**
   * Whether a seat's browser is here as that seat's person: present, and proved
   * the seat's key (a browser back under another key is only a watcher of it).
   */
  presentAs(member: string, key: string): boolean {
    if (member === this.#me) return true;
    return this.present(member) && this.#members.get(member)?.key === key;
  }

  /** Members in rank order: the seats' (in seat order) first, then the rest as they came. */
  rank(seats: readonly string[]): string[] {
    return [...new Set([...seats, ...this.#order])];
  }

  /**
   * The first present member in rank order. A browser not `admitted` to the table
   * (a newcomer) hosts nothing, whoever greets it first: it waits for the host's lobby.
   * A member `passedOver` (it left a valid entry unordered) hosts nothing either.
   */
  host(
    seats: readonly string[],
    admitted: boolean,
    passedOver: ReadonlySet<string> = new Set(),
  ): string | null {
    return (
      this.rank(seats).find(
        (m) => (admitted || m !== this.#me) && !passedOver.has(m) && this.present(m),
      ) ?? null
    );
  }

  /**
   * Whether this browser, as host, sees most of the seats' browsers, so two sides
   * of a split table can never both extend the log (`half`: at least half of them).
   */
  quorum(seats: readonly string[], half = false): boolean {
    const browsers = new Set(seats);
    // A browser that last named someone else as host does not count for this one.
    const backing = [...browsers].filter((m) => {
      if (m === this.#me) return true;
      const claim = this.#hostClaims.get(m);
      return this.present(m) && (claim === undefined || claim === this.#me);
    });
    return half ? backing.length * 2 >= browsers.size : backing.length * 2 > browsers.size;
  }

  /** A member's signed hello: its link, name and key; true when it is new here. */
  hello(member: string, peer: PeerId, name: string, key: string): boolean {
    const known = this.#members.get(member);
    const previous = known?.peer;
    if (previous && previous !== peer) this.#byPeer.delete(previous);
    this.#byPeer.set(peer, member);
    this.#members.set(member, { name, peer, key, lastHeard: this.#now() });
    if (!this.#order.includes(member)) this.#order.push(member);
    return !known;
  }

  /**
   * Whether `member` may be known here: room for one more (at most MAX_MEMBERS),
   * making it by forgetting the earliest member that is away and holds no seat.
   */
  admit(member: string, seated: readonly string[]): boolean {
    if (this.#members.has(member) || this.#members.size < MAX_MEMBERS) return true;
    const away = this.#order.find((m) => m !== this.#me && !seated.includes(m) && !this.present(m));
    if (away === undefined) return false;
    this.forget(away);
    return true;
  }

  /** The link to `peer` closed or was replaced: nothing said on it speaks for a member now. */
  unlink(peer: PeerId): string | undefined {
    const member = this.#byPeer.get(peer);
    this.#byPeer.delete(peer);
    return member;
  }

  /** A member the host removed (or one forgotten to make room). */
  forget(member: string): void {
    const m = this.#members.get(member);
    if (!m || member === this.#me) return;
    if (m.peer && this.#byPeer.get(m.peer) === member) this.#byPeer.delete(m.peer);
    this.#members.delete(member);
    this.#order = this.#order.filter((x) => x !== member);
    this.#hostClaims.delete(member);
  }

  heard(member: string): void {
    const m = this.#members.get(member);
    if (m) this.#members.set(member, { ...m, lastHeard: this.#now() });
  }

  claims(member: string, host: string | null): void {
    this.#hostClaims.set(member, host);
  }

  /** Whether `member`'s last heartbeat named `host` as host (only such a browser signs its changes). */
  follows(member: string, host: string): boolean {
    return this.#hostClaims.get(member) === host;
  }

  rename(member: string, name: string): void {
    const m = this.#members.get(member);
    if (m) this.#members.set(member, { ...m, name });
  }

  /** The host's order of arrival is everyone's: it ranks who hosts next. */
  arrivals(order: readonly string[]): void {
    this.#order = [...order, ...this.#order.filter((m) => !order.includes(m))];
  }

  /** A member met through the host's lobby, known by name and link until its own hello. */
  meet(member: string, name: string, peer: PeerId): void {
    if (!this.#members.has(member) && this.#members.size >= MAX_MEMBERS) return;
    if (!this.#order.includes(member)) this.#order.push(member);
    if (!this.#members.has(member)) {
      this.#members.set(member, { name, peer, key: '', lastHeard: 0 });
    }
  }
}
