// Who watches a table: the members here who hold no seat in the game. This
// browser is one of them when it holds none itself. The host may seat a watcher
// at the next round's deal where the variant takes newcomers (TT-9), and anyone
// may mute a watcher the host lets react.
import { variantOf } from '$lib/engine';
import type { SessionSnapshot } from '$lib/session';

export interface WatcherRow {
  readonly member: string;
  readonly name: string;
  readonly me: boolean;
  /** The host will seat them at the next round's deal. */
  readonly pending: boolean;
  /** The host may seat them now (this browser hosts, the rules take newcomers, play goes on). */
  readonly seatable: boolean;
  /** Their reactions may show here (the host lets watchers react), so this viewer may mute them. */
  readonly reacts: boolean;
}

export interface Watching {
  /** This browser holds no seat in the game under way. */
  readonly me: boolean;
  readonly watchers: readonly WatcherRow[];
}

export function watchingOf(snap: SessionSnapshot): Watching {
  if (snap.phase === 'lobby') return { me: false, watchers: [] };
  const seated = new Set(snap.seats.map((s) => s.member));
  const pending = new Set(snap.newcomers ?? []);
  // TT-9: the variant says whether it seats newcomers; a game that is over has no next deal.
  const takesNewcomers =
    variantOf(snap.variant).join !== undefined && !snap.ended && snap.table?.gameOver !== true;
  const watchers = snap.members
    .filter((m) => m.present && !seated.has(m.member))
    .map((m) => ({
      member: m.member,
      name: m.name,
      me: m.me,
      pending: pending.has(m.member),
      seatable: snap.isHost && takesNewcomers && !m.me && !pending.has(m.member),
      reacts: snap.watchersReact && !m.me,
    }));
  return { me: !seated.has(snap.me), watchers };
}
