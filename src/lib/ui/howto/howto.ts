// The first-time walkthrough is offered once, on a person's first solo game: the
// setup page marks it when a solo game starts, the table shows the offer once and
// remembers that it did (this browser only).
import type { Component } from 'svelte';

export const HOWTO_KEY = 'trainyard.howto';

type Mark = 'offer' | 'shown';

function read(): string | null {
  try {
    return localStorage.getItem(HOWTO_KEY);
  } catch {
    return null;
  }
}

function write(mark: Mark): void {
  try {
    localStorage.setItem(HOWTO_KEY, mark);
  } catch {
    // Private mode or a full disk: offered again next time, which is harmless.
  }
}

/** A solo game starts: offer the walkthrough at its table unless it was offered before. */
export function offerOnFirstSolo(): void {
  if (read() === null) write('offer');
}

/** At the table: the offer's component if it is to be offered now (then it counts as shown). */
export async function howtoOffer(): Promise<Component | null> {
  if (read() !== 'offer') return null;
  write('shown');
  return (await import('./HowtoOffer.svelte')).default;
}
