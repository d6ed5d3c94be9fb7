// Teaching the view the faces it may now know: positions opened to all, and this
// peer's own positions once every other seat has shared its key (a spectator has none).
import { revealCard } from '../../engine';
import type { DeckState, TileFace } from '../deck/deck';
import { knownFace } from '../deck/keys';
import { locate } from './positions';
import type { TableState } from './state';

/** The face this table knows at a position of one of its decks, if any. */
export function faceKnown(table: TableState, deck: DeckState, pos: number): TileFace | null {
  const { deal, local, seed } = table;
  if (local.seat === null || !seed) return deck.faces[pos] ?? null;
  return knownFace(deal.ctx, deck, local.seat, seed, pos);
}

export function learnFaces(table: TableState): TableState {
  const { deal } = table;
  let view = table.view;
  for (const card of [...view.hands.flat(), ...view.boneyard]) {
    if (card.tile !== null) continue;
    const at = locate(deal, card.pos);
    const deck = at && deal.decks[at.deck];
    if (!at || !deck) continue;
    const face = faceKnown(table, deck, at.pos);
    if (typeof face !== 'number') continue;
    const learnt = revealCard(view, card.pos, face);
    if (learnt.ok) view = learnt.value;
  }
  return view === table.view ? table : { ...table, view };
}
