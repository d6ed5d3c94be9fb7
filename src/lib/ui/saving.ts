// Why a table is not being kept on this browser, in a player's words.
import type { SavingStatus } from '$lib/session';
import game from './i18n/game';

/** The reason a table is not being saved, or null when it is (or nothing stores it). */
export function notSavingReason(saving: SavingStatus | undefined): string | null {
  if (!saving || saving.saved) return null;
  switch (saving.problem) {
    case 'unavailable':
      return game.saving_unavailable();
    case 'refused':
      return game.saving_refused();
    case 'full':
      return game.saving_full();
    case 'failed':
      return game.saving_failed();
  }
}
