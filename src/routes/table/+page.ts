import { load as loadGame } from '$lib/ui/i18n/game';
import { current } from '$lib/ui/i18n/locale.svelte';

export const load = (): Promise<void> => loadGame(current.locale);
