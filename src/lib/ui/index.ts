// ui: Svelte components and `.svelte.ts` state classes (lobby, HUD, scoreboard,
// rules help, settings, log). May import session and engine types.
import { VARIANT_IDS, variantOf } from '../engine';

/** Every variant's display name, in the order the site lists them (the engine's). */
export const VARIANT_NAMES: readonly string[] = VARIANT_IDS.map((id) => variantOf(id).title);
