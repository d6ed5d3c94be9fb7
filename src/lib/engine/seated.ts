// A full-information game together with every seat's view, kept in step the
// way the protocol keeps peers in step: supplies hidden per seat, disclosures
// revealed before or after each move. Used by local tables, tournaments and tests.
import { applyMove } from './game';
import { revealCard } from './cards';
import { hideSupply } from './view';
import type { BaseState, Supply, Variant } from './variant';
import type { Card, Move, Result } from './types';
import type { TileId } from './tiles';
import { fail, ok } from './types';

/** One seat's record of the current round: its view right after the deal and what followed. */
export interface RoundHistory<S> {
  readonly start: S;
  readonly steps: readonly (Move | Supply)[];
  /** Every tile dealt this round (for inference of what is still hidden). */
  readonly dealt: readonly TileId[];
  /** Positions this seat has seen revealed during the round, with their tiles. */
  readonly revealed: readonly (readonly [number, TileId])[];
}

export interface SeatedGame<S> {
  readonly full: S;
  readonly views: readonly S[];
  readonly histories: readonly (RoundHistory<S> | null)[];
  /** The full-information round history, for the audit. */
  readonly fullHistory: RoundHistory<S> | null;
}

export function seatGame<S extends BaseState>(
  variant: Variant<S>,
  players: number,
  options: S['options'],
): SeatedGame<S> {
  const full = variant.newGame(players, options);
  return {
    full,
    views: Array.from({ length: players }, () => full),
    histories: [],
    fullHistory: null,
  };
}

function tileAt(state: BaseState, pos: number): TileId | null {
  const find = (cards: readonly Card[]) => cards.find((c) => c.pos === pos)?.tile;
  for (const h of state.hands) {
    const t = find(h);
    if (t !== undefined) return t;
  }
  return find(state.boneyard) ?? null;
}

function extend<S>(
  h: RoundHistory<S> | null,
  step: Move | Supply,
  revealed: readonly (readonly [number, TileId])[] = [],
): RoundHistory<S> | null {
  return h && { ...h, steps: [...h.steps, step], revealed: [...h.revealed, ...revealed] };
}

export function nextRoundSeated<S extends BaseState>(
  variant: Variant<S>,
  game: SeatedGame<S>,
): SeatedGame<S> {
  return {
    ...game,
    full: variant.nextRound(game.full),
    views: game.views.map((v) => variant.nextRound(v)),
  };
}

export function supplySeated<S extends BaseState>(
  variant: Variant<S>,
  game: SeatedGame<S>,
  input: Supply,
): Result<SeatedGame<S>> {
  const full = variant.supply(game.full, input);
  if (!full.ok) return full;
  const views: S[] = [];
  for (const [s, v] of game.views.entries()) {
    // A face-up turn is revealed before it is supplied, like a played card.
    let r: Result<S> = input.kind === 'reveal' ? revealCard(v, input.pos, input.tile) : ok(v);
    if (r.ok) r = variant.supply(r.value, hideSupply(input, s));
    if (!r.ok) return r;
    views.push(r.value);
  }
  if (input.kind === 'deal') {
    const dealt = variant.placedTiles(full.value);
    return ok({
      full: full.value,
      views,
      histories: views.map((start) => ({ start, steps: [], dealt, revealed: [] })),
      fullHistory: { start: full.value, steps: [], dealt, revealed: [] },
    });
  }
  return ok({
    full: full.value,
    views,
    histories: game.histories.map((h, s) => {
      const seen = input.kind === 'reveal' ? [[input.pos, input.tile] as const] : [];
      return extend(h, hideSupply(input, s), seen);
    }),
    fullHistory: extend(game.fullHistory, input),
  });
}

/** Applies a move to the full state and every view, revealing what it discloses. */
export function moveSeated<S extends BaseState>(
  variant: Variant<S>,
  game: SeatedGame<S>,
  move: Move,
): Result<SeatedGame<S>> {
  const disclosures = variant.disclosures(game.full, move);
  const after = applyMove(variant, game.full, move);
  if (!after.ok) return after;
  const full = after.value.state;
  const views: S[] = [];
  const seen: (readonly [number, TileId])[][] = [];
  for (const [s, start] of game.views.entries()) {
    let view = start;
    const mine: (readonly [number, TileId])[] = [];
    const reveal = (when: 'before' | 'after', source: BaseState): Result<S> => {
      for (const d of disclosures) {
        if (d.when !== when || (d.to !== 'all' && d.to !== s)) continue;
        const tile = tileAt(source, d.pos);
        if (tile === null) return fail('UNKNOWN_CARD', null, `position ${d.pos} is not known`);
        const r = revealCard(view, d.pos, tile);
        if (!r.ok) return r;
        view = r.value;
        mine.push([d.pos, tile]);
      }
      return ok(view);
    };
    const pre = reveal('before', game.full);
    if (!pre.ok) return pre;
    const moved = applyMove(variant, view, move);
    if (!moved.ok) return moved;
    view = moved.value.state;
    const post = reveal('after', full);
    if (!post.ok) return post;
    views.push(view);
    seen.push(mine);
  }
  return ok({
    full,
    views,
    histories: game.histories.map((h, s) => extend(h, move, seen[s])),
    fullHistory: extend(game.fullHistory, move),
  });
}
