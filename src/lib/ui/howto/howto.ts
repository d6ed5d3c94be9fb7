// The first-time walkthrough is offered once, on a person's first solo game: the
// setup page marks it when a solo game starts, the table shows the offer once and
// remembers that it did (this browser only).
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

/** At the table: whether to offer it now (then it counts as shown). */
export function takeOffer(): boolean {
  if (read() !== 'offer') return false;
  write('shown');
  return true;
}
