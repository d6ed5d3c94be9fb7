// Derailing the Train in the player's language: its names and blurb, its rules page
// (loaded only by that page) and its walkthrough (only when it opens).
import game from '../i18n/game';
import site from '../i18n/site';
import type { VariantWords } from './words';

export const derailing: VariantWords = {
  name: () => site.variant_derailing(),
  blurb: () => site.blurb_derailing(),
  shortName: () => game.variant_derailing(),
  rules: () => import('./rules/derailing-the-train').then((m) => m.default),
  tour: () => import('./tours/derailing-the-train').then((m) => m.default),
};
