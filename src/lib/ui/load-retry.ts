// A page's code and messages arrive as modules; one that does not arrive (a request
// dropped while the first visit's service worker takes over, a server busy for a
// moment, a file gone with an old version) is asked for again before the page gives up.

/** Whether `error` is a module that did not arrive (each browser words it its own way). */
export function loadFailed(error: unknown): boolean {
  const text = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|importing a module script failed|unable to preload css/i.test(
    text,
  );
}

/** `load()`, tried again after each of `waits` (ms) while what it imports does not arrive. */
export async function retried<T>(
  load: () => Promise<T>,
  waits: readonly number[] = [300, 1000],
): Promise<T> {
  for (const wait of waits) {
    try {
      return await load();
    } catch (error) {
      if (!loadFailed(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }
  return load();
}
