// Answering the engine's needs from the deck: a deal or E-10 reshuffle from a
// new deck every seat shuffles and locks, a face-up turn by opening the
// boneyard's top to all, the first player (TT-2, R-3) by joint randomness.
import { eventsOf, type BaseState, type Card, type Need, type Supply } from '../../engine';
import { jointRandom, randomIndex } from '../deal/commit-reveal';
import { deckSize, deckStage, type DeckState } from '../deck/deck';
import { assignDealPositions, openDealDeck } from '../deal/state';
import { engineFail, fail, ok, type Result } from '../errors';
import { randomLabel } from './due';
import { deckBase, locate, ownerAt, publicFace } from './positions';
import type { TableState } from './state';

/** Names the tile set in the tile points' label. */
function setLabel(table: TableState): string {
  const { view, variant } = table;
  const set = variant.tileSet(view.players, view.options);
  return set.kind === 'double-n' ? `double-${set.n}` : set.kind;
}

function supplied(table: TableState, input: Supply): Result<TableState> {
  const { variant, view } = table;
  const next = variant.supply(view, input);
  if (!next.ok) return engineFail(next.error);
  const events = eventsOf(variant, view, { supply: input, need: variant.need(view) }, next.value);
  const step = { step: input, seq: table.head.seq - 1, moveIndex: view.moveIndex, events };
  const record = { ...table.record, steps: [...table.record.steps, step] };
  return ok({ ...table, view: next.value, record });
}

/** The locked deck dealt as the need says: hands in seat order from the top, the rest the boneyard. */
function supplyDeck(table: TableState, need: Need, deck: DeckState): Result<TableState> {
  const base = deckBase(table.deal, deck.id);
  const size = deckSize(deck);
  const card = (i: number): Card => ({ pos: base + i, tile: null });
  if (need.kind === 'reshuffle') {
    const boneyard = Array.from({ length: size }, (_, i) => card(i));
    return supplied({ ...table, preparing: null }, { kind: 'reshuffle', boneyard });
  }
  if (need.kind !== 'deal') return fail('WRONG_STAGE', `no deck answers a ${need.kind}`);
  let deal = table.deal;
  let next = 0;
  const hands: Card[][] = [];
  for (const [seat, n] of need.handSizes.entries()) {
    const positions = Array.from({ length: n }, (_, i) => next + i);
    if (next + n > size) return fail('WRONG_SIZE', 'the hands do not fit the deck');
    const assigned = assignDealPositions(deal, deck.id, positions, seat);
    if (!assigned.ok) return assigned;
    deal = assigned.value;
    hands.push(positions.map(card));
    next += n;
  }
  const boneyard = Array.from({ length: size - next }, (_, i) => card(next + i));
  return supplied({ ...table, deal, preparing: null }, { kind: 'deal', hands, boneyard });
}

function reveal(table: TableState, view: BaseState): Result<TableState> | null {
  const top = view.boneyard[0];
  const at = top && locate(table.deal, top.pos);
  if (!top || !at) return fail('BAD_POSITION', 'nothing to turn face up');
  if (ownerAt(table.deal, at) === null) {
    const deal = assignDealPositions(table.deal, at.deck, [at.pos], 'public');
    return deal.ok ? ok({ ...table, deal: deal.value }) : deal;
  }
  const face = publicFace(table.deal, at);
  if (typeof face !== 'number' || top.tile !== face) return null;
  return supplied(table, { kind: 'reveal', pos: top.pos, tile: face });
}

/** One step towards the current need: a changed table, or null while waiting for entries. */
export function answerNeed(table: TableState): Result<TableState> | null {
  const { view, deal } = table;
  const need = table.variant.need(view);
  if (!need) return null;
  switch (need.kind) {
    case 'deal':
    case 'reshuffle': {
      if (table.preparing === null) {
        const opened = openDealDeck(deal, { set: setLabel(table), tiles: need.tiles });
        if (!opened.ok) return opened;
        return ok({ ...table, deal: opened.value, preparing: deal.decks.length });
      }
      const deck = deal.decks[table.preparing];
      if (!deck || deckStage(deal.ctx, deck) !== 'ready') return null;
      return supplyDeck(table, need, deck);
    }
    case 'reveal':
      return reveal(table, view);
    case 'firstPlayer': {
      const label = randomLabel(table);
      const round = label === null ? undefined : deal.randoms.get(label);
      const joint = label !== null && round ? jointRandom(deal.ctx, label, round) : null;
      if (!joint) return null;
      if (need.among.length === 0)
        return fail('WRONG_STAGE', 'nobody to draw the first player among');
      const seat = need.among[randomIndex(joint, need.among.length)] ?? 0;
      return supplied(table, { kind: 'firstPlayer', seat });
    }
  }
}
