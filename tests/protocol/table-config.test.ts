// The table's configuration bound into the log, a table that starts from a given
// pre-deal view, the hash over the chain head, equivocation evidence, and a round
// stopped by an early seed reveal: named, then dealt afresh.
import { beforeAll, describe, expect, it } from 'vitest';
import { accelerate } from '$lib/protocol/crypto/accelerator';
import { toBase64url } from '$lib/protocol/crypto/bytes';
import { createEntry, type LogHead } from '$lib/protocol/log/entry';
import { equivocation } from '$lib/protocol/log/equivocation';
import { buildShuffleHop } from '$lib/protocol/deck/hops';
import { applyEntry, createTable } from '$lib/protocol/table/reducer';
import { dues } from '$lib/protocol/table/due';
import { owedEntry } from '$lib/protocol/table/peer';
import type { TableConfig } from '$lib/protocol/table/state';
import { signingKeyPair, type SigningKeyPair } from '$lib/protocol/crypto/signing';
import { testSeed, unwrap } from './helpers';
import { publish, runTable, seedOf, simPeers } from './table-sim';

beforeAll(() => accelerate());

const signers = [0, 1, 2].map((i) => signingKeyPair(testSeed('cfg', i)) as SigningKeyPair);
const base: TableConfig = {
  game: 'config-game',
  variant: 'mexican-train',
  players: 3,
  options: { set: 6, handSize: 5, rounds: 2 },
  seatKeys: signers.map((s) => s.publicKey),
};
const secret = (seat: number) => testSeed('cfg-secret', seat);

/** Seat 0's first entry (its seed commitment) under `config`. */
function firstEntry(config: TableConfig): string {
  const table = unwrap(createTable(config, { seat: 0, secret: secret(0) }));
  const draft = owedEntry(table)!;
  return createEntry(table.head, 0, draft.kind, draft.body, signers[0]!.secretKey).encoded;
}

describe('the configuration is bound into the log', () => {
  it('refuses duplicate seat keys', () => {
    const config = {
      ...base,
      seatKeys: [signers[0]!.publicKey, ...base.seatKeys.slice(1, 2), signers[0]!.publicKey],
    };
    const made = createTable(config, { seat: 0, secret: secret(0) });
    expect(!made.ok && made.error.code).toBe('DUPLICATE_SEAT_KEY');
  });

  it.each<[string, Partial<TableConfig>]>([
    ['the options', { options: { ...base.options, handSize: 6 } }],
    ['the variant', { variant: 'mexican-train-tournament' }],
    ['the order of the seat keys', { seatKeys: [...base.seatKeys].reverse() }],
    ['where the game starts', { start: { round: 1, view: { ...newView(), round: 2 } } }],
  ])('a peer configured with other %s accepts no entry of ours (BAD_CHAIN)', (_what, change) => {
    const other = unwrap(createTable({ ...base, ...change }, { seat: 1, secret: secret(1) }));
    const refused = applyEntry(other, firstEntry(base));
    expect(!refused.ok && refused.error.code).toBe('BAD_CHAIN');
    const same = unwrap(createTable(base, { seat: 1, secret: secret(1) }));
    expect(applyEntry(same, firstEntry(base)).ok).toBe(true);
  });

  it('refuses a start that is no pre-deal view of this table', () => {
    const view = newView();
    for (const start of [
      { round: 0, view },
      { round: 2, view: { ...view, phase: 'playing' as const } },
      { round: 2, view: { ...view, players: 4 } },
    ]) {
      const made = createTable({ ...base, start }, { seat: 0, secret: secret(0) });
      expect(!made.ok && made.error.code).toBe('BAD_START');
    }
  });
});

function newView() {
  return unwrap(createTable(base, { seat: 0, secret: secret(0) })).record.preDeal;
}

