// Sharing through the system's share sheet (the Web Share API), where the
// browser has one: the invite link, a finished game's result. Copy and QR stay.
import type { BaseState } from '$lib/engine';
import type { SeatView } from '$lib/session';
import game from './i18n/game';
import { list } from './i18n/format';
import { variantShortName } from './variants';

export interface ShareData {
  readonly title: string;
  readonly text: string;
  readonly url?: string;
}

/** Whether this browser can share (the button is hidden otherwise). */
export function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/** Shares; whether it went out (a person who closes the sheet shared nothing, and that is fine). */
export async function share(data: ShareData): Promise<boolean> {
  try {
    await navigator.share({ ...data });
    return true;
  } catch {
    return false;
  }
}

/** "Ada won Mexican Train on Trainyard: Ada 3, Casey 11." from `viewer`'s side ("I won …"). */
export function resultShare(
  view: BaseState,
  seats: readonly SeatView[],
  viewer: number | null,
  site: string,
): ShareData {
  const name = (seat: number) => seats[seat]?.name ?? game.seat_n({ n: seat + 1 });
  const variant = variantShortName(view.variant);
  const totals = seats.map((s) => `${s.name} ${view.scores[s.seat] ?? 0}`).join(', ');
  const others = view.winners.filter((s) => s !== viewer).map(name);
  const iWon = viewer !== null && view.winners.includes(viewer);
  const text =
    view.winners.length === 0
      ? game.share_played({ variant, totals })
      : iWon && others.length === 0
        ? game.share_i_won({ variant, totals })
        : iWon
          ? game.share_we_won({ names: list(others), variant, totals })
          : game.share_won({ names: list(others), variant, totals });
  return { title: game.share_title({ variant }), text, url: site };
}

/** The invite to a table's lobby. */
export function inviteShare(link: string): ShareData {
  return {
    title: game.invite_title(),
    text: game.invite_text(),
    url: link,
  };
}
