// The privacy check every session test applies: a table knows no tile of
// another hand or of the boneyard that was not opened to all.
import { mayMove, type TableState } from '$lib/protocol';
import { locate, publicFace } from '$lib/protocol/table/positions';

/** Throws if a table knows a tile of another hand or of the boneyard that was not opened to all. */
export function expectPrivate(t: TableState): void {
  const { view, deal, local } = t;
  if (view.phase !== 'setup' && view.phase !== 'playing') return;
  const open = (pos: number): boolean => {
    const at = locate(deal, pos);
    return at !== null && typeof publicFace(deal, at) === 'number';
  };
  view.hands.forEach((hand, s) => {
    for (const c of hand) {
      if (s !== local.seat && c.tile !== null && !open(c.pos)) {
        throw new Error(`seat ${local.seat} sees seat ${s}'s tile at ${c.pos}`);
      }
      if (s === local.seat && c.tile === null && mayMove(t)) {
        throw new Error(`seat ${local.seat} is to move without knowing its tile at ${c.pos}`);
      }
    }
  });
  for (const c of view.boneyard) {
    if (c.tile !== null && !open(c.pos)) throw new Error(`seat ${local.seat} sees the boneyard`);
  }
}
