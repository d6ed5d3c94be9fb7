// Railominos in the player's language: its names and blurb, and its rules page
// (loaded only by that page).
import game from '../i18n/game';
import site from '../i18n/site';
import type { VariantWords } from './words';

export const railominos: VariantWords = {
  name: () => site.variant_railominos(),
  blurb: () => site.blurb_railominos(),
  shortName: () => game.variant_railominos(),
  rules: () => import('./rules/railominos').then((m) => m.default),
};
