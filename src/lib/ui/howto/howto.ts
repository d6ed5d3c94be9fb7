// The walkthrough's button at the table, loaded only when a table shows (first-visit.ts
// decides whether it opens by itself).
import type { Component } from 'svelte';
import type { VariantId } from '$lib/engine';

/** At the table: the walkthrough's button (it loads only if opened). */
export async function howtoOffer(): Promise<Component<{ variant: VariantId }>> {
  return (await import('./HowtoOffer.svelte')).default;
}
