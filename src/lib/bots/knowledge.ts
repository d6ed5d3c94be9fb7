// What a bot's own record of the round says about the tiles it cannot see:
// which deal or reshuffle each hidden position came from, and which tiles a
// position cannot hold because its owner drew, passed or declared while it was
// in hand (the move would have been a breach had the position held that tile).
import { revealCard } from '../engine';
import type { BaseState, Card, Move, RoundHistory, Supply, TileId, Variant } from '../engine';

/** A play another seat made, and the bot's view just before it (later-revealed tiles shown). */
export interface Observed<S> {
  readonly state: S;
  readonly move: Move;
}

export interface Knowledge<S = BaseState> {
  /** Deck position → index of the supply that created it (0: the deal). */
  readonly origin: ReadonlyMap<number, number>;
  /** Tile → index of the last supply that shuffled it into hiding (0: the deal). */
  readonly source: ReadonlyMap<TileId, number>;
  /** Deck position → tiles it cannot hold. */
  readonly excluded: ReadonlyMap<number, ReadonlySet<TileId>>;
  /** Other seats' plays this round, oldest first. */
  readonly plays: readonly Observed<S>[];
}

interface Progress<S> {
  steps: number;
  last: Move | Supply | undefined;
  state: S;
  pending: Map<number, TileId>;
  origin: Map<number, number>;
  source: Map<TileId, number>;
  excluded: Map<number, Set<TileId>>;
  plays: Observed<S>[];
}

// Keyed by the round's start view: a later decision in the same round resumes
// where the last one stopped (the steps only ever grow).
// Values are Progress<S> for the S of the round they are keyed by.
const progressByRound = new WeakMap<object, unknown>();

export function readHistory<S extends BaseState>(
  variant: Variant<S>,
  history: RoundHistory<S>,
): Knowledge<S> {
  let p = progressByRound.get(history.start) as Progress<S> | undefined;
  if (!p || p.steps > history.steps.length || history.steps[p.steps - 1] !== p.last) {
    p = begin(history);
    progressByRound.set(history.start, p);
  }
  for (const [pos, tile] of history.revealed) if (!p.pending.has(pos)) learn(p, pos, tile);
  for (; p.steps < history.steps.length; p.steps++) {
    p.last = history.steps[p.steps] as Move | Supply;
    step(variant, p, p.last, history.dealt);
  }
  return { origin: p.origin, source: p.source, excluded: p.excluded, plays: p.plays };
}

function begin<S extends BaseState>(history: RoundHistory<S>): Progress<S> {
  const origin = new Map<number, number>();
  for (const hand of history.start.hands) for (const c of hand) origin.set(c.pos, 0);
  for (const c of history.start.boneyard) origin.set(c.pos, 0);
  return {
    steps: 0,
    last: undefined,
    state: history.start,
    pending: new Map(),
    origin,
    source: new Map(),
    excluded: new Map(),
    plays: [],
  };
}

/** Reveals a position as soon as it exists, so that later claims are judged with it known. */
function learn<S extends BaseState>(p: Progress<S>, pos: number, tile: TileId): void {
  p.pending.set(pos, tile);
  const r = revealCard(p.state, pos, tile);
  if (r.ok) p.state = r.value;
}

function step<S extends BaseState>(
  variant: Variant<S>,
  p: Progress<S>,
  step: Move | Supply,
  dealt: readonly TileId[],
): void {
  if (!('type' in step)) {
    const need = variant.need(p.state);
    const r = variant.supply(p.state, step);
    if (!r.ok) return;
    p.state = r.value;
    if (step.kind === 'reshuffle' && need?.kind === 'reshuffle') {
      for (const c of step.boneyard) p.origin.set(c.pos, p.steps + 1);
      for (const t of need.tiles) p.source.set(t, p.steps + 1);
    }
    for (const [pos, tile] of p.pending) {
      const known = revealCard(p.state, pos, tile);
      if (known.ok) p.state = known.value;
    }
    return;
  }
  const verdict = variant.validate(p.state, step);
  if (verdict.kind === 'claim') exclude(variant, p, step, dealt);
  const hidden = (p.state.hands[step.seat] ?? []).some((c) => c.tile === null);
  if (step.type === 'play' && hidden) p.plays.push({ state: p.state, move: step });
  if (verdict.kind !== 'illegal') p.state = variant.perform(p.state, step);
}

/** A claim by `move.seat`: each hidden card of its hand excludes the tiles that would make it a breach. */
function exclude<S extends BaseState>(
  variant: Variant<S>,
  p: Progress<S>,
  move: Move,
  dealt: readonly TileId[],
): void {
  const state = p.state;
  const hand = state.hands[move.seat] ?? [];
  const visible = new Set(variant.placedTiles(state));
  const hidden = dealt.filter((t) => !visible.has(t));
  hand.forEach((card, i) => {
    if (card.tile !== null) return;
    let out = p.excluded.get(card.pos);
    for (const tile of hidden) {
      if (out?.has(tile)) continue;
      const probe = withCard(state, move.seat, hand, i, { pos: card.pos, tile });
      if (variant.validate(probe, move).kind !== 'breach') continue;
      if (!out) p.excluded.set(card.pos, (out = new Set()));
      out.add(tile);
    }
  });
}

function withCard<S extends BaseState>(
  state: S,
  seat: number,
  hand: readonly Card[],
  i: number,
  card: Card,
): S {
  const cards = hand.slice();
  cards[i] = card;
  const hands = state.hands.slice();
  hands[seat] = cards;
  return { ...state, hands };
}
