import { browser } from '$app/environment';
import { bootLocale, current } from '$lib/ui/i18n/locale.svelte';

export const prerender = true;
export const ssr = true;

let booted = false;

// The page's language, chosen by app.html's boot script, before the page hydrates
// (prerendered pages are English). Each page loads the messages it shows.
export function load(): void {
  if (browser && !booted) {
    booted = true;
    current.locale = bootLocale();
  }
}
