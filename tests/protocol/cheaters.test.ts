import { describe, expect, it } from 'vitest';
import { toBase64url } from '$lib/protocol/bytes';
import { randomCommitment } from '$lib/protocol/commit-reveal';
import { auditDeal } from '$lib/protocol/deal-audit';
import type { DealAction, Tamper } from '$lib/protocol/deal-driver';
import type { DealTable } from '$lib/protocol/deal-table';
import type { EntryDraft } from '$lib/protocol/deal-peer';
import { knownFaces } from '$lib/protocol/deck-keys';
import type { KeysBody, LockHopBody, ShuffleHopBody } from '$lib/protocol/entry-kinds';
import { mul, tilePoint } from '$lib/protocol/group';
import { createEntry } from '$lib/protocol/log-entry';
import { signingKeyPair } from '$lib/protocol/signing';
import { dishonestLock } from './deck-fixture';
import { runScript } from './driver-script';
import { testSeed } from './helpers';

const CHEATER = 1;
const SEATS = 3;
const round: DealAction[] = [
  { type: 'random', seat: 0, label: 'first-player' },
  { type: 'draw', seat: 2, deck: 0 },
  { type: 'flip', seat: 0, deck: 0 },
  { type: 'end' },
];

/** Runs a 3-seat round where seat 1 rewrites its entries of one kind. */
function withCheater(
  kind: string,
  cheat: (draft: EntryDraft, table: DealTable, log: readonly string[]) => ReturnType<Tamper>,
) {
  return runScript({
    seats: SEATS,
    deckSize: 12,
    hand: 3,
    actions: round,
    tamper: (seat, draft, table, log) =>
      seat === CHEATER && draft.kind === kind ? cheat(draft, table, log) : draft,
  });
}

function expectHalt(run: ReturnType<typeof runScript>, code: string): void {
  expect(run.halted?.seat).toBe(CHEATER);
  expect(run.halted?.codes).toEqual(Array(SEATS).fill(code));
  // the refused entry changed nothing: every table stops at the entry before it
  expect(run.peers.every((p) => p.table.head.seq === run.halted?.seq)).toBe(true);
}

describe('caught at once', () => {
  it('a wrong key', () => {
    const run = withCheater('key-share', (draft) => {
      const body = draft.body as KeysBody;
      const [a, b] = body.keys;
      return { ...draft, body: { ...body, keys: [{ ...a!, key: b!.key }, ...body.keys.slice(1)] } };
    });
    expectHalt(run, 'KEY_MISMATCH');
  });

  it('a duplicated point in the shuffle', () => {
    const run = withCheater('shuffle-hop', (draft) => {
      const body = draft.body as ShuffleHopBody;
      return { ...draft, body: { ...body, points: [body.points[1]!, ...body.points.slice(1)] } };
    });
    expectHalt(run, 'DUPLICATE_POINT');
  });

  it.each([
    ['copies a point from another position', 1],
    ['replaces a point with a known tile', 2],
  ])('a dishonest lock that %s', (_what, variant) => {
    const run = withCheater('lock-hop', (draft, table) => {
      const { deal } = table;
      const seed = testSeed('seed', CHEATER);
      return {
        ...draft,
        body: dishonestLock(
          deal.decks[0]!,
          CHEATER,
          (after, _keys, before) => {
            after[0] =
              variant === 1 ? mul(before[3]!, 777n) : tilePoint(deal.ctx.game, 'double-12', 5);
          },
          { dealCtx: deal.ctx, seed },
        ) satisfies LockHopBody,
      };
    });
    expectHalt(run, 'BAD_LOCK_PROOF');
  });

  it('a forged signature: an entry in another seat’s name', () => {
    const run = withCheater('seed-commit', (draft, table) => {
      const mine = signingKeyPair(testSeed('sign', CHEATER))!;
      return createEntry(table.head, 2, draft.kind, draft.body, mine.secretKey).encoded;
    });
    expectHalt(run, 'BAD_SIGNATURE');
  });

  it('a replayed entry', () => {
    const run = withCheater('key-share', (_draft, _table, log) => log[1]!);
    expectHalt(run, 'BAD_SEQ');
  });

  it('a shuffle before every seed is committed, a key for a tile dealt to someone else, a wrong seed', () => {
    const early = withCheater('seed-commit', (_draft, table) => {
      return {
        kind: 'shuffle-hop',
        body: { deck: 0, points: table.deal.decks[0]!.initial.encoded },
      };
    });
    expect(early.halted?.codes[0]).toBe('NOT_ALL_COMMITTED');
    const notMine = withCheater('key-share', (draft) => ({ ...draft, kind: 'reveal' }));
    expectHalt(notMine, 'KEY_NOT_EXPECTED');
    const wrongSeed = withCheater('seed-reveal', () => ({
      kind: 'seed-reveal',
      body: { seed: toBase64url(testSeed('other', 0)) },
    }));
    expectHalt(wrongSeed, 'COMMITMENT_MISMATCH');
  });
});

