// Scripted cheaters at a table of in-memory peers running the real reducer: each
// cheat is refused at once by every peer with a code (and changes nothing), or
// accepted and then named by the end-of-round audit by seat, entry and rule.
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Move, Options, VariantId } from '$lib/engine';
import { ristretto255 } from '@noble/curves/ed25519.js';
import { fromBase64url, toBase64url } from '$lib/protocol/crypto/bytes';
import type { JsonValue } from '$lib/protocol/log/canonical-json';
import { choiceCommitment, randomCommitment } from '$lib/protocol/deal/commit-reveal';
import type { KeysBody, LockHopBody, ShuffleHopBody } from '$lib/protocol/log/entry-kinds';
import { accelerate } from '$lib/protocol/crypto/accelerator';
import { mul, scalar, tilePoint } from '$lib/protocol/crypto/group';
import { lockScalar, shufflePermutation, shuffleScalar } from '$lib/protocol/deal/peer-secret';
import { createEntry } from '$lib/protocol/log/entry';
import { auditTable } from '$lib/protocol/table/audit';
import { dues } from '$lib/protocol/table/due';
import { mayMove, moveDraft, type EntryDraft } from '$lib/protocol/table/peer';
import { keysToShare } from '$lib/protocol/deck/keys';
import type { TableState } from '$lib/protocol/table/state';
import { dishonestLock, provenShuffle } from './deck-fixture';
import { publish, runTable, seedOf, type SimPeer, type SimRun, type SimTamper } from './table-sim';

// the peers run what a browser runs: the WebAssembly accelerator (same bytes, faster)
beforeAll(() => accelerate());
afterEach(() => accelerate());

/** The audit checks hops on the accelerator or on noble (group.ts): cheats named on both. */
const PATHS = [
  ['on the accelerator', true],
  ['on the pure-JS path', false],
] as const;

const CHEATER = 1;
const ristretto = ristretto255.Point;

interface Table {
  readonly variant: VariantId;
  readonly players: number;
  readonly options: Options;
  readonly seed?: number;
}

/** Mexican Train, 3 seats, double-4 (15 tiles), 3 each. */
const MT: Table = {
  variant: 'mexican-train',
  players: 3,
  options: { set: 4, handSize: 3, rounds: 1 },
};
const MT_TILES = 15;
const SMALL_MT: Table = {
  variant: 'mexican-train',
  players: 2,
  options: { set: 4, handSize: 5, rounds: 1 },
};

type Cheat = (
  draft: EntryDraft,
  peer: SimPeer,
  log: readonly string[],
) => EntryDraft | string | null;

/** The cheater rewrites its first entry of `kind` that `cheat` does not pass on unchanged. */
function withCheater(
  kind: string,
  cheat: Cheat,
  table: Table = MT,
  stopAtFirstMove = false,
): SimRun {
  let done = false;
  const tamper: SimTamper = (seat, draft, peer, log) => {
    if (done || seat !== CHEATER || draft.kind !== kind) return draft;
    const sent = cheat(draft, peer, log);
    done = sent !== draft;
    return sent;
  };
  return runTable({
    ...table,
    tamper,
    ...(stopAtFirstMove ? { stopWhen: (peers) => peers.some((p) => mayMove(p.table)) } : {}),
  });
}

/** Every peer refused the cheater's entry with this code, and none changed. */
function expectRefused(run: SimRun, code: string): void {
  expectRefusedBy(run, CHEATER, code);
}

function expectRefusedBy(run: SimRun, seat: number, code: string): void {
  expect(run.refused?.seat).toBe(seat);
  expect(run.refused?.errors.map((e) => e?.code)).toEqual(Array(run.peers.length).fill(code));
  for (const p of run.peers) {
    expect(p.table.head.seq).toBe(run.refused?.seq);
    expect(p.table.hash).toBe(run.hashes.at(-1));
  }
}

/** Every peer reveals its seed now (mid-round, this abandons the round), except `withheld`. */
function revealSeeds(run: SimRun, withheld: number | null = null): TableState {
  const log = [...run.log];
  const hashes = [...run.hashes];
  for (const peer of run.peers) {
    if (peer.seat === withheld) continue;
    const draft = { kind: 'seed-reveal' as const, body: { seed: toBase64url(seedOf(peer)) } };
    expect(publish(run.peers, peer.seat, draft, log, hashes)).toBeNull();
  }
  return run.peers[0]!.table;
}

/** What the audit names after `revealSeeds`: seat 0 stopped the round with the next entry. */
function aborted(run: SimRun) {
  return { seat: 0, seq: run.log.length, moveIndex: null, rule: null, code: 'ROUND_ABORTED' };
}

