// What this browser signed: each setup for one purpose, at one moment. A
// signature is a record of that consent, never a pass: `begin` judges the setup
// again as things are then, and uses a consent only for the purpose it was given.
/**
 * What a signature agrees to: a first game drawn up in the lobby, a change of
 * seats of the game on, or a rematch of the game just finished.
 */
export type Purpose = 'first' | 'change' | 'rematch';

export interface Consent {
  readonly game: string;
  readonly purpose: Purpose;
  /** The game a change of seats or a rematch follows; null for a first game. */
  readonly after: string | null;
  /** When it was given (this browser's clock). */
  readonly at: number;
}

/** Setups a browser remembers signing (a host may propose due changes without end). */
export const MAX_SIGNED = 64;

/** The last MAX_SIGNED consents, by game id. */
export class Consents {
  readonly #byGame = new Map<string, Consent>();

  /** Keeps `consent`; a first game replaces any other first game signed (one lobby, one game). */
  give(consent: Consent): void {
    this.#byGame.delete(consent.game);
    if (consent.purpose === 'first') {
      for (const c of this.#byGame.values()) if (c.purpose === 'first') this.#byGame.delete(c.game);
    }
    this.#byGame.set(consent.game, consent);
    if (this.#byGame.size > MAX_SIGNED) {
      this.#byGame.delete(this.#byGame.keys().next().value ?? '');
    }
  }

  /** This browser's consent to `game` for `purpose`, following `after`, if it gave one. */
  find(game: string, purpose: Purpose, after: string | null): Consent | null {
    const c = this.#byGame.get(game);
    return c?.purpose === purpose && c.after === after ? c : null;
  }

  /** Whether this browser signed a first game (the last one it signed is the only one it plays). */
  signedFirst(): boolean {
    return [...this.#byGame.values()].some((c) => c.purpose === 'first');
  }

  /** The rematches its person accepted (kept across a reload: an Accept is not asked twice). */
  accepted(): { game: string; after: string }[] {
    return [...this.#byGame.values()].flatMap((c) =>
      c.purpose === 'rematch' && c.after !== null ? [{ game: c.game, after: c.after }] : [],
    );
  }
}
