import { load as loadGame } from '$lib/ui/i18n/game';
import { load as loadOnline } from '$lib/ui/i18n/online';
import { load as loadSite } from '$lib/ui/i18n/site';
import { current } from '$lib/ui/i18n/locale.svelte';

// The lobby names variants, house rules and bot levels as the setup pages do (site),
// and shares some of the table's words (game).
export const load = async (): Promise<void> => {
  await Promise.all([
    loadGame(current.locale),
    loadOnline(current.locale),
    loadSite(current.locale),
  ]);
};
