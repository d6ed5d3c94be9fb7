import { load as loadGame } from '$lib/ui/i18n/game';
import { load as loadSite } from '$lib/ui/i18n/site';
import { current } from '$lib/ui/i18n/locale.svelte';

// The lobby names variants, house rules and bot levels as the setup pages do (site).
export const load = async (): Promise<void> => {
  await Promise.all([loadGame(current.locale), loadSite(current.locale)]);
};
