// The walkthrough's button at the table, loaded only when a table shows (first-visit.ts
// decides whether it opens by itself).
import type { Component } from 'svelte';

/** At the table: the walkthrough's button (it loads only if opened). */
export async function howtoOffer(): Promise<Component> {
  return (await import('./HowtoOffer.svelte')).default;
}
