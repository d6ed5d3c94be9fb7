// Why a table is not being kept on this browser, in a player's words.
import type { SavingStatus } from '$lib/session';

/** The reason a table is not being saved, or null when it is (or nothing stores it). */
export function notSavingReason(saving: SavingStatus | undefined): string | null {
  if (!saving || saving.saved) return null;
  switch (saving.problem) {
    case 'unavailable':
      return 'this browser offers no storage here (a private window, or storage turned off)';
    case 'refused':
      return 'the browser refused to store it (a private window, or this site’s settings)';
    case 'full':
      return 'the browser’s storage is full';
    case 'failed':
      return 'the browser’s storage failed';
  }
}
