// What the site and the table say of one variant, in the active language.
import type { HowtoTour } from '../howto/steps';
import type { VariantRules } from './rules/parts';

export interface VariantWords {
  /** Its name on the site. */
  readonly name: () => string;
  /** Its one-line blurb on the site. */
  readonly blurb: () => string;
  /** Its name at the table. */
  readonly shortName: () => string;
  /** Its rules page, loaded when that page opens. */
  readonly rules: () => Promise<VariantRules>;
  /** Its first-time walkthrough (`tours/<id>.ts`, shown by howto/Howto.svelte), loaded when it opens. */
  readonly tour: () => Promise<HowtoTour>;
}
