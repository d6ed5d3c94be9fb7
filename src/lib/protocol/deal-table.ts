// A stand-in for the game reducer with no game in it, so the deal protocol can run
// end to end: it folds log entries into (log head, deal state), deals each locked
// deck's hands in deck order, and takes 'move' entries that draw, open, start
// commit–reveal rounds or reshuffle. The real reducer makes these calls from rules.
import { isJsonRecord, type JsonValue } from './canonical-json';
import type { DealContext } from './context';
import { deckSize, deckStage, unassignedPositions, type DeckSpec } from './deck';
import {
  applyDealEntry,
  assignDealPositions,
  createDeal,
  openDealDeck,
  type DealState,
} from './deal-state';
import { LABEL_PATTERN, MAX_DECKS } from './entry-kinds';
import { fail, ok, type Result } from './errors';
import { createLogHead, type LogHead } from './log-entry';
import { verifyEntry } from './log-verify';

export type TableMove =
  | { readonly type: 'draw' | 'flip'; readonly deck: number }
  | { readonly type: 'random' | 'choice'; readonly label: string }
  | {
      readonly type: 'reshuffle';
      readonly set: string;
      readonly tiles: readonly number[];
      readonly hand: number;
    };

export interface DealTable {
  readonly head: LogHead;
  readonly deal: DealState;
  /** Tiles dealt to every seat from each deck once it is locked. */
  readonly hands: readonly number[];
  readonly openRandoms: readonly string[];
  readonly openChoices: readonly string[];
}

export function createDealTable(
  ctx: DealContext,
  seatKeys: readonly Uint8Array[],
  first: DeckSpec,
  hand: number,
): Result<DealTable> {
  const deal = createDeal(ctx);
  const opened = deal.ok ? openDealDeck(deal.value, first) : deal;
  if (!opened.ok) return opened;
  const head = createLogHead(ctx.game, seatKeys);
  return ok({ head, deal: opened.value, hands: [hand], openRandoms: [], openChoices: [] });
}

const isIndex = (v: JsonValue | undefined, bound: number): boolean =>
  typeof v === 'number' && Number.isSafeInteger(v) && v >= 0 && v < bound;

export function isTableMove(body: JsonValue): body is TableMove {
  if (!isJsonRecord(body)) return false;
  const keys = Object.keys(body).sort().join();
  switch (body.type) {
    case 'draw':
    case 'flip':
      return keys === 'deck,type' && isIndex(body.deck, MAX_DECKS);
    case 'random':
    case 'choice':
      return (
        keys === 'label,type' && typeof body.label === 'string' && LABEL_PATTERN.test(body.label)
      );
    case 'reshuffle':
      return (
        keys === 'hand,set,tiles,type' &&
        typeof body.set === 'string' &&
        LABEL_PATTERN.test(body.set) &&
        Array.isArray(body.tiles) &&
        body.tiles.every((t: JsonValue) => isIndex(t, 2 ** 31)) &&
        isIndex(body.hand, 2 ** 31)
      );
    default:
      return false;
  }
}

/** Deals `hands[d]` positions to every seat, in deck order, once deck d is locked. */
function dealLockedDecks(table: DealTable): Result<DealTable> {
  let { deal } = table;
  for (const deck of deal.decks) {
    const hand = table.hands[deck.id] ?? 0;
    const fresh = deck.owners.every((o) => o === null);
    if (hand === 0 || !fresh || deckStage(deal.ctx, deck) !== 'ready') continue;
    if (hand * deal.ctx.seats > deckSize(deck)) return fail('WRONG_SIZE', 'deck too small');
    for (let seat = 0; seat < deal.ctx.seats; seat++) {
      const positions = Array.from({ length: hand }, (_, i) => seat * hand + i);
      const next = assignDealPositions(deal, deck.id, positions, seat);
      if (!next.ok) return next;
      deal = next.value;
    }
  }
  return ok({ ...table, deal });
}

function applyMove(table: DealTable, seat: number, move: TableMove): Result<DealTable> {
  const { deal } = table;
  switch (move.type) {
    case 'draw':
    case 'flip': {
      const deck = deal.decks[move.deck];
      if (!deck) return fail('UNKNOWN_DECK');
      const [top] = unassignedPositions(deck);
      if (top === undefined) return fail('BAD_POSITION', 'deck is empty');
      const owner = move.type === 'draw' ? seat : 'public';
      const next = assignDealPositions(deal, deck.id, [top], owner);
      return next.ok ? ok({ ...table, deal: next.value }) : next;
    }
    case 'random':
      return ok({ ...table, openRandoms: [...table.openRandoms, move.label] });
    case 'choice':
      return ok({ ...table, openChoices: [...table.openChoices, move.label] });
    case 'reshuffle': {
      const next = openDealDeck(deal, { set: move.set, tiles: move.tiles });
      if (!next.ok) return next;
      return ok({ ...table, deal: next.value, hands: [...table.hands, move.hand] });
    }
  }
}

/** Verifies an encoded entry and folds it in; a rejected entry changes nothing. */
export function applyToTable(table: DealTable, encoded: string): Result<DealTable> {
  const verified = verifyEntry(table.head, encoded, { validMove: isTableMove });
  if (!verified.ok) return verified;
  const { entry, deal, head } = verified.value;
  if (deal) {
    const next = applyDealEntry(table.deal, deal);
    return next.ok ? dealLockedDecks({ ...table, head, deal: next.value }) : next;
  }
  return applyMove({ ...table, head }, entry.seat, entry.body as TableMove);
}
