// A hop entry taken on its form at a table's head (receiveHopEntry), for a browser
// that checks its proof off its thread while the next seat builds on its deck
// (ownHopSteps): the same deck the reducer gets once it has checked it, the same
// hop the next seat owes then, and refusals for what is not that seat's hop.
import { describe, expect, it } from 'vitest';
import { canonicalJson, type JsonValue } from '$lib/protocol/log/canonical-json';
import { createEntry } from '$lib/protocol/log/entry';
import type { DeckState } from '$lib/protocol/deck/deck';
import { ProvenCache, withProven } from '$lib/protocol/deck/proven';
import { drive } from '$lib/protocol/deck/work';
import { dues } from '$lib/protocol/table/due';
import { owedEntry, ownHopSteps } from '$lib/protocol/table/peer';
import { applyEntry, receiveHopEntry } from '$lib/protocol/table/reducer';
import { runTable, simPeers, type SimPeer } from './table-sim';
import { unwrap } from './helpers';

const options = { rounds: 1, set: 6, handSize: 5 };

/** Three peers at the point where `kind` is first due, and that hop's entry. */
function atHop(kind: 'shuffle-hop' | 'lock-hop') {
  const peers = simPeers({ variant: 'mexican-train', players: 3, options, seed: 4 });
  const due = () => dues(peers[0]!.table).find((d) => d.kind === kind);
  runTable({ variant: 'mexican-train', players: 3, options, stopWhen: () => !!due() }, peers);
  const seat = due()!.seat;
  const author = peers[seat]!;
  const draft = owedEntry(author.table)!;
  const entry = (by: SimPeer, s = seat) =>
    createEntry(by.table.head, s, draft.kind, draft.body, by.signing.secretKey).encoded;
  return { peers, seat, entry: entry(author), signedBy: entry };
}

describe('a hop entry taken on its form (receiveHopEntry)', () => {
  for (const kind of ['shuffle-hop', 'lock-hop'] as const) {
    it(`gives the ${kind}'s deck and its check, and the next seat builds on it the hop it owes once applied`, () => {
      const { peers, seat, entry } = atHop(kind);
      const next = peers[(seat + 1) % 3]!;
      const received = unwrap(
        withProven(new ProvenCache(), () => receiveHopEntry(next.table, entry)),
      );
      if (!received) throw new Error('taken for no hop');
      expect(received.check?.verify()).toBe(true);
      const applied = unwrap(applyEntry(next.table, entry));
      const deckOf = (d: DeckState) => [...d.shuffles, ...d.locks].map((h) => h.deck.encoded);
      expect(deckOf(received.deck)).toEqual(deckOf(applied.deal.decks[received.deck.id]!));
      const steps = ownHopSteps(next.table, received.deck);
      expect(steps).not.toBeNull();
      expect(canonicalJson(drive(steps!) as unknown as JsonValue)).toBe(
        canonicalJson(owedEntry(applied) as unknown as JsonValue),
      );
    });
  }

  it('owes no check for a hop this peer knows sound, and is null for any other entry', () => {
    const { peers, seat, entry } = atHop('shuffle-hop');
    const other = peers[(seat + 1) % 3]!;
    expect(unwrap(receiveHopEntry(other.table, entry))?.check).toBeNull();
    const fresh = simPeers({ variant: 'mexican-train', players: 3, options, seed: 5 });
    const first = fresh.find((p) => owedEntry(p.table))!;
    const draft = owedEntry(first.table)!;
    expect(draft.kind).toBe('seed-commit');
    const commit = createEntry(
      first.table.head,
      first.seat,
      draft.kind,
      draft.body,
      first.signing.secretKey,
    ).encoded;
    expect(unwrap(receiveHopEntry(fresh[0]!.table, commit))).toBeNull();
  });

  it('refuses a hop signed by another seat, for a seat whose turn it is not, or at another head, with its code', () => {
    const { peers, seat, entry, signedBy } = atHop('shuffle-hop');
    const other = peers[(seat + 1) % 3]!;
    const forged = signedBy(other);
    const code = (e: string) => {
      const r = receiveHopEntry(other.table, e);
      return r.ok ? 'ok' : r.error.code;
    };
    expect(code(forged)).toBe('BAD_SIGNATURE');
    expect(code(signedBy(other, other.seat))).toBe('WRONG_AUTHOR');
    // At a head it does not follow (once applied, say).
    other.table = unwrap(applyEntry(other.table, entry));
    expect(code(entry)).toBe('BAD_SEQ');
  });
});
