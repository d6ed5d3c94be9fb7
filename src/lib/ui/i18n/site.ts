// The site area's messages (messages/site/*.json), loaded per language.
import { area } from './area.svelte';
import type * as English from './generated/site/messages/en.js';

const site = area<typeof English>({
  en: () => import('./generated/site/messages/en.js'),
  es: () => import('./generated/site/messages/es.js'),
  fr: () => import('./generated/site/messages/fr.js'),
});
export const load = site.load;
export const ready = site.ready;
export default site.m;