describe('named by the audit', () => {
  it('a shuffle that swaps in a foreign point', () => {
    const run = withCheater('shuffle-hop', (draft, table) => {
      const body = draft.body as ShuffleHopBody;
      const foreign = toBase64url(mul(table.deal.decks[0]!.initial.points[0]!, 3n).toBytes());
      return { ...draft, body: { ...body, points: [foreign, ...body.points.slice(1)] } };
    });
    expect(run.halted).toBeNull();
    const { deal } = run.peers[0]!.table;
    const audit = auditDeal(deal);
    const hop = deal.decks[0]!.shuffles[CHEATER]!;
    expect(audit.violations).toEqual([{ seat: CHEATER, seq: hop.seq, code: 'SHUFFLE_MISMATCH' }]);
    expect(audit.decks[0]!.faces.filter((f) => f === 'not-a-tile')).toHaveLength(1);
  });

  it('a lock that removes a different shuffle scalar than it shuffled with', () => {
    const run = withCheater('lock-hop', (draft, table) => ({
      ...draft,
      body: dishonestLock(table.deal.decks[0]!, CHEATER, () => {}, {
        dealCtx: table.deal.ctx,
        seed: testSeed('seed', CHEATER),
        shuffleScalarUsed: 4242n,
      }),
    }));
    expect(run.halted).toBeNull();
    const { deal } = run.peers[0]!.table;
    const peer = run.peers[2]!;
    // the victim sees a corrupted hand at once, and the audit names the locker
    expect(knownFaces(deal.ctx, deal.decks[0]!, 2, peer.seed).slice(6, 9)).toEqual(
      Array(3).fill('not-a-tile'),
    );
    const lock = deal.decks[0]!.locks[CHEATER]!;
    expect(auditDeal(deal).violations).toEqual([
      { seat: CHEATER, seq: lock.seq, code: 'LOCK_MISMATCH' },
    ]);
  });

  it('a withheld seed and a random contribution not drawn from it', () => {
    const value = new Uint8Array(32).fill(1);
    const run = runScript({
      seats: SEATS,
      deckSize: 12,
      hand: 3,
      actions: round,
      tamper: (seat, draft, table): EntryDraft | null => {
        if (draft.kind === 'random-commit' && seat === CHEATER) {
          const commitment = randomCommitment(table.deal.ctx, seat, 'first-player', value);
          return { ...draft, body: { label: 'first-player', commitment: toBase64url(commitment) } };
        }
        if (draft.kind === 'random-reveal' && seat === CHEATER) {
          return { ...draft, body: { label: 'first-player', value: toBase64url(value) } };
        }
        return draft.kind === 'seed-reveal' && seat === 2 ? null : draft;
      },
    });
    expect(run.halted).toBeNull();
    const { deal } = run.peers[0]!.table;
    const codes = auditDeal(deal).violations.map((v) => [v.seat, v.code]);
    expect(codes).toEqual([
      [2, 'SEED_NOT_REVEALED'],
      [CHEATER, 'RANDOM_MISMATCH'],
    ]);
  });
});
