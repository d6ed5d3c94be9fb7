// An honest peer's side of the table: the next protocol entry it owes, read from
// the same dues every peer checks authors against, and the entry for a move it
// makes, carrying its keys for what the move shows.
import type { Move } from '../../engine';
import { toBase64url } from '../crypto/bytes';
import type { JsonValue } from '../log/canonical-json';
import {
  buildChoiceCommit,
  buildChoiceReveal,
  buildRandomCommit,
  buildRandomReveal,
} from '../deal/commit-reveal';
import { deckStage, nextHopSeat, type DeckState } from '../deck/deck';
import { lockHopSteps, shuffleHopSteps } from '../deck/hops';
import { drive, type Steps } from '../deck/work';
import { keysToReveal, keysToShare } from '../deck/keys';
import type { EntryKind } from '../log/entry-kinds';
import { scalar } from '../crypto/group';
import { lockScalar, seedCommitment } from '../deal/peer-secret';
import { choiceLabel, dues, randomLabel, revealsOwed } from './due';
import { moverKeysDue } from './move';
import { locate } from './positions';
import type { TableState } from './state';

export interface EntryDraft {
  readonly kind: EntryKind;
  readonly body: JsonValue;
}

/** A seated peer's seat and its seed for the round. */
interface Own {
  readonly seat: number;
  readonly seed: Uint8Array;
}

function own(table: TableState): Own | null {
  const { seat } = table.local;
  return seat === null || !table.seed ? null : { seat, seed: table.seed };
}

function revealDraft(table: TableState, { seat, seed }: Own): EntryDraft | null {
  const owed = revealsOwed(table, seat);
  const deck = owed[0] && table.deal.decks[owed[0].deck];
  if (!deck) return null;
  const positions = owed.filter((at) => at.deck === deck.id).map((at) => at.pos);
  const body = keysToReveal(table.deal.ctx, deck, seat, seed, positions);
  return body && { kind: 'reveal', body };
}

function draftFor(
  table: TableState,
  { seat, seed }: Own,
  kind: EntryKind,
  choices: ReadonlyMap<string, number>,
): EntryDraft | null {
  const { deal } = table;
  const { ctx } = deal;
  const deck = table.preparing === null ? undefined : deal.decks[table.preparing];
  const random = randomLabel(table);
  const label = choiceLabel(table);
  const choice = label === null ? undefined : choices.get(label);
  switch (kind) {
    case 'seed-commit':
      return { kind, body: { commitment: toBase64url(seedCommitment(ctx, seat, seed)) } };
    case 'seed-reveal':
      return { kind, body: { seed: toBase64url(seed) } };
    case 'shuffle-hop':
    case 'lock-hop': {
      const steps = deck && ownHopSteps(table, deck);
      const draft = steps && drive(steps);
      return draft?.kind === kind ? draft : null;
    }
    case 'key-share':
      for (const d of deal.decks) {
        const body = keysToShare(ctx, d, seat, seed);
        if (body) return { kind, body };
      }
      return null;
    case 'reveal':
      return revealDraft(table, { seat, seed });
    case 'random-commit':
      return random === null ? null : { kind, body: buildRandomCommit(ctx, seat, seed, random) };
    case 'random-reveal':
      return random === null ? null : { kind, body: buildRandomReveal(ctx, seed, random) };
    case 'choice-commit':
      if (label === null || choice === undefined) return null;
      return { kind, body: buildChoiceCommit(ctx, seat, seed, label, choice) };
    case 'choice-reveal':
      if (label === null || choice === undefined) return null;
      return { kind, body: buildChoiceReveal(ctx, seed, label, choice) };
    case 'move':
      return null;
  }
}

/**
 * The steps of the hop this peer's seat owes next on `deck` (its shuffle, or its
 * lock), whose point work may run on other workers (deck/work.ts); null when the
 * next hop on it is another seat's. `deck` may be one received and not yet checked
 * (deck/pipeline.ts): the hop is then not to be released before that check passes.
 */
export function ownHopSteps(table: TableState, deck: DeckState): Steps<EntryDraft> | null {
  const me = own(table);
  const { ctx } = table.deal;
  if (!me || nextHopSeat(ctx, deck) !== me.seat) return null;
  const stage = deckStage(ctx, deck);
  if (stage === 'shuffling') return hopDraft('shuffle-hop', shuffleHopSteps(ctx, deck, me.seed));
  if (stage === 'locking') return hopDraft('lock-hop', lockHopSteps(ctx, deck, me.seat, me.seed));
  return null;
}

function* hopDraft(kind: EntryKind, steps: Steps<JsonValue>): Steps<EntryDraft> {
  return { kind, body: yield* steps };
}

/**
 * The next protocol entry this peer owes, if any (moves are the player's to
 * choose; a spectator owes nothing). `choices`: this peer's secret choices by
 * label (E-2), decided by the player before its commitment is due.
 */
export function owedEntry(
  table: TableState,
  choices: ReadonlyMap<string, number> = new Map(),
): EntryDraft | null {
  const me = own(table);
  if (!me) return null;
  for (const due of dues(table)) {
    if (due.seat !== me.seat) continue;
    const draft = draftFor(table, me, due.kind, choices);
    if (draft) return draft;
  }
  return null;
}

/** Whether this peer may send a move now (never a spectator). */
export function mayMove(table: TableState): boolean {
  return dues(table).some((d) => d.seat === table.local.seat && d.kind === 'move');
}

/** A move entry: the move, and this peer's keys for every position it shows to all (none for a spectator). */
export function moveDraft(table: TableState, move: Move): EntryDraft {
  const { deal, variant, view } = table;
  const me = own(table);
  const positions = me ? moverKeysDue(deal, me.seat, variant.disclosures(view, move)) : [];
  // Keys named by engine position; a boneyard card shown is not yet assigned to anyone.
  const keys = positions.flatMap((pos) => {
    const at = locate(deal, pos);
    const key = me && at && scalar.encode(lockScalar(deal.ctx, me.seed, at.deck, at.pos));
    return key ? [{ pos, key: toBase64url(key) }] : [];
  });
  // JSON has no undefined fields: the body is the move as it travels.
  return { kind: 'move', body: { move: JSON.parse(JSON.stringify(move)) as JsonValue, keys } };
}
