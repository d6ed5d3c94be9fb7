// One round's dealing state, built only from verified deal-protocol entries (and
// from the reducer's rule decisions: which decks to open, who gets which position).
// Every apply is pure and either returns the next state or an error, never both.
import { fromBase64url } from '../crypto/bytes';
import {
  addCommit,
  addReveal,
  choiceCommitment,
  emptyRound,
  randomCommitment,
  type ChoiceReveal,
  type CommitRound,
  type RandomReveal,
} from './commit-reveal';
import type { DealContext } from './context';
import { assignPositions, openDeck, type DeckSpec, type DeckState, type Owner } from '../deck/deck';
import { applyLockHop, applyShuffleHop } from '../deck/hops';
import { applyKeys } from '../deck/keys';
import { MAX_DECKS, type DealEntry } from '../log/entry-kinds';
import { fail, ok, type Result } from '../errors';
import { MAX_SEATS } from '../limits';
import { seedCommitment } from './peer-secret';

export { MAX_SEATS };

export interface SeedReveal {
  readonly seed: Uint8Array;
  readonly seq: number;
}

export interface DealState {
  readonly ctx: DealContext;
  readonly seeds: CommitRound<SeedReveal>;
  readonly decks: readonly DeckState[];
  readonly randoms: ReadonlyMap<string, CommitRound<RandomReveal>>;
  readonly choices: ReadonlyMap<string, CommitRound<ChoiceReveal>>;
}

export function createDeal(ctx: DealContext): Result<DealState> {
  if (!Number.isInteger(ctx.seats) || ctx.seats < 1 || ctx.seats > MAX_SEATS) {
    return fail('UNKNOWN_SEAT', `1…${MAX_SEATS} seats`);
  }
  return ok({
    ctx,
    seeds: emptyRound(ctx.seats),
    decks: [],
    randoms: new Map(),
    choices: new Map(),
  });
}

/** Opens the next deck (the first of the round, or a reshuffle of known tiles). */
export function openDealDeck(state: DealState, spec: DeckSpec): Result<DealState> {
  if (state.decks.length >= MAX_DECKS) return fail('UNKNOWN_DECK', 'too many decks');
  const deck = openDeck(state.ctx, state.decks.length, spec);
  return deck.ok ? ok({ ...state, decks: [...state.decks, deck.value] }) : deck;
}

function withDeck(
  state: DealState,
  id: number,
  change: (deck: DeckState) => Result<DeckState>,
): Result<DealState> {
  const deck = state.decks[id];
  if (!deck) return fail('UNKNOWN_DECK', `deck ${id}`);
  const next = change(deck);
  return next.ok ? ok({ ...state, decks: state.decks.with(id, next.value) }) : next;
}

export function assignDealPositions(
  state: DealState,
  deck: number,
  positions: readonly number[],
  owner: Owner,
): Result<DealState> {
  return withDeck(state, deck, (d) => assignPositions(state.ctx, d, positions, owner));
}

function withRound<R>(
  rounds: ReadonlyMap<string, CommitRound<R>>,
  label: string,
  seats: number,
  change: (round: CommitRound<R>) => Result<CommitRound<R>>,
): Result<ReadonlyMap<string, CommitRound<R>>> {
  const next = change(rounds.get(label) ?? emptyRound(seats));
  return next.ok ? ok(new Map(rounds).set(label, next.value)) : next;
}

export function applyDealEntry(state: DealState, entry: DealEntry): Result<DealState> {
  const { ctx } = state;
  const { seat, seq } = entry;
  if (!Number.isInteger(seat) || seat < 0 || seat >= ctx.seats) return fail('UNKNOWN_SEAT');
  const decode = (text: string): Uint8Array => fromBase64url(text, 32) ?? new Uint8Array(32);
  switch (entry.kind) {
    case 'seed-commit': {
      const seeds = addCommit(state.seeds, seat, seq, entry.body.commitment);
      return seeds.ok ? ok({ ...state, seeds: seeds.value }) : seeds;
    }
    case 'shuffle-hop':
      if (state.seeds.commits.some((c) => c === null)) return fail('NOT_ALL_COMMITTED');
      return withDeck(state, entry.body.deck, (d) =>
        applyShuffleHop(ctx, d, seat, seq, entry.body),
      );
    case 'lock-hop':
      return withDeck(state, entry.body.deck, (d) => applyLockHop(ctx, d, seat, seq, entry.body));
    case 'key-share':
    case 'reveal':
      return withDeck(state, entry.body.deck, (d) =>
        applyKeys(ctx, d, seat, seq, entry.kind, entry.body),
      );
    case 'random-commit': {
      const { label, commitment } = entry.body;
      const randoms = withRound(state.randoms, label, ctx.seats, (r) =>
        addCommit(r, seat, seq, commitment),
      );
      return randoms.ok ? ok({ ...state, randoms: randoms.value }) : randoms;
    }
    case 'choice-commit': {
      const { label, commitment } = entry.body;
      const choices = withRound(state.choices, label, ctx.seats, (r) =>
        addCommit(r, seat, seq, commitment),
      );
      return choices.ok ? ok({ ...state, choices: choices.value }) : choices;
    }
    case 'random-reveal': {
      const { label } = entry.body;
      const value = decode(entry.body.value);
      const expected = randomCommitment(ctx, seat, label, value);
      const randoms = withRound(state.randoms, label, ctx.seats, (r) =>
        addReveal(r, seat, expected, { value, seq }),
      );
      return randoms.ok ? ok({ ...state, randoms: randoms.value }) : randoms;
    }
    case 'choice-reveal': {
      const { label, choice } = entry.body;
      const salt = decode(entry.body.salt);
      const expected = choiceCommitment(ctx, seat, label, choice, salt);
      const choices = withRound(state.choices, label, ctx.seats, (r) =>
        addReveal(r, seat, expected, { choice, salt, seq }),
      );
      return choices.ok ? ok({ ...state, choices: choices.value }) : choices;
    }
    case 'seed-reveal': {
      const seed = decode(entry.body.seed);
      const expected = seedCommitment(ctx, seat, seed);
      const seeds = addReveal(state.seeds, seat, expected, { seed, seq });
      return seeds.ok ? ok({ ...state, seeds: seeds.value }) : seeds;
    }
  }
}
