// The deal's costly proofs off the session's thread, when this browser has proof
// workers (worker/proof-pool.ts). This browser's own hop is built on them; a hop
// that comes in for the head is checked on them before it is applied, and the hop
// a local seat owes next on its deck is built beside that check and kept only once
// the check passed (protocol deck/pipeline.ts), so nothing built on an unchecked
// deck ever leaves. A hop that fails its check is then applied in line and refused
// as before. The first hop on a fresh deck is built while the seed commitments
// are still coming in. At most MAX_CHECKING hops are checked there at once (a seat flooding
// hops of its own for the head costs the rest in line, as before the workers).
// Without workers everything runs in line, as it always did.
import {
  buildOnReceived,
  ownHopSteps,
  receiveHopEntry,
  type DeckState,
  type EntryDraft,
  type Run,
  type Steps,
  type TableState,
} from '$lib/protocol';
import type { Segment } from './segment';

let processWorkers: Run | null = null;

/** The proof workers of this process (the table worker's pool) for every session it opens. */
export function useDeckWorkers(run: Run | null): void {
  processWorkers = run;
}

interface OwnHop {
  readonly seat: number;
  readonly draft: EntryDraft;
}

function* tagged(seat: number, steps: Steps<EntryDraft>): Steps<OwnHop> {
  return { seat, draft: yield* steps };
}

// eslint-disable-next-line require-yield -- a build with no point work: no local seat is next
function* nothing(): Steps<null> {
  return null;
}

/** How many entries to apply in line are remembered. */
const INLINE_KEPT = 16;
/**
 * Hops checked on the workers at once (each with a build beside it). An honest
 * table has one for the head; more come only from a seat signing hops of its own
 * for it, and those beyond this are checked in line, one after another.
 */
export const MAX_CHECKING = 2;

export class DeckWork {
  readonly #run: Run | null;
  /** Told when an own hop is ready to send (the pump). */
  readonly #ready: () => void;
  /** Entries held while their hop's proof is checked, and who waits for each. */
  readonly #checking = new Map<string, (() => void)[]>();
  /** Entries whose check on the workers failed or broke (or that an own hop failed on): in line. */
  readonly #inline = new Set<string>();
  /** The own hop built on the log's last entry or a fresh deck (`after`), kept until that changes. */
  #own: { readonly after: string; readonly hop: OwnHop } | null = null;
  /** The own hop building on the workers now, by seat and entry it follows. */
  #building: string | null = null;

  constructor(run: Run | null | undefined, ready: () => void) {
    this.#run = run === undefined ? processWorkers : run;
    this.#ready = ready;
  }

  /**
   * Whether `entry`, for the head, must wait for its hop's proof check on the
   * workers (started now, with the next local seat's hop built beside it);
   * `settled` runs once it is done, when applying it no longer checks the proof
   * again (passed) or checks it in line and refuses it (failed).
   */
  hold(seg: Segment, entry: string, settled: () => void): boolean {
    const run = this.#run;
    if (!run || this.#inline.has(entry)) return false;
    const waiting = this.#checking.get(entry);
    if (waiting) {
      waiting.push(settled);
      return true;
    }
    if (this.#checking.size >= MAX_CHECKING) return false;
    const received = receiveHopEntry(seg.ledger.any, entry);
    if (!received.ok || !received.value?.check) return false;
    this.#checking.set(entry, [settled]);
    const build = (deck: DeckState): Steps<OwnHop | null> => {
      for (const seat of seg.ledger.seats()) {
        const table = seg.ledger.table(seat);
        const steps = table && ownHopSteps(table, deck);
        if (steps) return tagged(seat, steps);
      }
      return nothing();
    };
    const done = (passed: boolean, hop: OwnHop | null): void => {
      const waiters = this.#checking.get(entry) ?? [];
      this.#checking.delete(entry);
      if (hop) this.#own = { after: entry, hop };
      if (!passed) this.#keepInline(entry);
      for (const w of waiters) w();
    };
    buildOnReceived(received.value, build, { check: run, build: run }).then(
      (r) => done(r.ok, r.ok ? r.value.hop : null),
      () => done(false, null),
    );
    return true;
  }

  /**
   * The hop a local seat owes now on its table: the one built beside the check of
   * the entry before, or one built on the workers (null while it builds; the pump
   * is told when it is ready). Undefined without workers: build it in line.
   */
  ownHop(seg: Segment, table: TableState, seat: number): EntryDraft | null | undefined {
    const run = this.#run;
    const deck = table.preparing === null ? undefined : table.deal.decks[table.preparing];
    const after = deck && fresh(deck) ? freshKey(seg, table, deck) : (seg.ledger.log.at(-1) ?? '');
    if (!run || this.#inline.has(after)) return undefined;
    const own = this.#own;
    if (own?.after === after && own.hop.seat === seat) return own.hop.draft;
    const key = `${seat}:${after}`;
    if (this.#building === key) return null;
    const steps = deck && ownHopSteps(table, deck);
    if (!steps) return undefined;
    this.#building = key;
    run(steps).then(
      (draft) => {
        if (this.#building !== key) return;
        this.#building = null;
        this.#own = { after, hop: { seat, draft } };
        this.#ready();
      },
      () => {
        this.#building = null;
        this.#keepInline(after);
        this.#ready();
      },
    );
    return null;
  }

  /**
   * Starts building the first hop on a fresh deck when a local seat is to make
   * it, while the seed commitments are still coming in: it is sent once they are
   * all in (the dues order it so), and nothing it is built on came from a peer.
   */
  prepare(seg: Segment, table: TableState, seat: number): void {
    const deck = table.preparing === null ? undefined : table.deal.decks[table.preparing];
    if (deck && fresh(deck)) this.ownHop(seg, table, seat);
  }

  #keepInline(entry: string): void {
    if (this.#inline.size >= INLINE_KEPT) this.#inline.clear();
    this.#inline.add(entry);
  }
}

/** A deck no seat has shuffled: the same for every peer, from the round alone. */
function fresh(deck: DeckState): boolean {
  return deck.shuffles.length === 0 && deck.locks.length === 0;
}

/** What the first hop on a fresh deck is built on (not the log's last entry, which the commitments change). */
function freshKey(seg: Segment, table: TableState, deck: DeckState): string {
  return `fresh:${seg.game}:${table.record.round}:${deck.id}`;
}
