// The first-time walkthrough: the setup page marks a person's first solo game, and
// that game's table opens the walkthrough by itself, once; every table keeps a
// button to open it again (this browser only remembers that it was shown).
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

/** Whether this table is the first one offered the walkthrough (it then counts as shown). */
export function firstOffer(): boolean {
  if (read() !== 'offer') return false;
  write('shown');
  return true;
}
