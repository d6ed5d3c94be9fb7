// Teaching the view the faces it may now know: positions opened to all, and this
// peer's own positions once every other seat has shared its key.
import { revealCard } from '../../engine';
import { knownFace } from '../deck/keys';
import { locate } from './positions';
import type { TableState } from './state';

export function learnFaces(table: TableState): TableState {
  const { deal, local, seed } = table;
  let view = table.view;
  for (const card of [...view.hands.flat(), ...view.boneyard]) {
    if (card.tile !== null) continue;
    const at = locate(deal, card.pos);
    const deck = at && deal.decks[at.deck];
    if (!at || !deck) continue;
    const face = knownFace(deal.ctx, deck, local.seat, seed, at.pos);
    if (typeof face !== 'number') continue;
    const learnt = revealCard(view, card.pos, face);
    if (learnt.ok) view = learnt.value;
  }
  return view === table.view ? table : { ...table, view };
}