function entrySeq(run: SimRun, kind: string, seat: number): number {
  return run.log.findIndex((e) => {
    const entry = JSON.parse(e) as { kind: string; seat: number };
    return entry.kind === kind && entry.seat === seat;
  });
}

/** The review's table: Mexican Train, 3 seats, double-12 (91 tiles), 15 each. */
const MT12: Table = {
  variant: 'mexican-train',
  players: 3,
  options: { set: 12, handSize: 15, rounds: 1 },
};

/**
 * The first shuffler rewrites its hop: `alter` changes the honest output points,
 * knowing its scalar and the plain tile points, and sends them with the proof of
 * its honest output.
 */
function firstShufflerCheats(
  alter: (output: Uint8Array[], tile: (t: number) => Uint8Array, s: bigint) => void,
): SimRun {
  return runTable({
    ...MT12,
    stopWhen: (peers) => peers.some((p) => p.table.deal.decks[0]?.shuffles.length),
    tamper: (seat, draft, peer) => {
      if (seat !== 0 || draft.kind !== 'shuffle-hop') return draft;
      const { deal } = peer.table;
      const seed = seedOf(peer);
      const deck = deal.decks[0]!;
      const s = shuffleScalar(deal.ctx, seed, 0);
      const tile = (t: number) => deck.initial.bytes[t]!;
      const honest = draft.body as ShuffleHopBody;
      const output = honest.points.map((p) => fromBase64url(p, 32)!);
      alter(output, tile, s);
      return { ...draft, body: { ...honest, points: output.map(toBase64url) } };
    },
  });
}

