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

/** What a page writes before it reloads for a module that did not arrive. */
const RELOADED = 'trainyard.reloaded';
/** A second failure this soon after such a reload shows the error page, never a loop. */
const RELOAD_QUIET_MS = 60_000;

/**
 * Whether `href` should be loaded afresh because its code or messages did not
 * arrive (and, if so, that is noted in `store`). Some browsers remember a module
 * that failed and never ask for it again within the page, so only a new page
 * asks the server again; one reload an address a minute.
 */
export function reloadOnce(href: string, store: Storage, now = Date.now()): boolean {
  try {
    const last = JSON.parse(store.getItem(RELOADED) ?? 'null') as { href?: unknown; at?: unknown };
    if (last?.href === href && typeof last.at === 'number' && now - last.at < RELOAD_QUIET_MS)
      return false;
  } catch {
    // A note that cannot be read is no note.
  }
  try {
    store.setItem(RELOADED, JSON.stringify({ href, at: now }));
  } catch {
    return false; // With nowhere to note it, a reload could loop.
  }
  return true;
}
