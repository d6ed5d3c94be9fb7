// Railominos in the player's language: its names and blurb, its rules page
// (loaded only by that page) and its walkthrough (only when it opens).
import game from '../i18n/game';
import site from '../i18n/site';
import type { VariantWords } from './words';

export const railominos: VariantWords = {
  name: () => site.variant_railominos(),
  blurb: () => site.blurb_railominos(),
  shortName: () => game.variant_railominos(),
  rules: () => import('./rules/railominos').then((m) => m.default),
  tour: () => import('./tours/railominos').then((m) => m.default),
};