describe('a table that starts from a given pre-deal view', () => {
  it('deals that round under the given counter and plays it to its audit', () => {
    const first = runTable({
      variant: 'mexican-train',
      players: 3,
      options: base.options,
      rounds: 1,
    });
    const next = first.peers[0]!.table;
    // the second round, ready to deal, carried over to a new game with the same seats
    expect(next.record.round).toBe(2);
    const start = { round: 2, view: next.record.preDeal };
    const run = runTable({
      variant: 'mexican-train',
      players: 3,
      options: base.options,
      game: 'reseated',
      start,
      rounds: 1,
    });
    const table = run.peers[0]!.table;
    expect(run.refused).toBeNull();
    expect(table.audits).toHaveLength(1);
    expect(table.audits[0]).toMatchObject({ round: 2, violations: [], replayed: true });
    expect(table.audits[0]!.round).toBe(2);
    expect(start.view.round).toBe(2);
    expect(table.view.phase).toBe('gameOver');
  });
});

describe('equivocation', () => {
  it('two different valid hops at one seq hash apart, and make evidence naming their author', () => {
    const peers = simPeers({ variant: 'mexican-train', players: 3, options: base.options });
    const log: string[] = [];
    const hashes: string[] = [];
    // everyone commits; seat 0 owes the first shuffle
    while (dues(peers[0]!.table).some((d) => d.kind === 'seed-commit')) {
      const peer = peers.find((p) => owedEntry(p.table)?.kind === 'seed-commit')!;
      expect(publish(peers, peer.seat, owedEntry(peer.table)!, log, hashes)).toBeNull();
    }
    const table = peers[1]!.table;
    const deck = table.deal.decks[0]!;
    const hop = (seed: Uint8Array) =>
      createEntry(
        peers[0]!.table.head,
        0,
        'shuffle-hop',
        buildShuffleHop(table.deal.ctx, deck, seed),
        peers[0]!.signing.secretKey,
      ).encoded;
    const a = hop(seedOf(peers[0]!));
    const b = hop(testSeed('another seed', 0));
    const afterA = unwrap(applyEntry(table, a));
    const afterB = unwrap(applyEntry(table, b));
    expect(afterA.head.seq).toBe(afterB.head.seq);
    expect(afterA.hash).not.toBe(afterB.hash);
    const head: LogHead = table.head;
    expect(equivocation(head, a, b)).toEqual({
      ok: true,
      value: { code: 'EQUIVOCATION', seat: 0, seq: head.seq, entries: [a, b] },
    });
    const codeOf = (x: string, y: string) => {
      const r = equivocation(head, x, y);
      return r.ok ? 'EQUIVOCATION' : r.error.code;
    };
    expect(codeOf(a, a)).toBe('NOT_EQUIVOCATION');
    expect(codeOf(a, log[0]!)).toBe('NOT_EQUIVOCATION');
    const forged = a.replace(/"sig":"./, (m) => m.slice(0, -1) + (m.endsWith('A') ? 'B' : 'A'));
    expect(codeOf(a, forged)).toBe('BAD_SIGNATURE');
    expect(codeOf(a, b.replace('"game":"sim-', '"game":"mis-'))).toBe('WRONG_GAME');
  });
});

describe('a round stopped by an early seed reveal', () => {
  it('is named in the audit (ROUND_ABORTED) and dealt afresh; the game goes on', () => {
    const STOPPER = 1;
    let stoppedAt: number | null = null;
    const run = runTable({
      variant: 'mexican-train',
      players: 3,
      options: base.options,
      rounds: 3,
      tamper: (seat, draft, peer, log) => {
        if (stoppedAt !== null || seat !== STOPPER || draft.kind !== 'move') return draft;
        stoppedAt = log.length;
        return { kind: 'seed-reveal', body: { seed: toBase64url(seedOf(peer)) } };
      },
    });
    expect(run.refused).toBeNull();
    const table = run.peers[0]!.table;
    const [stopped, again, second] = table.audits;
    expect(stopped!.round).toBe(1);
    expect(stopped!.violations).toEqual([
      { seat: STOPPER, seq: stoppedAt, moveIndex: null, rule: null, code: 'ROUND_ABORTED' },
    ]);
    // the same engine round, dealt under a new counter: new seeds, new tile points
    expect(again).toMatchObject({ round: 2, violations: [], replayed: true });
    expect(second).toMatchObject({ round: 3, violations: [], replayed: true });
    expect(table.view.phase).toBe('gameOver');
    expect(table.view.round).toBe(2);
  });
});