describe('refused at once', () => {
  it('a shuffle that plants s·(T_a + 2·T_b) to find tiles a and b later: BAD_SHUFFLE_PROOF', () => {
    const run = firstShufflerCheats((output, tile, s) => {
      const planted = ristretto.fromBytes(tile(7)).add(ristretto.fromBytes(tile(11)).multiply(2n));
      output[5] = planted.multiply(s).toBytes();
    });
    expectRefusedBy(run, 0, 'BAD_SHUFFLE_PROOF');
  });

  it('a shuffle that moves a point’s worth between two points, keeping their sum: BAD_SHUFFLE_PROOF', () => {
    const run = firstShufflerCheats((output, tile, s) => {
      const shift = ristretto.fromBytes(tile(3)).multiply(s);
      output[0] = ristretto.fromBytes(output[0]!).add(shift).toBytes();
      output[1] = ristretto.fromBytes(output[1]!).subtract(shift).toBytes();
    });
    expectRefusedBy(run, 0, 'BAD_SHUFFLE_PROOF');
  });

  it('a shuffle with a foreign point: BAD_SHUFFLE_PROOF', () => {
    const run = withCheater('shuffle-hop', (draft, peer) => {
      const body = draft.body as ShuffleHopBody;
      const foreign = toBase64url(mul(peer.table.deal.decks[0]!.initial.points[0]!, 3n).toBytes());
      return { ...draft, body: { ...body, points: [foreign, ...body.points.slice(1)] } };
    });
    expectRefused(run, 'BAD_SHUFFLE_PROOF');
  });

  it('a lock that removes another scalar than its shuffle used: BAD_LOCK_PROOF', () => {
    const run = withCheater('lock-hop', (draft, peer) => ({
      ...draft,
      body: dishonestLock(peer.table.deal.decks[0]!, CHEATER, () => {}, {
        dealCtx: peer.table.deal.ctx,
        seed: seedOf(peer),
        shuffleScalarUsed: 4242n,
      }),
    }));
    expectRefused(run, 'BAD_LOCK_PROOF');
  });

  it('a wrong key: KEY_MISMATCH', () => {
    const run = withCheater('key-share', (draft) => {
      const body = draft.body as KeysBody;
      const [a, b] = body.keys;
      return { ...draft, body: { ...body, keys: [{ ...a!, key: b!.key }, ...body.keys.slice(1)] } };
    });
    expectRefused(run, 'KEY_MISMATCH');
  });

  it('a duplicated point in the shuffle: DUPLICATE_POINT', () => {
    const run = withCheater('shuffle-hop', (draft) => {
      const body = draft.body as ShuffleHopBody;
      return { ...draft, body: { ...body, points: [body.points[1]!, ...body.points.slice(1)] } };
    });
    expectRefused(run, 'DUPLICATE_POINT');
  });

  it.each([
    ['copies a point from another position', 1],
    ['replaces a point with a known tile', 2],
  ])('a dishonest lock that %s: BAD_LOCK_PROOF', (_what, variant) => {
    const run = withCheater('lock-hop', (draft, peer) => {
      const { deal } = peer.table;
      const seed = seedOf(peer);
      const body = dishonestLock(
        deal.decks[0]!,
        CHEATER,
        (after, _keys, before) => {
          after[0] =
            variant === 1 ? mul(before[3]!, 777n) : tilePoint(deal.ctx.game, 'double-4', 5);
        },
        { dealCtx: deal.ctx, seed },
      );
      return { ...draft, body: body satisfies LockHopBody };
    });
    expectRefused(run, 'BAD_LOCK_PROOF');
  });

  describe('a tile played that was never dealt to the player', () => {
    /** The cheater's first play names a tile it does not hold. */
    const notMine = (keys: 'kept' | 'dropped') =>
      withCheater('move', (draft, peer) => {
        const { move } = draft.body as { move: Move };
        if (move.type !== 'play') return draft;
        const held = new Set(peer.table.view.hands[CHEATER]!.map((c) => c.tile));
        const tile = [...Array(MT_TILES).keys()].find((t) => !held.has(t))!;
        const body = draft.body as { keys: JsonValue[] };
        return {
          ...draft,
          body: { move: { ...move, tile }, keys: keys === 'kept' ? body.keys : [] },
        };
      });

    it('opening one of its own cards: DISCLOSURE_MISMATCH', () => {
      expectRefused(notMine('kept'), 'DISCLOSURE_MISMATCH');
    });

    it('opening none: the engine refuses it on every view (ILLEGAL_MOVE, MT-5)', () => {
      const run = notMine('dropped');
      expectRefused(run, 'ILLEGAL_MOVE');
      expect(run.refused?.errors[0]?.rule).toBe('MT-5');
    });
  });

  it('a key for a tile dealt to someone else, sent with the leader’s (R-2): KEY_NOT_EXPECTED', () => {
    const run = withCheater(
      'reveal',
      (draft, peer) => {
        const body = draft.body as KeysBody;
        const { deal } = peer.table;
        const seed = seedOf(peer);
        const theirs = deal.decks[0]!.owners.indexOf(0);
        const key = toBase64url(scalar.encode(lockScalar(deal.ctx, seed, 0, theirs)));
        return { ...draft, body: { ...body, keys: [...body.keys, { pos: theirs, key }] } };
      },
      { variant: 'railominos', players: 3, options: { handSize: 3, rounds: 1 } },
    );
    expectRefused(run, 'KEY_NOT_EXPECTED');
  });

  it('a move out of turn: WRONG_AUTHOR', () => {
    const run = withCheater('key-share', (draft, peer) => {
      const draw = moveDraft(peer.table, { seat: CHEATER, type: 'draw' });
      return peer.table.view.turn === CHEATER ? draft : draw;
    });
    expectRefused(run, 'WRONG_AUTHOR');
  });

  it('a forged entry: a move in another seat’s name, signed with the cheater’s key: BAD_SIGNATURE', () => {
    const run = runTable({
      ...MT,
      stopWhen: (peers) => peers.some((p) => p.seat !== CHEATER && mayMove(p.table)),
    });
    const victim = run.peers.find((p) => mayMove(p.table))!;
    const cheater = run.peers[CHEATER]!;
    const draw = moveDraft(victim.table, { seat: victim.seat, type: 'draw' });
    const forged = createEntry(
      cheater.table.head,
      victim.seat,
      'move',
      draw.body,
      cheater.signing.secretKey,
    );
    const refused = publish(run.peers, CHEATER, forged.encoded, [...run.log], [...run.hashes]);
    expect(refused?.errors.map((e) => e?.code)).toEqual(Array(MT.players).fill('BAD_SIGNATURE'));
  });

  it('a replayed entry: BAD_SEQ', () => {
    const run = withCheater('key-share', (_draft, _peer, log) => log[3]!);
    expectRefused(run, 'BAD_SEQ');
  });

  it('a seed revealed that is not the one committed: COMMITMENT_MISMATCH', () => {
    const run = runTable({ ...MT, stopWhen: (peers) => peers.some((p) => mayMove(p.table)) });
    const cheater = run.peers[CHEATER]!;
    const draft = {
      kind: 'seed-reveal' as const,
      body: { seed: toBase64url(new Uint8Array(32).fill(7)) },
    };
    const refused = publish(run.peers, CHEATER, draft, [...run.log], [...run.hashes]);
    expect(refused?.errors.map((e) => e?.code)).toEqual(
      Array(MT.players).fill('COMMITMENT_MISMATCH'),
    );
    expect(cheater.table.head.seq).toBe(run.log.length);
  });
});

