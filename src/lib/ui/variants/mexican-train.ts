// Mexican Train in the player's language: its names and blurb, its rules page
// (loaded only by that page) and its walkthrough (only when it opens).
import game from '../i18n/game';
import site from '../i18n/site';
import type { VariantWords } from './words';

export const mexicanTrain: VariantWords = {
  name: () => site.variant_mexican_train(),
  blurb: () => site.blurb_mexican_train(),
  shortName: () => game.variant_mexican_train(),
  rules: () => import('./rules/mexican-train').then((m) => m.default),
  tour: () => import('./tours/mexican-train').then((m) => m.default),
};
