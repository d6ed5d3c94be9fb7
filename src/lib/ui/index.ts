// ui: Svelte components and `.svelte.ts` state classes (lobby, HUD, scoreboard,
// rules help, settings, log). May import session and engine types.
export const VARIANT_NAMES = [
  'Mexican Train',
  'Mexican Train (tournament rules)',
  'Derailing the Train',
  'Engine 191',
  'Railominos',
] as const;
