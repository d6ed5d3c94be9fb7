// The engine-191 fields of a scenario round (docs/scenarios.md): starting tokens,
// the E-2 redeal and the E-10 reshuffle orders.
import { dealCards } from '../../cards';
import { parseTile } from '../../tiles';
import type { TileSet } from '../../tiles';
import type { Need, ScenarioHooks, ScenarioRound, Supply } from '../../variant';
import type { Card, Result } from '../../types';
import { fail, ok } from '../../types';
import { setOf } from './state';
import type { Engine191State } from './state';

const FOREIGN = ['engine', 'leader', 'firstPlayer', 'platformsUsed'] as const;

function bad<T>(message: string): Result<T> {
  return fail('BAD_SUPPLY', null, message);
}

/** Scenario deals number positions from `first`: hands, then the boneyard. */
function cards(set: TileSet, tiles: readonly string[], first: number): Card[] {
  return tiles.map((t, i) => ({ pos: first + i, tile: parseTile(set, t) }));
}

function prepareRound(
  state: Engine191State,
  round: ScenarioRound,
  _first: boolean,
): Result<Engine191State> {
  const foreign = FOREIGN.find((key) => round[key] !== undefined);
  if (foreign) return bad(`${foreign} is not a field of engine-191`);
  const target = state.options.tokensToWin ?? 3;
  if (round.tokens && !round.tokens.every((t) => t >= 0 && t < target)) {
    return bad(`tokens: each from 0 to ${target - 1}`);
  }
  return ok({
    ...state,
    tokens: round.tokens ?? state.tokens,
    scores: round.scores ?? state.scores,
  });
}

function answer(
  state: Engine191State,
  need: Need,
  round: ScenarioRound,
  _count: number,
): Result<Supply> {
  const set = setOf(state);
  if (need.kind === 'deal') {
    // E-2 reading: every redeal of the round deals the round's `redeal`.
    if (!round.redeal) return bad('redeal: E-2 needs a redeal (no double was revealed)');
    return ok({ kind: 'deal', ...dealCards(set, round.redeal.hands, round.redeal.boneyard) });
  }
  if (need.kind === 'reshuffle') {
    // E-10: the round's `reshuffles` in turn, else the discard pile oldest first.
    const order = round.reshuffles?.[state.reshuffles];
    const first = set.tiles.length * (state.reshuffles + 1);
    const boneyard = order
      ? cards(set, order, first)
      : need.tiles.map((tile, i) => ({ pos: first + i, tile }));
    return ok({ kind: 'reshuffle', boneyard });
  }
  return bad(`engine-191 has no ${need.kind} to answer`);
}

export const scenarioHooks: ScenarioHooks<Engine191State> = { prepareRound, answer };
