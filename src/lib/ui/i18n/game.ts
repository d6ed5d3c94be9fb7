// The game area's messages (messages/game/*.json): the table and the online lobby.
import { area } from './area.svelte';
import type * as English from './generated/game/messages/en.js';

const game = area<typeof English>({
  en: () => import('./generated/game/messages/en.js'),
  es: () => import('./generated/game/messages/es.js'),
  fr: () => import('./generated/game/messages/fr.js'),
});
export const load = game.load;
export const ready = game.ready;
export default game.m;
