// Engine 191 in the player's language: its names and blurb, its rules page
// (loaded only by that page) and its walkthrough (only when it opens).
import game from '../i18n/game';
import site from '../i18n/site';
import type { VariantWords } from './words';

export const engine191: VariantWords = {
  name: () => site.variant_engine_191(),
  blurb: () => site.blurb_engine_191(),
  shortName: () => game.variant_engine_191(),
  rules: () => import('./rules/engine-191').then((m) => m.default),
  tour: () => import('./tours/engine-191').then((m) => m.default),
};
