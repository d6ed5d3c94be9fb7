// What every variant's state starts from and shows publicly, written once.
import { leftOut } from './house';
import type { BaseState, OptionSpec, Options } from './variant';
import type { Seat } from './types';
import type { VariantId } from './registry';

/**
 * Every option at its given value, or the variant's default for a table of this
 * size; house rules that are off are left out (H-1…H-4).
 */
export function withDefaults(
  specs: readonly OptionSpec[],
  players: number,
  given: Options = {},
): Options {
  const options: Record<string, number> = {};
  for (const spec of specs) {
    const value = given[spec.key] ?? spec.default(players);
    if (!leftOut(spec.key, value)) options[spec.key] = value;
  }
  return options;
}

/** The common fields of a new game, waiting for its first deal. */
export function newBaseState<V extends VariantId>(
  variant: V,
  players: number,
  options: Options,
): BaseState & { readonly variant: V } {
  return {
    variant,
    players,
    options,
    round: 1,
    phase: 'deal',
    turn: null,
    hands: Array.from({ length: players }, () => []),
    boneyard: [],
    scores: Array.from({ length: players }, () => 0),
    moveIndex: 0,
    winners: [] as Seat[],
  };
}

/**
 * The common public fields, everything but the hands, of which only sizes are
 * public (C-6), followed by a variant's own. Taken as an argument rather than
 * spread after: V8 (Node 20) adds each field to a spread copy slowly, 1–2 µs
 * apiece, and this runs for every view after every move.
 */
export function basePublicState<T extends object>(state: BaseState, own: T) {
  return {
    variant: state.variant,
    players: state.players,
    options: state.options,
    round: state.round,
    phase: state.phase,
    turn: state.turn,
    moveIndex: state.moveIndex,
    handSizes: state.hands.map((h) => h.length),
    boneyard: state.boneyard.length,
    ...own,
  };
}
