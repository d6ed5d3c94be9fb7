// The one registry of variants: `VariantId`, each variant's state type and the
// module of rules are all read off `VARIANTS`. A sixth variant is one line here.
import { derailingTheTrain } from './variants/derailing-the-train';
import { engine191 } from './variants/engine-191';
import { mexicanTrain, mexicanTrainTournament } from './variants/mexican-train';
import { railominos } from './variants/railominos';
import type { BaseState, Variant } from './variant';
import type { Result } from './types';
import { fail } from './types';

// Each variant's public face (its index): its state type and the helpers its
// own bot heuristics and board layout use. Nothing outside the engine imports
// `variants/**` itself.
export * as mexicanTrainRules from './variants/mexican-train';
export * as derailingRules from './variants/derailing-the-train';
export * as engine191Rules from './variants/engine-191';
export * as railominosRules from './variants/railominos';

export const VARIANTS = {
  'mexican-train': mexicanTrain,
  'mexican-train-tournament': mexicanTrainTournament,
  'derailing-the-train': derailingTheTrain,
  'engine-191': engine191,
  railominos,
} as const;

export type VariantId = keyof typeof VARIANTS;

/** Every id, in the order the registry lists them (menus follow it). */
export const VARIANT_IDS: readonly VariantId[] = Object.keys(VARIANTS).filter(isVariantId);

export function isVariantId(id: unknown): id is VariantId {
  return typeof id === 'string' && Object.hasOwn(VARIANTS, id);
}

type StateIn<V> = V extends Variant<infer S> ? S : never;

/** The state type of each variant, read off its module. */
export type StateById = { readonly [K in VariantId]: StateIn<(typeof VARIANTS)[K]> };
export type StateOf<V extends VariantId> = StateById[V];

/** Any variant's state, discriminated by `variant`. */
export type AnyState = StateById[VariantId];

/** Every state the engine makes is an AnyState: this is the one place that says so. */
export function anyState(state: BaseState): AnyState {
  return state as AnyState;
}

export function variantOf(id: VariantId): Variant {
  return VARIANTS[id];
}

/** TT-9: a newcomer joins between rounds where the variant allows it; elsewhere a refusal. */
export function joinNewcomer<S extends BaseState>(state: S): Result<S> {
  const join = variantOf(state.variant).join;
  if (!join)
    return fail(
      'ILLEGAL_MOVE',
      'TT-9',
      'players join between rounds only under the tournament rules',
    );
  return join(state) as Result<S>;
}
