// The public-state hash every peer publishes after every entry: SHA-512 of the
// canonical JSON of the chain head, the engine's public state and the deck's
// public state. The head makes two different valid entries at one seq hash apart.
import { toBase64url, utf8 } from '../crypto/bytes';
import { canonicalJson, type JsonValue } from '../log/canonical-json';
import { sha512 } from '../crypto/hashing';
import type { TableState } from './state';

export function publicTableState(table: TableState) {
  const { deal, record, pending } = table;
  return {
    seq: table.head.seq,
    head: table.head.prev,
    round: record.round,
    view: table.variant.publicState(table.view) as JsonValue,
    decks: deal.decks.map((d) => ({
      hops: d.shuffles.length + d.locks.length,
      owners: d.owners,
      faces: d.faces,
    })),
    pending: pending && { move: pending.move, seq: pending.seq },
    abandoned: table.abandoned,
    // The fields hashed since the first version (`unchecked` is always empty here: a
    // round joins `audits` once every seed is in), so every version agrees on the hash.
    audits: table.audits.map(({ round, violations, replayed }) => ({
      round,
      violations,
      replayed,
    })),
  };
}

export function tableHash(table: TableState): string {
  return toBase64url(sha512(utf8(canonicalJson(publicTableState(table)))));
}
