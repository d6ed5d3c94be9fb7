// One set of heuristics per variant, picked by an exhaustive switch.
import type { BaseState, Variant } from '../../engine';
import type { Heuristics } from './heuristics';
import { railominosHeuristics } from './railominos';
import { trainHeuristics } from './trains';

export type { Heuristics } from './heuristics';

export function heuristicsFor<S extends BaseState>(variant: Variant<S>): Heuristics<S> {
  switch (variant.id) {
    case 'mexican-train':
    case 'mexican-train-tournament':
    case 'derailing-the-train':
      return trainHeuristics(variant);
    case 'engine-191':
      // E-12: `scores` holds the finished round's own scores.
      return trainHeuristics(variant, (_start, end) => end.scores);
    case 'railominos':
      return railominosHeuristics(variant);
  }
}
