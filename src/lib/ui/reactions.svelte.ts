// Reactions on screen (issue 23): each id's words in the active language, which
// ids are drawn as emoji, and the players this viewer muted — a local choice
// that never goes on the wire.
import type { ReactionId, ReactionView, SessionSnapshot } from '$lib/session';
import game from './i18n/game';
import { webStorage } from './storage';

/** What each reaction says (for an emoji, what a screen reader reads). */
export const REACTION_WORDS: { readonly [K in ReactionId]: () => string } = {
  good: () => game.reaction_good(),
  oops: () => game.reaction_oops(),
  thinking: () => game.reaction_thinking(),
  yourTurn: () => game.reaction_your_turn(),
  thumbs: () => game.reaction_thumbs(),
  laugh: () => game.reaction_laugh(),
  wow: () => game.reaction_wow(),
  party: () => game.reaction_party(),
};

const EMOJI = ['thumbs', 'laugh', 'wow', 'party'] as const satisfies readonly ReactionId[];
/** A reaction drawn as a picture (ReactionGlyph), not as words. */
export type EmojiReaction = (typeof EMOJI)[number];

export function isEmoji(r: ReactionId): r is EmojiReaction {
  return (EMOJI as readonly ReactionId[]).includes(r);
}

/** A table with other browsers at it (a solo or pass-and-play table has this one only). */
export function onlineTable(snap: SessionSnapshot): boolean {
  return snap.members.length > 1;
}

/** Whether this browser's person may react now: a seat in the game, or a watcher the host lets react. */
export function mayReact(snap: SessionSnapshot): boolean {
  if (!snap.table || !onlineTable(snap)) return false;
  const seated = snap.seats.some((s) => s.member === snap.me && s.bot === null);
  return seated || snap.watchersReact;
}

/** Where mutes are kept: a reload keeps them, a closed tab forgets them. */
const MUTES_KEY = 'trainyard:mutes';

/** The members whose reactions this viewer has chosen not to see, at one table. */
export class Mutes {
  // A plain array in state: svelte/reactivity's Set would add its code to the table page.
  #muted = $state<readonly string[]>([]);
  #room = '';
  readonly #storage: Pick<Storage, 'getItem' | 'setItem'> | null;

  constructor(storage: Pick<Storage, 'getItem' | 'setItem'> | null = webStorage('session')) {
    this.#storage = storage;
  }

  /** The table these mutes are for: those kept for it come back (after a reload). */
  at(room: string): void {
    if (room === this.#room) return;
    this.#room = room;
    let kept: unknown = null;
    try {
      kept = JSON.parse(this.#storage?.getItem(MUTES_KEY) ?? 'null');
    } catch {
      kept = null;
    }
    const { room: keptRoom, muted } = (kept ?? {}) as { room?: unknown; muted?: unknown };
    const members: unknown[] = keptRoom === room && Array.isArray(muted) ? muted : [];
    this.#muted = members.every((m) => typeof m === 'string') ? members.slice(0, 64) : [];
  }

  has(member: string): boolean {
    return this.#muted.includes(member);
  }

  toggle(member: string): void {
    this.#muted = this.has(member)
      ? this.#muted.filter((m) => m !== member)
      : [...this.#muted, member];
    try {
      this.#storage?.setItem(MUTES_KEY, JSON.stringify({ room: this.#room, muted: this.#muted }));
    } catch {
      // Storage full or refused: the mute holds until the page goes.
    }
  }

  /** The reactions to show: those of members not muted. */
  shown(reactions: readonly ReactionView[]): ReactionView[] {
    return reactions.filter((r) => !this.has(r.member));
  }
}
