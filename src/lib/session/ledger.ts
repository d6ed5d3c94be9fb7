// One game's log as this browser holds it: every accepted entry and the public
// hash after it, and one protocol table per seat this browser plays (each knows
// only its own seat's tiles). An entry is applied to every local table or to none.
import {
  applyEntry,
  createEntry,
  createTable,
  type EntryDraft,
  type ProtocolError,
  type TableState,
} from '$lib/protocol';
import type { TableSetup } from './setup';
import { tableConfig } from './setup';

export interface LocalKeys {
  readonly seat: number;
  readonly signingSecret: Uint8Array;
  readonly secret: Uint8Array;
}

export type Applied =
  | { readonly ok: true; readonly hash: string }
  | { readonly ok: false; readonly error: ProtocolError };

export class Ledger {
  readonly log: string[] = [];
  readonly hashes: string[] = [];
  readonly #tables = new Map<number, TableState>();
  /** The public-state hash before any entry. */
  readonly genesisHash: string;

  private constructor(
    readonly game: string,
    first: TableState,
    tables: ReadonlyMap<number, TableState>,
  ) {
    for (const [seat, t] of tables) this.#tables.set(seat, t);
    this.genesisHash = first.hash;
  }

  /** Tables for the local seats (at least one). */
  static open(
    setup: TableSetup,
    game: string,
    keys: readonly LocalKeys[],
  ): { ok: true; value: Ledger } | { ok: false; error: ProtocolError } {
    const config = tableConfig(setup);
    const tables = new Map<number, TableState>();
    for (const k of keys) {
      const t = createTable(config, { seat: k.seat, secret: k.secret });
      if (!t.ok) return t;
      tables.set(k.seat, t.value);
    }
    const first = tables.values().next().value;
    if (!first) return { ok: false, error: { code: 'UNKNOWN_SEAT', detail: 'no local seat' } };
    return { ok: true, value: new Ledger(game, first, tables) };
  }

  get seq(): number {
    return this.log.length;
  }

  get hash(): string {
    return this.hashes[this.hashes.length - 1] ?? this.genesisHash;
  }

  seats(): readonly number[] {
    return [...this.#tables.keys()];
  }

  table(seat: number): TableState | undefined {
    return this.#tables.get(seat);
  }

  /** Any local table: they agree on everything public. */
  get any(): TableState {
    return this.#tables.values().next().value as TableState;
  }

  /** Verifies and applies the next entry to every local table; a refusal changes nothing. */
  apply(encoded: string): Applied {
    const next = new Map<number, TableState>();
    for (const [seat, t] of this.#tables) {
      const r = applyEntry(t, encoded);
      if (!r.ok) return r;
      next.set(seat, r.value);
    }
    for (const [seat, t] of next) this.#tables.set(seat, t);
    const hash = this.any.hash;
    this.log.push(encoded);
    this.hashes.push(hash);
    return { ok: true, hash };
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
