// The rules area's messages (messages/rules/*.json): the detailed rules, loaded
// only by the rules pages, in the active language.
import { area } from './area.svelte';
import type * as English from './generated/rules/messages/en.js';

const rules = area<typeof English>({
  en: () => import('./generated/rules/messages/en.js'),
  es: () => import('./generated/rules/messages/es.js'),
  fr: () => import('./generated/rules/messages/fr.js'),
});
export const load = rules.load;
export default rules.m;
