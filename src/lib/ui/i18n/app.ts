// The app area's messages (messages/app/*.json), loaded per language.
import { area } from './area.svelte';
import type * as English from './generated/app/messages/en.js';

const app = area<typeof English>({
  en: () => import('./generated/app/messages/en.js'),
  es: () => import('./generated/app/messages/es.js'),
  fr: () => import('./generated/app/messages/fr.js'),
});
export const load = app.load;
export const ready = app.ready;
export default app.m;
