// The online area's messages (messages/online/*.json): the lobby, pairing and
// connection settings, kept off the table page (its pairing panels load them).
import { area } from './area.svelte';
import type * as English from './generated/online/messages/en.js';

const online = area<typeof English>({
  en: () => import('./generated/online/messages/en.js'),
  es: () => import('./generated/online/messages/es.js'),
  fr: () => import('./generated/online/messages/fr.js'),
});
export const load = online.load;
export default online.m;
