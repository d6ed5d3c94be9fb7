import { describe, expect, it } from 'vitest';
import { auditDeal } from '$lib/protocol/deal-audit';
import type { DealAction, DealRun } from '$lib/protocol/deal-driver';
import { knownFaces } from '$lib/protocol/deck-keys';
import { runScript } from './driver-script';
import { tiles } from './helpers';

/**
 * Every peer holds the same log (so the same public state, and the same audit) and
 * sees exactly its own tiles and the open ones.
 */
function expectFairDeal(run: DealRun): void {
  expect(run.halted).toBeNull();
  const heads = run.peers.map((p) => p.table.head);
  expect(new Set(heads.map((h) => h.prev)).size).toBe(1);
  expect(heads[0]!.seq).toBe(run.log.length);
  const audit = auditDeal(run.peers[0]!.table.deal);
  expect(audit.violations).toEqual([]);
  for (const peer of run.peers) {
    const { deal } = peer.table;
    deal.decks.forEach((deck, d) => {
      const truth = audit.decks[d]!.faces;
      expect(truth.every((f) => typeof f === 'number')).toBe(true);
      expect(new Set(truth).size).toBe(truth.length);
      const seen = knownFaces(deal.ctx, deck, peer.seat, peer.seed);
      deck.owners.forEach((owner, pos) => {
        const visible = owner === peer.seat || deck.faces[pos] !== null;
        expect(seen[pos]).toBe(visible ? truth[pos] : null);
      });
    });
  }
}

const lateRound: DealAction[] = [
  { type: 'random', seat: 0, label: 'first-player' },
  { type: 'draw', seat: 1, deck: 0 },
  { type: 'flip', seat: 0, deck: 0 },
  { type: 'draw', seat: 0, deck: 0 },
  { type: 'play', seat: 1, deck: 0, pos: 7 },
];

describe('the in-memory deal', () => {
  it('with 2 peers: deal, draws, opening, a play, commit–reveal rounds and a reshuffle', () => {
    const run = runScript({
      seats: 2,
      deckSize: 28,
      hand: 7,
      actions: [
        ...lateRound,
        { type: 'choice', seat: 1, label: 'e2', choices: [3, 11] },
        { type: 'reshuffle', seat: 0, set: 'double-6', tiles: [2, 4, 8, 16, 23], hand: 2 },
        { type: 'draw', seat: 1, deck: 1 },
        { type: 'end' },
      ],
    });
    expectFairDeal(run);
    const { deal } = run.peers[0]!.table;
    expect(deal.decks[0]!.owners.filter((o) => o === 0)).toHaveLength(8);
    expect(deal.decks[0]!.owners.filter((o) => o === 'public')).toHaveLength(1);
    expect(deal.decks[0]!.faces[7]).not.toBeNull();
    expect(deal.choices.get('e2')!.reveals.map((r) => r?.choice)).toEqual([3, 11]);
    expect(deal.randoms.get('first-player')!.reveals.every((r) => r !== null)).toBe(true);
    const reshuffled = auditDeal(deal).decks[1]!.faces;
    expect([...reshuffled].sort((a, b) => Number(a) - Number(b))).toEqual([2, 4, 8, 16, 23]);
  });

  it('with 4 peers and 91 tiles', () => {
    expectFairDeal(
      runScript({ seats: 4, deckSize: 91, hand: 15, actions: [...lateRound, { type: 'end' }] }),
    );
  });

  it('with 8 peers', () => {
    const run = runScript({
      seats: 8,
      deckSize: 28,
      hand: 3,
      actions: [{ type: 'draw', seat: 5, deck: 0 }, { type: 'end' }],
    });
    expectFairDeal(run);
    const owners = run.peers[0]!.table.deal.decks[0]!.owners;
    expect(tiles(8).map((s) => owners.filter((o) => o === s).length)).toEqual([
      3, 3, 3, 3, 3, 4, 3, 3,
    ]);
  });
});
