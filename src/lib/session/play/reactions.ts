// Reactions (issue 23): a fixed set of quick phrases and emoji a person at the
// table sends to everyone, no free text. Only the id travels: every browser
// shows it in its own words. Rate-limited per member on the way out and on the
// way in; only each member's latest is kept, and only for a few seconds.
// Of the core it touches only ReactionsCore (below): the host's leave for watchers is the draft's
// watchersReact, set through setDraft; who reacted when is its own.
import type { Core } from '../core';
import { fail, ok, type SessionError, type SessionResult } from '../errors';
import { MAX_MEMBERS } from '../peers/presence';
import { isReaction, type ReactionId, type ReactionView } from '../snapshot';

/** How long a reaction shows. */
export const REACTION_SHOW_MS = 6000;
/** At most one reaction per member in this long… */
export const REACTION_GAP_MS = 2000;
/** …and at most REACTION_BURST in this long. */
export const REACTION_SPAN_MS = 30_000;
export const REACTION_BURST = 5;

/** What reactions may touch of the session's core (core.ts). */
export type ReactionsCore = Pick<
  Core,
  // who and where it is, and its clock
  | 'member'
  | 'now'
  // what it reads
  | 'draft'
  | 'segment'
  | 'isHost'
  | 'presence'
  // what it changes (Core's named methods)
  | 'setDraft'
  // sending and telling
  | 'broadcast'
  | 'changed'
  // the other parts it calls
  | 'lobby'
>;

export class Reactions {
  readonly #t: ReactionsCore;
  /** Each member's latest reaction (at most MAX_MEMBERS members). */
  readonly #latest = new Map<string, { readonly reaction: ReactionId; readonly at: number }>();
  /** When each member's recent reactions came, within REACTION_SPAN_MS (at most REACTION_BURST each). */
  readonly #times = new Map<string, number[]>();

  constructor(t: ReactionsCore) {
    this.#t = t;
  }

  /** Whether the host lets members without a seat (watchers) react. */
  get watchers(): boolean {
    return this.#t.draft.watchersReact === true;
  }

  /** The host lets watchers react, or not: carried in its lobby, in the lobby or at the table. */
  allowWatchers(allow: boolean): SessionResult<true> {
    if (!this.#t.isHost) return fail('NOT_HOST', 'only the host lets watchers react');
    const { watchersReact: _, ...rest } = this.#t.draft;
    this.#t.setDraft(allow ? { ...rest, watchersReact: true } : rest);
    return this.#t.lobby.lobbyChanged();
  }

  /** A host's lobby during the game: only its permission for watchers is taken. */
  onHostLobby(watchersReact: true | undefined): void {
    const { watchersReact: _, ...rest } = this.#t.draft;
    this.#t.setDraft(watchersReact ? { ...rest, watchersReact } : rest);
  }

  /** Why `member` may not react now, or null. */
  refusal(member: string, game: string): SessionError | null {
    const seg = this.#t.segment;
    if (!seg) return { code: 'NOT_NOW', detail: `reaction from ${member} before the game` };
    if (game !== seg.game) {
      return { code: 'WRONG_GAME', detail: `reaction from ${member} for ${game}` };
    }
    const seated = seg.setup.seats.some((s) => s.member === member);
    if (!seated && !this.watchers) {
      return {
        code: 'NOT_ALLOWED',
        detail: `reaction from ${member}, a watcher: the host has not allowed it`,
      };
    }
    return this.#limited(member)
      ? { code: 'TOO_FREQUENT', detail: `reaction from ${member}: more than the limit` }
      : null;
  }

  /** This browser's person reacts: shown here and sent to everyone at the table. */
  react(reaction: string): SessionResult<true> {
    if (!isReaction(reaction)) return fail('MALFORMED_MESSAGE', `no reaction "${reaction}"`);
    const me = this.#t.member;
    const game = this.#t.segment?.game ?? '';
    const refused = this.refusal(me, game);
    if (refused) return fail(refused.code, refused.detail);
    this.#keep(me, reaction);
    this.#t.broadcast({ t: 'react', game, reaction });
    this.#t.changed();
    return ok(true);
  }

  /** A member's reaction (its sender, game and id checked by refusal first). */
  onReact(member: string, reaction: ReactionId): void {
    this.#keep(member, reaction);
  }

  /** The reactions to show now, oldest first. */
  view(): ReactionView[] {
    const now = this.#t.now();
    const seats = this.#t.segment?.setup.seats ?? [];
    return [...this.#latest]
      .filter(([, r]) => now - r.at < REACTION_SHOW_MS)
      .sort(([, a], [, b]) => a.at - b.at)
      .map(([member, r]) => {
        const seat = seats.findIndex((s) => s.member === member && s.bot === null);
        return {
          member,
          name: seats[seat]?.name ?? this.#t.presence.get(member)?.name ?? '',
          seat: seat < 0 ? null : seat,
          reaction: r.reaction,
          at: r.at,
        };
      });
  }

  /** Whether one more reaction from `member` now would go over the limits. */
  #limited(member: string): boolean {
    const now = this.#t.now();
    const recent = this.#recent(member, now);
    const last = recent.at(-1);
    return (last !== undefined && now - last < REACTION_GAP_MS) || recent.length >= REACTION_BURST;
  }

  /** When `member`'s reactions came within REACTION_SPAN_MS of `now`. */
  #recent(member: string, now: number): number[] {
    return (this.#times.get(member) ?? []).filter((at) => now - at < REACTION_SPAN_MS);
  }

  #keep(member: string, reaction: ReactionId): void {
    const now = this.#t.now();
    const recent = this.#recent(member, now);
    for (const map of [this.#latest, this.#times]) {
      map.delete(member);
      // The oldest member's goes first (a Map keeps the order of insertion).
      if (map.size >= MAX_MEMBERS) map.delete(map.keys().next().value ?? '');
    }
    this.#times.set(member, [...recent, now].slice(-REACTION_BURST));
    this.#latest.set(member, { reaction, at: now });
  }
}
