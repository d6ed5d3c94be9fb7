// This seat's record of the round, as the bots read it (the engine's RoundHistory):
// its view right after the deal, the moves and supplies since, every tile dealt,
// and the positions it has seen opened with their tiles. Rebuilt from the round's
// record with what this table knows now, the way the engine's seated game keeps it
// for each seat of a full-information table.
import {
  revealCard,
  type BaseState,
  type Card,
  type Move,
  type RoundHistory,
  type Supply,
  type TileId,
} from '../../engine';
import { faceKnown } from './faces';
import { judge } from './move';
import { locate } from './positions';
import type { TableState } from './state';

type Seen = (readonly [number, TileId])[];

// Keyed by the deal's step (each table makes its own), so the bots' memo, keyed by
// the start view, carries over between decisions; kept once the seat knows its hand.
const starts = new WeakMap<Supply, BaseState>();

/** The tile at an engine position as this table knows it: opened to all, or its own. */
function faceOf(table: TableState, pos: number): TileId | null {
  const at = locate(table.deal, pos);
  const deck = at && table.deal.decks[at.deck];
  const face = at && deck ? faceKnown(table, deck, at.pos) : null;
  return typeof face === 'number' ? face : null;
}

function learn(view: BaseState, pos: number, tile: TileId | null, seen: Seen): BaseState {
  if (tile === null) return view;
  const learnt = revealCard(view, pos, tile);
  if (!learnt.ok) return view;
  seen.push([pos, tile]);
  return learnt.value;
}

function dealtView(table: TableState, view: BaseState, step: Supply & { kind: 'deal' }) {
  const cached = starts.get(step);
  if (cached) return cached;
  const seat = table.local.seat;
  const own = (cards: readonly Card[]): Card[] =>
    cards.map((c) => ({ pos: c.pos, tile: faceOf(table, c.pos) }));
  const hands = step.hands.map((h, s) => (s === seat ? own(h) : h));
  const start = table.variant.supply(view, { ...step, hands });
  if (!start.ok) return null;
  if (hands[seat ?? -1]?.every((c) => c.tile !== null) ?? true) starts.set(step, start.value);
  return start.value;
}

/** Whether `seat` sees a disclosure: one to all, or one to it. */
const seesIt = (seat: number | null, to: number | 'all'): boolean => to === 'all' || to === seat;

function replayMove(table: TableState, view: BaseState, move: Move, seen: Seen): BaseState | null {
  const { variant } = table;
  const seat = table.local.seat;
  // The mover's keys opened the tile it names before the move was judged.
  const named = 'tile' in move ? [move.tile, 'replace' in move ? move.replace : null] : [];
  let v = view;
  for (const c of v.hands[move.seat] ?? []) {
    const tile = c.tile === null ? faceOf(table, c.pos) : null;
    if (tile !== null && named.includes(tile)) v = learn(v, c.pos, tile, []);
  }
  const disclosures = variant.disclosures(v, move);
  for (const d of disclosures) {
    if (d.when === 'before' && seesIt(seat, d.to)) v = learn(v, d.pos, faceOf(table, d.pos), seen);
  }
  const judged = judge(variant, v, move);
  if (!judged.ok) return null;
  v = judged.value.state;
  for (const d of disclosures) {
    if (d.when === 'after' && seesIt(seat, d.to)) v = learn(v, d.pos, faceOf(table, d.pos), seen);
  }
  return v;
}

/**
 * This seat's record of the current round for the bots (hard level), null before
 * its deal. A spectator's holds what is opened to all.
 */
export function roundHistory(table: TableState): RoundHistory<BaseState> | null {
  const { variant, record } = table;
  let view: BaseState | null = record.preDeal;
  let history: {
    start: BaseState;
    steps: (Move | Supply)[];
    dealt: TileId[];
    revealed: Seen;
  } | null = null;
  for (const { step } of record.steps) {
    if (!view) return null;
    if ('type' in step) {
      const seen: Seen = [];
      view = replayMove(table, view, step, seen);
      history?.steps.push(step);
      history?.revealed.push(...seen);
      continue;
    }
    if (step.kind === 'deal') {
      const need = variant.need(view);
      view = dealtView(table, view, step);
      if (!view || need?.kind !== 'deal') return null;
      const dealt = [...new Set([...variant.placedTiles(view), ...need.tiles])];
      history = { start: view, steps: [], dealt, revealed: [] };
      continue;
    }
    const seen: Seen = [];
    // A face-up turn is known before it is supplied, like a played card.
    if (step.kind === 'reveal') view = learn(view, step.pos, step.tile, seen);
    const supplied = variant.supply(view, step);
    view = supplied.ok ? supplied.value : null;
    history?.steps.push(step);
    history?.revealed.push(...seen);
  }
  return history;
}
