// The offline app's service worker, seen from the page: registered under the
// site's base, and a new version kept waiting until the player chooses to
// reload, so a running game never changes version under them.
import { dev } from '$app/environment';

class AppUpdate {
  /** A newer version, installed and waiting for the page to let it take over. */
  #waiting = $state<ServiceWorker | null>(null);
  /** A newer version took over from another tab; this page runs the old one until reloaded. */
  #superseded = $state(false);
  #reloading = false;

  /** Whether a newer version is there for a reload to bring. */
  get offered(): boolean {
    return this.#waiting !== null || this.#superseded;
  }

  /** `scriptUrl`: the site's service-worker.js (it controls the pages beside and below it). */
  register(scriptUrl: string): void {
    if (!('serviceWorker' in navigator)) return;
    const updatable = navigator.serviceWorker.controller !== null;
    navigator.serviceWorker.addEventListener('controllerchange', () => {
      // The first install also takes the page (same version): only an update counts.
      if (this.#reloading) location.reload();
      else if (updatable) {
        this.#waiting = null;
        this.#superseded = true;
      }
    });
    void this.#registration(scriptUrl).then((r) => r && this.#watch(r));
  }

  async #registration(scriptUrl: string): Promise<ServiceWorkerRegistration | undefined> {
    try {
      return await navigator.serviceWorker.register(scriptUrl, {
        type: dev ? 'module' : 'classic',
      });
    } catch (error) {
      // Offline, the check for a new version fails; the installed one still serves.
      const installed = await navigator.serviceWorker.getRegistration(scriptUrl);
      if (!installed) console.warn('no offline app here:', error);
      return installed;
    }
  }

  #watch(registration: ServiceWorkerRegistration): void {
    // With no controller, an installed worker is the first one, not an update.
    const updating = () => navigator.serviceWorker.controller !== null;
    if (registration.waiting && updating()) this.#waiting = registration.waiting;
    registration.addEventListener('updatefound', () => {
      const next = registration.installing;
      next?.addEventListener('statechange', () => {
        if (next.state === 'installed' && updating()) this.#waiting = next;
        if (next.state === 'redundant' && this.#waiting === next) this.#waiting = null;
      });
    });
  }

  /** Let the waiting version take over; the page reloads when it has. */
  apply(): void {
    const next = this.#waiting;
    if (!next) {
      location.reload();
      return;
    }
    this.#reloading = true;
    next.postMessage('SKIP_WAITING');
  }
}

export const appUpdate = new AppUpdate();
