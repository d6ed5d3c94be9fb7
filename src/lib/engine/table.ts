// A full-information table: every Need answered from a seeded Rng, as in
// pass-and-play, tests, benchmarks and bot tournaments.
import { withDefaults } from './base';
import { applyMove, startGame } from './game';
import { shuffled } from './rng';
import type { Rng } from './rng';
import type { BaseState, Need, Options, Supply, Variant } from './variant';
import type { Card, Move } from './types';

/** One past the highest deck position in use, so new cards never reuse a live position. */
function freePos(state: BaseState): number {
  let max = -1;
  for (const h of state.hands) for (const c of h) max = Math.max(max, c.pos);
  for (const c of state.boneyard) max = Math.max(max, c.pos);
  return max + 1;
}

export function answerNeed(state: BaseState, need: Need, rng: Rng): Supply {
  switch (need.kind) {
    case 'deal': {
      const deck = shuffled(rng, need.tiles).map((tile, pos): Card => ({ pos, tile }));
      let at = 0;
      const hands = need.handSizes.map((n) => deck.slice(at, (at += n)));
      return { kind: 'deal', hands, boneyard: deck.slice(at) };
    }
    case 'reveal': {
      const top = state.boneyard[0];
      return { kind: 'reveal', pos: top?.pos ?? -1, tile: top?.tile ?? -1 };
    }
    case 'firstPlayer':
      return { kind: 'firstPlayer', seat: need.among[rng.int(need.among.length)] ?? 0 };
    case 'reshuffle': {
      const base = freePos(state);
      const boneyard = shuffled(rng, need.tiles).map((tile, i): Card => ({ pos: base + i, tile }));
      return { kind: 'reshuffle', boneyard };
    }
  }
}

/** A step of a game as the protocol would log it. */
export type Step =
  { readonly move: Move } | { readonly supply: Supply } | { readonly nextRound: true };

export interface Playout<S> {
  readonly state: S;
  readonly steps: readonly Step[];
  readonly moves: number;
  readonly rounds: number;
}

export type Chooser<S> = (state: S, legal: readonly Move[], rng: Rng) => Move;

const randomChoice: Chooser<BaseState> = (_s, legal, rng) => legal[rng.int(legal.length)] as Move;

/**
 * Plays a whole game with full information: needs answered from `rng`, automatic
 * setup steps taken, every other move chosen by `choose` (uniformly at random
 * by default). Throws if the options are refused, or if the engine rejects a
 * move it listed as legal.
 */
export function playout<S extends BaseState>(
  variant: Variant<S>,
  players: number,
  options: Options,
  rng: Rng,
  choose: Chooser<S> = randomChoice,
  maxSteps = 1_000_000,
): Playout<S> {
  const started = startGame(variant, players, options);
  if (!started.ok) throw new Error(`options refused: ${started.error.message}`);
  let state = started.value;
  const steps: Step[] = [];
  let moves = 0;
  for (let i = 0; i < maxSteps; i++) {
    if (state.phase === 'gameOver') return { state, steps, moves, rounds: state.round };
    if (state.phase === 'roundOver') {
      steps.push({ nextRound: true });
      state = variant.nextRound(state);
      continue;
    }
    const need = variant.need(state);
    if (need) {
      const input = answerNeed(state, need, rng);
      const supplied = variant.supply(state, input);
      if (!supplied.ok) throw new Error(`supply rejected: ${supplied.error.message}`);
      steps.push({ supply: input });
      state = supplied.value;
      continue;
    }
    const move = variant.setupMove(state) ?? choose(state, variant.legalMoves(state), rng);
    const applied = applyMove(variant, state, move);
    if (!applied.ok) {
      throw new Error(`listed move rejected: ${JSON.stringify(move)}: ${applied.error.message}`);
    }
    steps.push({ move });
    state = applied.value.state;
    moves++;
  }
  throw new Error(`game did not end within ${maxSteps} steps`);
}

export function defaultOptions(
  variant: Variant,
  players: number,
  overrides: Options = {},
): Options {
  return withDefaults(variant.optionSpecs, players, overrides);
}
