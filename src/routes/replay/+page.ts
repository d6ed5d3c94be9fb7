import { load as loadSite } from '$lib/ui/i18n/site';
import { current } from '$lib/ui/i18n/locale.svelte';

export const load = (): Promise<void> => loadSite(current.locale);
