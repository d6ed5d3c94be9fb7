import { load as loadApp } from '$lib/ui/i18n/app';
import { current } from '$lib/ui/i18n/locale.svelte';
import { load as loadSite } from '$lib/ui/i18n/site';

export const load = async (): Promise<void> => {
  await Promise.all([loadSite(current.locale), loadApp(current.locale)]);
};
