// Work a page wants done before the person needs it, but not in its first
// seconds: evaluating the table's code (Pixi) on load blocked a phone's main
// thread for about 0.4 s (Lighthouse's Total Blocking Time on the setup page).

const INTENT = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Runs `then` once, at the first idle moment after the person first touches,
 * types or tabs on the page. Returns a stop for a page that goes first.
 */
export function onFirstIntent(then: () => void): () => void {
  let stopped = false;
  const stop = (): void => {
    stopped = true;
    for (const kind of INTENT) removeEventListener(kind, fire, true);
  };
  function fire(): void {
    if (stopped) return;
    stop();
    // After the touch's own work and paint, not inside them.
    if (typeof requestIdleCallback === 'function') requestIdleCallback(then, { timeout: 1000 });
    else setTimeout(then, 50);
  }
  for (const kind of INTENT) addEventListener(kind, fire, { capture: true, passive: true });
  return stop;
}
