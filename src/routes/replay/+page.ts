import { load as loadGame } from '$lib/ui/i18n/game';
import { current } from '$lib/ui/i18n/locale.svelte';
import { load as loadSite } from '$lib/ui/i18n/site';

// The page's own words, and the table's: it draws the board and its tiles.
export const load = async (): Promise<void> => {
  await Promise.all([loadSite(current.locale), loadGame(current.locale)]);
};
