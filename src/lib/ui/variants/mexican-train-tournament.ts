// Mexican Train under tournament rules in the player's language: its names and blurb, its rules page
// (loaded only by that page) and its walkthrough (only when it opens).
import game from '../i18n/game';
import site from '../i18n/site';
import type { VariantWords } from './words';

export const tournament: VariantWords = {
  name: () => site.variant_mexican_train_tournament(),
  blurb: () => site.blurb_mexican_train_tournament(),
  shortName: () => game.variant_mexican_train_tournament(),
  rules: () => import('./rules/mexican-train-tournament').then((m) => m.default),
  tour: () => import('./tours/mexican-train-tournament').then((m) => m.default),
};
