// Who owes which entry next, read from the table's public state alone, so every
// peer agrees: it authorises each entry's author (WRONG_AUTHOR otherwise) and
// tells an honest peer what to send.
import type { BaseState, Move, Supply, Variant } from '../../engine';
import { deckStage, nextHopSeat } from '../deck/deck';
import type { DealState } from '../deal/state';
import type { EntryKind } from '../log/entry-kinds';
import { locate, type DeckPosition } from './positions';
import type { TableState } from './state';

export interface Due {
  readonly seat: number;
  readonly kind: EntryKind;
}

export function roundOver(table: TableState): boolean {
  const { phase } = table.view;
  return (phase === 'roundOver' || phase === 'gameOver') && table.pending === null;
}

/** The commit–reveal label of the first-player draw being made (TT-2, R-3), if one is due. */
export function randomLabel(table: TableState): string | null {
  if (table.pending || table.abandoned) return null;
  if (table.variant.need(table.view)?.kind !== 'firstPlayer') return null;
  const drawn = table.record.steps.filter((s) => isSupply(s.step, 'firstPlayer')).length;
  return `first-player:${drawn}`;
}

export function isSupply(step: Move | Supply, kind: Supply['kind']): boolean {
  return 'kind' in step && step.kind === kind;
}

/** Whether the variant waits for this seat's simultaneous choice (E-2). */
export function awaitsChoice(variant: Variant, view: BaseState, seat: number): boolean {
  return variant.choosers(view).includes(seat);
}

/** The commit–reveal label of the choices being made (one per deal), if any seat is to choose. */
export function choiceLabel(table: TableState): string | null {
  const { variant, view } = table;
  if (table.pending || table.abandoned || variant.need(view)) return null;
  for (let seat = 0; seat < view.players; seat++) {
    if (awaitsChoice(variant, view, seat)) return `choose:${table.deal.decks.length}`;
  }
  return null;
}

/** Positions dealt privately to another seat for which `seat` has not shared its key. */
function sharesOwed(deal: DealState, seat: number): DeckPosition[] {
  const out: DeckPosition[] = [];
  for (const deck of deal.decks) {
    deck.owners.forEach((owner, pos) => {
      if (typeof owner === 'number' && owner !== seat && !deck.keys[pos]?.[seat]) {
        out.push({ deck: deck.id, pos });
      }
    });
  }
  return out;
}

/** Positions being opened to all for which `seat`'s key is still missing. */
export function revealsOwed(table: TableState, seat: number): DeckPosition[] {
  const { deal } = table;
  const out: DeckPosition[] = [];
  for (const deck of deal.decks) {
    deck.owners.forEach((owner, pos) => {
      if (owner === 'public' && !deck.keys[pos]?.[seat]) out.push({ deck: deck.id, pos });
    });
  }
  for (const d of table.pending?.before ?? []) {
    if (d.to !== 'all') continue;
    const at = locate(deal, d.pos);
    const deck = at && deal.decks[at.deck];
    if (at && deck?.owners[at.pos] === seat && !deck.keys[at.pos]?.[seat]) out.push(at);
  }
  return out;
}

function seats(table: TableState): number[] {
  return Array.from({ length: table.view.players }, (_, s) => s);
}

/** Every entry owed now, in the order an honest peer sends its own. */
export function dues(table: TableState): Due[] {
  if (table.record.audit) return [];
  const { deal, view, variant } = table;
  const all = seats(table);
  const { commits, reveals } = deal.seeds;
  const uncommitted = all.filter((s) => commits[s] === null);
  if (uncommitted.length > 0) return uncommitted.map((seat) => ({ seat, kind: 'seed-commit' }));
  if (table.abandoned || roundOver(table)) {
    return all.filter((s) => reveals[s] === null).map((seat) => ({ seat, kind: 'seed-reveal' }));
  }
  if (table.preparing !== null) {
    const deck = deal.decks[table.preparing];
    const seat = deck ? nextHopSeat(deal.ctx, deck) : null;
    if (!deck || seat === null) return [];
    return [{ seat, kind: deckStage(deal.ctx, deck) === 'shuffling' ? 'shuffle-hop' : 'lock-hop' }];
  }
  const out: Due[] = [];
  for (const seat of all) {
    if (sharesOwed(deal, seat).length > 0) out.push({ seat, kind: 'key-share' });
    if (revealsOwed(table, seat).length > 0) out.push({ seat, kind: 'reveal' });
  }
  // Everything else waits until every seat holds what it was dealt.
  if (out.length > 0) return out;
  const random = randomLabel(table);
  const round = random === null ? undefined : deal.randoms.get(random);
  if (random !== null) commitReveal(all, round, 'random', out);
  const choice = choiceLabel(table);
  if (choice !== null) {
    const choices = deal.choices.get(choice);
    commitReveal(all, choices, 'choice', out);
    // E-2: a seat whose choice is revealed plays it as its `choose` move.
    for (const seat of all) {
      if (choices?.reveals[seat] && awaitsChoice(variant, view, seat)) {
        out.push({ seat, kind: 'move' });
      }
    }
    return out;
  }
  const playing = view.phase === 'setup' || view.phase === 'playing';
  if (out.length === 0 && playing && view.turn !== null && table.pending === null) {
    if (variant.need(view) === null) out.push({ seat: view.turn, kind: 'move' });
  }
  return out;
}

function commitReveal(
  all: readonly number[],
  round: { readonly commits: readonly unknown[]; readonly reveals: readonly unknown[] } | undefined,
  kind: 'random' | 'choice',
  out: Due[],
): void {
  const committed = round?.commits.every((c) => c !== null) ?? false;
  for (const seat of all) {
    if (!round?.commits[seat]) out.push({ seat, kind: `${kind}-commit` });
    else if (committed && !round.reveals[seat]) out.push({ seat, kind: `${kind}-reveal` });
  }
}

/**
 * Whether `seat` may author an entry of this kind now. A seed may be revealed at
 * any time: before the round's end, that abandons the round.
 */
export function mayAuthor(table: TableState, seat: number, kind: EntryKind): boolean {
  if (kind === 'seed-reveal') {
    const { commits, reveals } = table.deal.seeds;
    return !table.record.audit && commits.every((c) => c !== null) && reveals[seat] === null;
  }
  return dues(table).some((d) => d.seat === seat && d.kind === kind);
}
