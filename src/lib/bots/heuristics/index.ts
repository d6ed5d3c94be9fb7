// One set of heuristics per variant family, picked by an exhaustive switch.
import type { BaseState, Variant, VariantId } from '../../engine';
import type { DtState } from '../../engine/variants/derailing-the-train';
import type { Engine191State } from '../../engine/variants/engine-191/state';
import type { MtState } from '../../engine/variants/mexican-train';
import type { RailominosState } from '../../engine/variants/railominos';
import { derailingHeuristics } from './derailing';
import { engine191Heuristics } from './engine-191';
import type { Heuristics } from './heuristics';
import { mexicanTrainHeuristics } from './mexican-train';
import { railominosHeuristics } from './railominos';

export type { Heuristics } from './heuristics';

function build(variant: Variant): Heuristics {
  // Each variant's module reads its own state type; the registry pairs them by id.
  switch (variant.id) {
    case 'mexican-train':
    case 'mexican-train-tournament':
      return mexicanTrainHeuristics(
        variant as unknown as Variant<MtState>,
      ) as unknown as Heuristics;
    case 'derailing-the-train':
      return derailingHeuristics(variant as unknown as Variant<DtState>) as unknown as Heuristics;
    case 'engine-191':
      return engine191Heuristics(
        variant as unknown as Variant<Engine191State>,
      ) as unknown as Heuristics;
    case 'railominos':
      return railominosHeuristics(
        variant as unknown as Variant<RailominosState>,
      ) as unknown as Heuristics;
  }
}

const built = new Map<VariantId, Heuristics>();

export function heuristicsFor<S extends BaseState>(variant: Variant<S>): Heuristics<S> {
  let h = built.get(variant.id);
  if (!h) {
    h = build(variant as unknown as Variant);
    built.set(variant.id, h);
  }
  return h as unknown as Heuristics<S>;
}
