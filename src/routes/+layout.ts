import { browser } from '$app/environment';
import { load as loadApp } from '$lib/ui/i18n/app';
import { bootLocale, current } from '$lib/ui/i18n/locale.svelte';

export const prerender = true;
export const ssr = true;

let booted = false;

// The page's language (chosen by app.html's boot script), and the app's messages in it,
// before the page hydrates; prerendered pages are English.
export async function load(): Promise<void> {
  if (browser && !booted) {
    booted = true;
    current.locale = bootLocale();
  }
  await loadApp(current.locale);
}
