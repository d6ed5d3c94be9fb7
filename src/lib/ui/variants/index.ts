// Everything the pages say about a variant, found by its id: how many play (from
// the engine), its names, blurb and rules page (from its own file here).
import { VARIANT_IDS, variantOf, type VariantId } from '$lib/engine';
import { derailing } from './derailing-the-train';
import { engine191 } from './engine-191';
import { mexicanTrain } from './mexican-train';
import { tournament } from './mexican-train-tournament';
import { railominos } from './railominos';
import type { HowtoTour } from '../howto/steps';
import type { VariantRules } from './rules/parts';
import type { VariantWords } from './words';

export { isVariantId } from '$lib/engine';
export { COMMON, type RuleSection, type VariantRules } from './rules/parts';

const VARIANT_WORDS: Readonly<Record<VariantId, VariantWords>> = {
  'mexican-train': mexicanTrain,
  'mexican-train-tournament': tournament,
  'derailing-the-train': derailing,
  'engine-191': engine191,
  railominos,
};

export interface VariantInfo {
  readonly id: VariantId;
  readonly name: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
}

export const VARIANTS: readonly VariantInfo[] = VARIANT_IDS.map((id) => {
  const v = variantOf(id);
  return { id, name: v.title, minPlayers: v.minPlayers, maxPlayers: v.maxPlayers };
});

export function variantInfo(id: VariantId): VariantInfo {
  return VARIANTS.find((v) => v.id === id) ?? (VARIANTS[0] as VariantInfo);
}

/** The variant's name on the site, in the active language. */
export const variantName = (id: VariantId): string => VARIANT_WORDS[id].name();
/** Its one-line blurb on the site. */
export const variantBlurb = (id: VariantId): string => VARIANT_WORDS[id].blurb();
/** Its name at the table (the engine's `shortTitle`). */
export const variantShortName = (id: VariantId): string => VARIANT_WORDS[id].shortName();
/** Its first-time walkthrough, loaded on demand. */
export const variantTour = (id: VariantId): Promise<HowtoTour> => VARIANT_WORDS[id].tour();
/** Its rules page's sections, loaded on demand. */
export const variantRules = (id: VariantId): Promise<VariantRules> => VARIANT_WORDS[id].rules();
