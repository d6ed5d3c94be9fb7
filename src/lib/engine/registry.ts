// The exhaustive registry: one module per variant, picked by id.
import { derailingTheTrain } from './variants/derailing-the-train';
import { engine191 } from './variants/engine-191';
import { mexicanTrain, mexicanTrainTournament } from './variants/mexican-train';
import { railominos } from './variants/railominos';
import type { BaseState, Variant } from './variant';
import type { Result, VariantId } from './types';
import { fail } from './types';

export function variantOf(id: VariantId): Variant {
  switch (id) {
    case 'mexican-train':
      return mexicanTrain as unknown as Variant;
    case 'mexican-train-tournament':
      return mexicanTrainTournament as unknown as Variant;
    case 'derailing-the-train':
      return derailingTheTrain as unknown as Variant;
    case 'engine-191':
      return engine191 as unknown as Variant;
    case 'railominos':
      return railominos as unknown as Variant;
  }
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
