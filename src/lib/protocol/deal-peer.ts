// An honest peer's side of the deal protocol: given the public deal state and its
// own seed, the next deal entry it owes, if any. Commitments to randomness and
// choices are opened by the rules, so they are the caller's to start.
import type { JsonValue } from './canonical-json';
import { buildChoiceReveal, buildRandomReveal, type CommitRound } from './commit-reveal';
import { deckStage, nextHopSeat } from './deck';
import { buildLockHop, buildShuffleHop } from './deck-hops';
import { keysToReveal, keysToShare } from './deck-keys';
import type { DealState } from './deal-state';
import type { EntryKind } from './entry-kinds';
import { toBase64url } from './bytes';
import { seedCommitment } from './peer-secret';

export interface EntryDraft {
  readonly kind: EntryKind;
  readonly body: JsonValue;
}

/** Labels where every seat has committed and this seat has yet to reveal. */
function dueReveals<R>(rounds: ReadonlyMap<string, CommitRound<R>>, seat: number): string[] {
  return [...rounds]
    .filter(([, r]) => r.commits.every((c) => c !== null) && r.reveals[seat] === null)
    .map(([label]) => label);
}

export function owedDealEntry(
  deal: DealState,
  seat: number,
  seed: Uint8Array,
  choices: ReadonlyMap<string, number>,
): EntryDraft | null {
  const { ctx } = deal;
  if (deal.seeds.commits[seat] === null) {
    const commitment = toBase64url(seedCommitment(ctx, seat, seed));
    return { kind: 'seed-commit', body: { commitment } };
  }
  const allCommitted = deal.seeds.commits.every((c) => c !== null);
  for (const deck of deal.decks) {
    if (allCommitted && nextHopSeat(ctx, deck) === seat) {
      return deckStage(ctx, deck) === 'shuffling'
        ? { kind: 'shuffle-hop', body: buildShuffleHop(ctx, deck, seed) }
        : { kind: 'lock-hop', body: buildLockHop(ctx, deck, seat, seed) };
    }
    const share = keysToShare(ctx, deck, seat, seed);
    if (share) return { kind: 'key-share', body: share };
    const open = keysToReveal(ctx, deck, seat, seed);
    if (open) return { kind: 'reveal', body: open };
  }
  const [label] = dueReveals(deal.randoms, seat);
  if (label !== undefined) {
    return { kind: 'random-reveal', body: buildRandomReveal(ctx, seed, label) };
  }
  for (const choiceLabel of dueReveals(deal.choices, seat)) {
    const choice = choices.get(choiceLabel);
    if (choice !== undefined) {
      return { kind: 'choice-reveal', body: buildChoiceReveal(ctx, seed, choiceLabel, choice) };
    }
  }
  return null;
}
