// A part of a page loaded only once it is wanted (kept off the page's first load):
// `want()` from an effect when its condition holds, `value` in the markup.
export class Lazy<T> {
  value = $state.raw<T | null>(null);
  readonly #load: () => Promise<{ readonly default: T }>;
  #asked = false;

  constructor(load: () => Promise<{ readonly default: T }>) {
    this.#load = load;
  }

  /** Starts loading it, the first time only. */
  want(): void {
    if (this.#asked) return;
    this.#asked = true;
    void this.#load().then((m) => (this.value = m.default));
  }
}
