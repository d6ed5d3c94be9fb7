// Keeping a table on this browser: saves the session after changes (at most every
// SAVE_EVERY_MS, once more on close) and says whether that works, so the table can
// tell its player when a reload would lose the game (a private window, a full disk).
// A game that has ended is kept in the history too.
import { toStored } from './persist';
import type { Session } from '../session';
import type { SavingProblem, SavingStatus, SessionSnapshot } from '../snapshot';
import type { TableStore } from './store';
import {
  historyId,
  type FinishedGame,
  type StoreError,
  type StoreResult,
  type StoredTable,
} from './stored-table';

const SAVE_EVERY_MS = 250;

export const SAVING: SavingStatus = { saved: true };

/** What a store's failure means for the player. */
export function savingProblem(error: StoreError): SavingStatus {
  const name = /^(\w+Error):/.exec(error.detail)?.[1];
  const problem: SavingProblem =
    name === 'QuotaExceededError'
      ? 'full'
      : name === 'SecurityError' || name === 'NotAllowedError'
        ? 'refused'
        : error.code === 'STORAGE_UNAVAILABLE'
          ? 'unavailable'
          : 'failed';
  // An exception with no message reads "QuotaExceededError: ": no colon left dangling.
  const detail = `${error.code}: ${error.detail}`.replace(/:\s*$/, '');
  return { saved: false, problem, detail };
}

/** The history's entry for a table whose game is over, or null while it goes on. */
export function finishedGame(
  snap: SessionSnapshot,
  stored: StoredTable,
  at: number,
): FinishedGame | null {
  const view = snap.table?.view;
  if (!view || (!snap.table?.gameOver && snap.ended === null)) return null;
  return {
    room: snap.room,
    finishedAt: at,
    variant: snap.table?.variant ?? snap.variant,
    players: snap.seats.map((s) => ({
      name: s.name,
      bot: s.bot,
      me: s.local && s.bot === null,
      total: snap.ended?.scores[s.seat] ?? view.scores[s.seat] ?? 0,
    })),
    winners: snap.ended ? [] : view.winners,
    segments: stored.segments,
  };
}

export interface Keeper {
  onChange(session: Session): void;
  /** Saves now; resolves once the store holds it (false: nothing stored, or it failed). */
  flush(session: Session): Promise<boolean>;
  /** Undefined when nothing was asked to store the table. */
  readonly status: SavingStatus | undefined;
  /** Called when the status changes. */
  watch(listener: () => void): () => void;
}

/** Keeps sessions in `store`: null stores nothing and reports nothing; a failed opening reports why. */
export function keeper(store: StoreResult<TableStore> | null): Keeper {
  let timer: ReturnType<typeof setTimeout> | null = null;
  let status: SavingStatus | undefined =
    store === null ? undefined : store.ok ? SAVING : savingProblem(store.error);
  const listeners = new Set<() => void>();
  const report = (next: SavingStatus): void => {
    if (JSON.stringify(status) === JSON.stringify(next)) return;
    status = next;
    for (const l of listeners) l();
  };
  /** The game last kept in the history (a rematch at the table is another). */
  let kept: string | null = null;
  const save = (s: Session): Promise<boolean> => {
    timer = null;
    const now = Date.now();
    const record = toStored(s, now);
    if (!store?.ok || !record) return Promise.resolve(false);
    const saved = store.value.save(record).then((r) => {
      report(r.ok ? SAVING : savingProblem(r.error));
      return r.ok;
    });
    const game = finishedGame(s.snapshot, record, now);
    if (game && historyId(game) !== kept) {
      kept = historyId(game);
      void store.value.keepGame(game);
    }
    return saved;
  };
  return {
    onChange: (s) => {
      timer ??= setTimeout(() => save(s), SAVE_EVERY_MS);
    },
    flush: (s) => {
      if (timer) clearTimeout(timer);
      return save(s);
    },
    get status() {
      return status;
    },
    watch(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The session's snapshots with the keeper's status beside them. */
export function withSaving(
  session: Pick<Session, 'snapshot' | 'subscribe'>,
  keep: Keeper | null,
): {
  readonly snapshot: SessionSnapshot;
  subscribe(listener: (s: SessionSnapshot) => void): () => void;
} {
  const merge = (snap: SessionSnapshot): SessionSnapshot =>
    keep?.status ? { ...snap, saving: keep.status } : snap;
  let last: SessionSnapshot | null = null;
  return {
    get snapshot() {
      return merge(session.snapshot);
    },
    subscribe(listener) {
      const off = session.subscribe((snap) => {
        last = snap;
        listener(merge(snap));
      });
      // A change of status alone: the last snapshot again, with it.
      const unwatch = keep?.watch(() => listener(merge(last ?? session.snapshot))) ?? (() => {});
      return () => {
        off();
        unwatch();
      };
    },
  };
}
