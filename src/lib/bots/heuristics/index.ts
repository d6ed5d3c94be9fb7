// Each variant's bot: its heuristics and its hard level's search budget, in a
// registry keyed by variant id (the compiler names a variant left out).
import type { BaseState, StateById, Variant, VariantId } from '../../engine';
import { derailingHeuristics } from './derailing';
import { engine191Heuristics } from './engine-191';
import type { Heuristics, SearchBudget } from './heuristics';
import { mexicanTrainHeuristics } from './mexican-train';
import { railominosHeuristics } from './railominos';

export type { Heuristics, SearchBudget } from './heuristics';

interface Bot<S extends BaseState> {
  heuristics(variant: Variant<S>): Heuristics<S>;
  /**
   * Counts, not clocks: sized from `npm run bench` (hard against medium, and the
   * time per decision: tens of milliseconds, far under the 300 ms allowed).
   */
  readonly budget: SearchBudget;
}

const BOTS: { readonly [K in VariantId]: Bot<StateById[K]> } = {
  'mexican-train': {
    heuristics: mexicanTrainHeuristics,
    budget: { worlds: 80, candidates: 4, depth: 30, recentPlays: 0 },
  },
  'mexican-train-tournament': {
    heuristics: mexicanTrainHeuristics,
    budget: { worlds: 80, candidates: 4, depth: 30, recentPlays: 0 },
  },
  'derailing-the-train': {
    heuristics: derailingHeuristics,
    budget: { worlds: 40, candidates: 4, depth: 30, recentPlays: 0 },
  },
  'engine-191': {
    heuristics: engine191Heuristics,
    budget: { worlds: 80, candidates: 6, depth: 30, recentPlays: 0 },
  },
  railominos: {
    heuristics: railominosHeuristics,
    budget: { worlds: 60, candidates: 8, depth: 30, recentPlays: 6 },
  },
};

/** The hard level's search budget for a variant. */
export function budgetFor(id: VariantId): SearchBudget {
  return BOTS[id].budget;
}

/** The registry as generic code calls it: each bot pairs with its variant by id. */
const ANY_BOT: Readonly<Record<VariantId, Bot<BaseState>>> = BOTS;

const built = new Map<VariantId, Heuristics>();

export function heuristicsFor<S extends BaseState>(variant: Variant<S>): Heuristics<S> {
  let h = built.get(variant.id);
  if (!h) {
    h = ANY_BOT[variant.id].heuristics(variant);
    built.set(variant.id, h);
  }
  return h;
}
