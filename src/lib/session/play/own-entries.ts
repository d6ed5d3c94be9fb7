// The entry each of this browser's seats owes next: protocol steps, E-2 choices,
// bot and autoplay moves; and the one place they are signed.
//
// Invariant: one entry per seat per position. This browser never signs two
// different entries for one log position of a seat it plays (a person's second
// tap, the turn clock, autoplay, a rebuilt hop: all wait while the first is
// pending), so equivocation evidence never names an honest seat. Across a reload
// too: what it signed is stored with the seat's keys, and a person's move goes out
// only once stored (turns.ts); the rest is derived from the seat's secret.
import type { BotLevel, chooseMove } from '$lib/bots';
import { createRng, type Move, type Seat } from '$lib/engine';
import {
  awaitsChoice,
  choiceLabel,
  dues,
  mayMove,
  moveDraft,
  owedEntry,
  readEnvelope,
  roundHistory,
  type EntryDraft,
  type TableState,
} from '$lib/protocol';
import type { DeckWork } from './deck-work';
import { betweenRounds, type SeatRuntime, type Segment } from './segment';
import { isTampered, noteSigned, TAMPER, tamperedDraft } from './tamper';

export class OwnEntries {
  readonly #decide: typeof chooseMove;
  readonly #deck: DeckWork;
  /** The last costly hop built, by game, round, deck, seat and kind (kept while it is re-signed). */
  readonly #drafts = new Map<string, EntryDraft>();
  /** The last entry signed for each local seat, and where: pending until the log moves past it. */
  readonly #signed = new Map<
    Seat,
    { readonly game: string; readonly seq: number; entry: string }
  >();

  /** `decide` is how bots choose; `deck` builds hops on the proof workers, if any. */
  constructor(decide: typeof chooseMove, deck: DeckWork) {
    this.#decide = decide;
    this.#deck = deck;
  }

  /**
   * Signs a local seat's entry at the head: the only way an entry is signed here.
   * Null while the seat has another entry pending for this position (it is never
   * signed over); the same draft signs again to the same entry.
   */
  sign(seg: Segment, seat: Seat, draft: EntryDraft): string | null {
    const rt = seg.seats.get(seat);
    if (!rt) return null;
    const entry = seg.ledger.sign(seat, draft, rt.signing);
    const held = this.pending(seg, seat);
    if (held !== null && held !== entry) return null;
    if (TAMPER) noteSigned(draft, entry);
    this.#signed.set(seat, { game: seg.game, seq: seg.ledger.seq, entry });
    return entry;
  }

  /**
   * Takes back, after a reload, the entry a local seat signed for the head (stored
   * with its keys): held as pending, to go again as it was. False when it is not
   * this seat's valid next entry (the log moved past it, or it was damaged).
   */
  restore(seg: Segment, seat: Seat, entry: string): boolean {
    const read = readEnvelope(entry);
    if (!seg.seats.has(seat) || !read.ok || read.value.seat !== seat) return false;
    if (seg.ledger.checkAhead(entry) !== null) return false;
    this.#signed.set(seat, { game: seg.game, seq: seg.ledger.seq, entry });
    return true;
  }

  /** The entry a local seat signed for the head and the log does not hold yet, if any. */
  pending(seg: Segment, seat: Seat): string | null {
    const held = this.#signed.get(seat);
    // The test build's cheat signs over its dishonest entry (an honest browser never does).
    if (TAMPER && held && isTampered(held.entry)) return null;
    return held?.game === seg.game && held.seq === seg.ledger.seq ? held.entry : null;
  }

  /** The local seats with an entry pending at the head. */
  pendingSeats(seg: Segment): Seat[] {
    return [...seg.seats.keys()].filter((seat) => this.pending(seg, seat) !== null);
  }

  /** The draft a local seat owes now, or null (nothing owed, or a person still to act). */
  next(
    seg: Segment,
    rt: SeatRuntime,
    ready: ReadonlyMap<number, ReadonlySet<Seat>>,
  ): EntryDraft | null {
    const table = seg.ledger.table(rt.seat);
    if (!table || betweenRounds(seg, ready)) return null;
    const auto = rt.bot ?? rt.autoplay;
    const label = choiceLabel(table);
    if (label !== null && auto && awaitsChoice(table.variant, table.view, rt.seat)) {
      if (!rt.choices.has(label)) {
        const move = this.botMove(table, rt, auto);
        if (move?.type === 'choose') rt.choices.set(label, move.tile);
      }
    }
    const owed = this.#cached(seg, table, rt);
    if (owed) return owed;
    if (!mayMove(table)) return null;
    if (label !== null && awaitsChoice(table.variant, table.view, rt.seat)) {
      const tile = rt.choices.get(label);
      return tile === undefined ? null : moveDraft(table, { seat: rt.seat, type: 'choose', tile });
    }
    if (!auto) return null;
    const move = table.variant.setupMove(table.view) ?? this.botMove(table, rt, auto);
    if (!move) return null;
    return (TAMPER && tamperedDraft(table, move)) || moveDraft(table, move);
  }

  /**
   * The protocol entry a seat owes; the costly hops are built once even if
   * re-signed, on the proof workers when there are some (null until then).
   */
  #cached(seg: Segment, table: TableState, rt: SeatRuntime): EntryDraft | null {
    const kind = dues(table).find((d) => d.seat === rt.seat)?.kind;
    // The first hop is built while the seed commitments are exchanged.
    if (kind === undefined || kind === 'seed-commit') this.#deck.prepare(seg, table, rt.seat);
    const hop = kind === 'shuffle-hop' || kind === 'lock-hop';
    const key = `${seg.game}:${table.record.round}:${table.preparing}:${rt.seat}:${kind}`;
    const cached = hop ? this.#drafts.get(key) : undefined;
    if (cached) return cached;
    const built = hop ? this.#deck.ownHop(seg, table, rt.seat) : undefined;
    if (built === null) return null;
    const draft = built && built.kind === kind ? built : owedEntry(table, rt.choices);
    if (draft && hop && draft.kind === kind) {
      this.#drafts.clear();
      this.#drafts.set(key, draft);
    }
    return draft;
  }

  /** A bot's move for a local seat (a bot seat, autoplay, or a turn clock run out). */
  botMove(table: TableState, rt: SeatRuntime, level: BotLevel): Move | null {
    const legal = table.variant.legalMoves(table.view).filter((m) => m.seat === rt.seat);
    if (legal.length === 0) return null;
    const history = level === 'hard' ? roundHistory(table) : null;
    const input = { variant: table.variant, seat: rt.seat, view: table.view, legal, history };
    // Seeded by the seat's secret and the log position: a reloaded browser decides alike.
    const rng = createRng(rt.seed ^ Math.imul(table.head.seq + 1, 0x9e3779b1));
    return this.#decide(level, { ...input, rng });
  }
}
