// Whole rounds at a table of N peers in memory (every variant), through the real
// reducer: each peer sees its own tiles and the open ones only, all agree on the
// public-state hash after every entry, and the end-of-round audit finds nothing.
import { beforeAll, describe, expect, it } from 'vitest';
import { isDouble, variantOf, type Move, type Options, type VariantId } from '$lib/engine';
import { mayMove } from '$lib/protocol/table/peer';
import { locate, publicFace } from '$lib/protocol/table/positions';
import { accelerate } from '$lib/protocol/crypto/accelerator';
import { randomChooser, runTable, type Chooser, type SimPeer } from './table-sim';

// the peers run what a browser runs: the WebAssembly accelerator (same bytes, faster)
beforeAll(() => accelerate());

/** No peer knows a tile of another hand or of the boneyard unless it was opened to all. */
function expectPrivate(peers: readonly SimPeer[]): void {
  for (const { seat, table } of peers) {
    const { view, deal } = table;
    // between rounds the hands are last round's, shown at its end
    if (view.phase !== 'setup' && view.phase !== 'playing') continue;
    const open = (pos: number): boolean => {
      const at = locate(deal, pos);
      return at !== null && typeof publicFace(deal, at) === 'number';
    };
    view.hands.forEach((hand, s) => {
      for (const c of hand) {
        if (s !== seat && c.tile !== null && !open(c.pos)) {
          throw new Error(`seat ${seat} sees seat ${s}'s tile at ${c.pos}`);
        }
        if (s === seat && c.tile === null && mayMove(table)) {
          throw new Error(`seat ${seat} is to move without knowing its tile at ${c.pos}`);
        }
      }
    });
    for (const c of view.boneyard) {
      if (c.tile !== null && !open(c.pos)) throw new Error(`seat ${seat} sees the boneyard`);
    }
  }
}

function playRound(
  variant: VariantId,
  players: number,
  options: Options,
  seed = 1,
  chooser: Chooser = randomChooser,
) {
  const run = runTable({ variant, players, options, seed, chooser, onEntry: expectPrivate });
  expect(run.refused).toBeNull();
  expect(run.stalled).toBeNull();
  const table = run.peers[0]!.table;
  expect(table.audits[0]).toEqual({ round: 1, violations: [], unchecked: [], replayed: true });
  // every peer holds the same log, so the same head; the harness checked every hash
  expect(new Set(run.peers.map((p) => p.table.head.prev)).size).toBe(1);
  expect(run.hashes).toHaveLength(run.log.length);
  const kinds = new Set(run.log.map((e) => (JSON.parse(e) as { kind: string }).kind));
  return { run, kinds };
}

describe('whole Mexican Train rounds (MT-1 … MT-11)', () => {
  it('2 peers, the full double-12 set (91 tiles, 15 each)', () => {
    const { kinds } = playRound('mexican-train', 2, { rounds: 1 });
    expect([...kinds]).toEqual(
      expect.arrayContaining(['seed-commit', 'shuffle-hop', 'lock-hop', 'key-share', 'move']),
    );
  });

  it('4 peers, double-9, 7 each', () => {
    playRound('mexican-train', 4, { rounds: 1, set: 9, handSize: 7 }, 2);
  });

  it('8 peers, double-6, 3 each', () => {
    playRound('mexican-train', 8, { rounds: 1, set: 6, handSize: 3 }, 3);
  });

  it('two rounds: each dealt from a fresh seed per peer, each audited', () => {
    const run = runTable({
      variant: 'mexican-train',
      players: 2,
      options: { rounds: 2, set: 4, handSize: 4 },
      rounds: 2,
      onEntry: expectPrivate,
    });
    expect(run.refused).toBeNull();
    const table = run.peers[0]!.table;
    expect(table.audits).toEqual([
      { round: 1, violations: [], unchecked: [], replayed: true },
      { round: 2, violations: [], unchecked: [], replayed: true },
    ]);
    expect(table.view.phase).toBe('gameOver');
    const commitments = run.log
      .map((e) => JSON.parse(e) as { kind: string; body: { commitment?: string } })
      .filter((e) => e.kind === 'seed-commit')
      .map((e) => e.body.commitment);
    expect(new Set(commitments).size).toBe(4);
  });
});

describe('a whole round of every other variant', () => {
  it('Mexican Train, tournament rules: first player by joint randomness (TT-2)', () => {
    const { kinds } = playRound('mexican-train-tournament', 2, { set: 6, handSize: 5 });
    expect(kinds).toContain('random-reveal');
  });

  it('Derailing the Train (DT-1, DT-2)', () => {
    playRound('derailing-the-train', 3, { set: 6, handSize: 4 }, 4);
  });

  it('Engine 191: secret choices (E-2), face-up draws, reshuffles (E-10)', () => {
    const { run, kinds } = playRound('engine-191', 2, { tokensToWin: 1 });
    expect(kinds).toContain('choice-reveal');
    // E-10: a reshuffle is a new deck every seat shuffles and locks
    expect(run.peers[0]!.table.deal.decks.length).toBeGreaterThan(1);
  });

  it('Engine 191: no double revealed, so the round is dealt again (E-2)', () => {
    // on the first deal every seat commits a non-double, after that a double if it can
    let choicesOnRedeal = 0;
    const chooser: Chooser = (peer, legal) => {
      const chooses = legal.filter((m): m is Move & { type: 'choose' } => m.type === 'choose');
      if (chooses.length === 0) return randomChooser(peer, legal);
      const { players, options } = peer.table.view;
      const set = variantOf('engine-191').tileSet(players, options);
      // choices come before any E-10 reshuffle: a second deck here is the redeal
      const firstDeal = peer.table.deal.decks.length === 1;
      if (!firstDeal) choicesOnRedeal++;
      const wanted = chooses.filter((m) => isDouble(set, m.tile) !== firstDeal);
      return (wanted[0] ?? chooses[0]) as Move;
    };
    const { kinds } = playRound('engine-191', 2, { tokensToWin: 1 }, 2, chooser);
    expect(kinds).toContain('choice-reveal');
    expect(choicesOnRedeal).toBeGreaterThanOrEqual(2);
  });

  it('Railominos: the leader turned face up (R-2), the first player drawn (R-3)', () => {
    const { kinds } = playRound('railominos', 3, { handSize: 5, rounds: 1 });
    expect([...kinds]).toEqual(expect.arrayContaining(['reveal', 'random-reveal']));
  });
});