describe('named by the end-of-round audit', () => {
  it('a false declaration (MT-2) and a false draw (C-5), by seat, entry, move index and rule', () => {
    const cheats: { seq: number; type: string }[] = [];
    const tamper: SimTamper = (seat, draft, peer, log) => {
      if (seat !== CHEATER || draft.kind !== 'move') return draft;
      const { move } = draft.body as { move: Move };
      const { view } = peer.table;
      const done = (type: string) => cheats.some((c) => c.type === type);
      if (move.type === 'declare' && move.tile !== null && !done('declare')) {
        cheats.push({ seq: log.length, type: 'declare' });
        return moveDraft(peer.table, { seat, type: 'declare', tile: null });
      }
      if (
        move.type === 'play' &&
        view.phase === 'playing' &&
        view.boneyard.length > 0 &&
        !done('draw')
      ) {
        // holding a playable tile, it draws instead
        cheats.push({ seq: log.length, type: 'draw' });
        return moveDraft(peer.table, { seat, type: 'draw' });
      }
      return draft;
    };
    const run = runTable({ ...SMALL_MT, seed: 5, tamper });
    expect(run.refused).toBeNull();
    expect(cheats.map((c) => c.type).sort()).toEqual(['declare', 'draw']);
    const { audits } = run.peers[0]!.table;
    const violations = audits[0]!.violations;
    expect(violations.map((v) => [v.seat, v.seq, v.code])).toEqual(
      cheats.map((c) => [CHEATER, c.seq, 'ILLEGAL_MOVE']),
    );
    expect(violations[0]!.rule).toBe('MT-2');
    expect(violations[1]!.rule).toMatch(/^(MT-[4-8]|C-5)$/);
    expect(violations.every((v) => v.moveIndex !== null)).toBe(true);
    // every peer names the same cheats
    for (const p of run.peers) expect(p.table.audits).toEqual(audits);
  });

  it('a false pass while holding a playable piece (R-7)', () => {
    let seq = -1;
    const run = runTable({
      variant: 'railominos',
      players: 2,
      options: { handSize: 5, rounds: 1 },
      tamper: (seat, draft, peer, log) => {
        const { move } = draft.body as { move?: Move };
        if (seat !== CHEATER || move?.type !== 'play' || seq >= 0) return draft;
        seq = log.length;
        return moveDraft(peer.table, { seat, type: 'pass' });
      },
    });
    expect(seq).toBeGreaterThan(0);
    const [violation] = run.peers[0]!.table.audits[0]!.violations;
    expect(violation).toMatchObject({ seat: CHEATER, seq, rule: 'R-7', code: 'ILLEGAL_MOVE' });
  });

  it.each(PATHS)(
    'a proven shuffle whose permutation was not drawn from the seed: SHUFFLE_MISMATCH, %s',
    async (_, fast) => {
      await accelerate(fast);
      const run = withCheater('shuffle-hop', (draft, peer) => {
        const { deal } = peer.table;
        const seed = seedOf(peer);
        const deck = deal.decks[0]!;
        const perm = shufflePermutation(deal.ctx, seed, 0, MT_TILES).reverse();
        const s = shuffleScalar(deal.ctx, seed, 0);
        return { ...draft, body: provenShuffle(deal.ctx, deck, CHEATER, { perm, s, seed }) };
      });
      expect(run.refused).toBeNull();
      const hop = run.peers[0]!.table.deal.decks[0]!.shuffles[CHEATER]!;
      // harmless to the others (the deck is still a shuffle of the tiles), but named
      expect(run.peers[0]!.table.audits[0]).toEqual({
        round: 1,
        violations: [
          { seat: CHEATER, seq: hop.seq, moveIndex: null, rule: null, code: 'SHUFFLE_MISMATCH' },
        ],
        unchecked: [],
        replayed: true,
      });
    },
  );

  it.each(PATHS)(
    'a proven lock whose keys were not drawn from the seed (shared consistently): LOCK_MISMATCH, %s',
    async (_, fast) => {
      await accelerate(fast);
      const other = new Uint8Array(32).fill(77);
      const run = runTable({
        ...MT,
        stopWhen: (peers) => peers.some((p) => mayMove(p.table)),
        tamper: (seat, draft, peer) => {
          if (seat !== CHEATER) return draft;
          const { deal } = peer.table;
          const seed = seedOf(peer);
          const deck = deal.decks[0]!;
          if (draft.kind === 'lock-hop') {
            const s = shuffleScalar(deal.ctx, seed, 0);
            const body = dishonestLock(deck, CHEATER, () => {}, {
              dealCtx: deal.ctx,
              seed: other,
              shuffleScalarUsed: s,
            });
            return { ...draft, body };
          }
          if (draft.kind === 'key-share') {
            return { ...draft, body: keysToShare(deal.ctx, deck, CHEATER, other)! };
          }
          return draft;
        },
      });
      expect(run.refused).toBeNull();
      const lock = run.peers[0]!.table.deal.decks[0]!.locks[CHEATER]!;
      expect(revealSeeds(run).audits[0]!.violations).toContainEqual({
        seat: CHEATER,
        seq: lock.seq,
        moveIndex: null,
        rule: null,
        code: 'LOCK_MISMATCH',
      });
    },
  );

  it('a withheld seed: the stalled seat is named, and the audit leaves it unchecked (SEED_NOT_REVEALED), no violation', () => {
    const run = runTable({
      ...SMALL_MT,
      tamper: (seat, draft) => (seat === CHEATER && draft.kind === 'seed-reveal' ? null : draft),
    });
    expect(run.stalled).toBe(CHEATER);
    const table = run.peers[0]!.table;
    expect(table.audits).toEqual([]);
    // the session sees who owes what, and audits once it gives up waiting
    expect(dues(table)).toEqual([{ seat: CHEATER, kind: 'seed-reveal' }]);
    const commit = entrySeq(run, 'seed-commit', CHEATER);
    // a seed that never came proves nothing: its player may have left; the rest is still checked
    const audit = auditTable(table);
    expect(audit.violations).toEqual([]);
    expect(audit.unchecked).toEqual([{ seat: CHEATER, seq: commit, code: 'SEED_NOT_REVEALED' }]);
    expect(audit.replayed).toBe(false);
  });

  it('a random contribution not drawn from the seed (R-3): RANDOM_MISMATCH', () => {
    const value = new Uint8Array(32).fill(1);
    const run = runTable({
      variant: 'railominos',
      players: 2,
      options: { handSize: 3, rounds: 1 },
      stopWhen: (peers) => peers.some((p) => mayMove(p.table)),
      tamper: (seat, draft, peer): EntryDraft => {
        if (seat !== CHEATER) return draft;
        const label = (draft.body as { label?: string }).label ?? '';
        if (draft.kind === 'random-commit') {
          const commitment = toBase64url(randomCommitment(peer.table.deal.ctx, seat, label, value));
          return { ...draft, body: { label, commitment } };
        }
        return draft.kind === 'random-reveal'
          ? { ...draft, body: { label, value: toBase64url(value) } }
          : draft;
      },
    });
    expect(run.refused).toBeNull();
    const violations = revealSeeds(run).audits[0]!.violations;
    expect(violations).toEqual([
      {
        seat: CHEATER,
        seq: entrySeq(run, 'random-reveal', CHEATER),
        moveIndex: null,
        rule: null,
        code: 'RANDOM_MISMATCH',
      },
      aborted(run),
    ]);
  });

  it('a secret choice (E-2) committed with a salt not drawn from the seed: CHOICE_MISMATCH', () => {
    const salt = new Uint8Array(32).fill(2);
    const run = runTable({
      variant: 'engine-191',
      players: 2,
      options: { tokensToWin: 1 },
      stopWhen: (peers) => peers[0]!.table.view.phase === 'playing',
      tamper: (seat, draft, peer): EntryDraft => {
        if (seat !== CHEATER) return draft;
        const { label, choice } = draft.body as { label?: string; choice?: number };
        const tile = peer.choices.get(label ?? '') ?? -1;
        if (draft.kind === 'choice-commit') {
          const c = choiceCommitment(peer.table.deal.ctx, seat, label!, tile, salt);
          return { ...draft, body: { label: label!, commitment: toBase64url(c) } };
        }
        return draft.kind === 'choice-reveal'
          ? { ...draft, body: { label: label!, choice: choice!, salt: toBase64url(salt) } }
          : draft;
      },
    });
    expect(run.refused).toBeNull();
    const violations = revealSeeds(run).audits[0]!.violations;
    expect(violations).toEqual([
      {
        seat: CHEATER,
        seq: entrySeq(run, 'choice-reveal', CHEATER),
        moveIndex: null,
        rule: null,
        code: 'CHOICE_MISMATCH',
      },
      aborted(run),
    ]);
  });
});
