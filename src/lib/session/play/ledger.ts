// One game's log as this browser holds it: every accepted entry and the public
// hash after it, and one protocol table per seat this browser plays (each knows
// only its own seat's tiles) — or a watcher's table when it plays none. An entry
// is verified once and applied to every local table, or to none.
import {
  applyEntryAll,
  createEntry,
  createTable,
  type EntryDraft,
  type ProtocolError,
  type TableState,
} from '$lib/protocol';
import type { TableSetup } from '../setup';
import { tableConfig } from '../setup';

export interface LocalKeys {
  readonly seat: number;
  readonly signingSecret: Uint8Array;
  readonly secret: Uint8Array;
}

export type Applied =
  | { readonly ok: true; readonly hash: string }
  | { readonly ok: false; readonly error: ProtocolError };

/** The key under which a watcher's table is kept: it plays no seat. */
const WATCHER = -1;

export class Ledger {
  readonly log: string[] = [];
  readonly hashes: string[] = [];
  readonly #tables = new Map<number, TableState>();
  /** The public-state hash before any entry. */
  readonly genesisHash: string;

  private constructor(
    readonly game: string,
    tables: ReadonlyMap<number, TableState>,
  ) {
    for (const [seat, t] of tables) this.#tables.set(seat, t);
    this.genesisHash = this.any.hash;
  }

  /** Tables for the local seats; with none, a watcher's table that sees only what is open to all. */
  static open(
    setup: TableSetup,
    game: string,
    keys: readonly LocalKeys[],
  ): { ok: true; value: Ledger } | { ok: false; error: ProtocolError } {
    const config = tableConfig(setup);
    const tables = new Map<number, TableState>();
    const locals = keys.length > 0 ? keys : [null];
    for (const k of locals) {
      const t = createTable(config, k && { seat: k.seat, secret: k.secret });
      if (!t.ok) return t;
      tables.set(k?.seat ?? WATCHER, t.value);
    }
    return { ok: true, value: new Ledger(game, tables) };
  }

  get seq(): number {
    return this.log.length;
  }

  get hash(): string {
    return this.hashes[this.hashes.length - 1] ?? this.genesisHash;
  }

  /** The seats this browser plays (none for a watcher). */
  seats(): readonly number[] {
    return [...this.#tables.keys()].filter((s) => s !== WATCHER);
  }

  table(seat: number): TableState | undefined {
    return this.#tables.get(seat);
  }

  /** Any local table: they agree on everything public. */
  get any(): TableState {
    return this.#tables.values().next().value as TableState;
  }

  /** Verifies the next entry once and applies it to every local table; a refusal changes nothing. */
  apply(encoded: string): Applied {
    const seats = [...this.#tables.keys()];
    const r = applyEntryAll([...this.#tables.values()], encoded);
    if (!r.ok) return r;
    r.value.forEach((t, i) => this.#tables.set(seats[i] as number, t));
    const hash = this.any.hash;
    this.log.push(encoded);
    this.hashes.push(hash);
    return { ok: true, hash };
  }

  /**
   * Checks the next entry without applying it: its proofs, once checked, are not
   * checked again when it comes in ordered (protocol/deck/proven.ts).
   */
  checkAhead(encoded: string): ProtocolError | null {
    const r = applyEntryAll([...this.#tables.values()], encoded);
    return r.ok ? null : r.error;
  }

  /** The entry a local seat sends for a draft, signed at the current head. */
  sign(seat: number, draft: EntryDraft, signingSecret: Uint8Array): string {
    return createEntry(this.any.head, seat, draft.kind, draft.body, signingSecret).encoded;
  }

  /** Stands in a replacement table for one seat (tests: a corrupted engine). */
  replace(seat: number, table: TableState): void {
    this.#tables.set(seat, table);
  }
}
