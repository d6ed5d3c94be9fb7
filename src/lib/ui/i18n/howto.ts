// The howto area's messages (messages/howto/*.json), loaded per language.
import { area } from './area.svelte';
import type * as English from './generated/howto/messages/en.js';

const howto = area<typeof English>({
  en: () => import('./generated/howto/messages/en.js'),
  es: () => import('./generated/howto/messages/es.js'),
  fr: () => import('./generated/howto/messages/fr.js'),
});
export const load = howto.load;
export const ready = howto.ready;
export default howto.m;
