// Sharing through the system's share sheet (the Web Share API), where the
// browser has one: the invite link, a finished game's result. Copy and QR stay.
import type { BaseState } from '$lib/engine';
import type { SeatView } from '$lib/session';
import { variantInfo } from './variants';

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

/** "Ada won Railominos on Trainyard: Ada 3, Casey 11." from `viewer`'s side ("I won …"). */
export function resultShare(
  view: BaseState,
  seats: readonly SeatView[],
  viewer: number | null,
  site: string,
): ShareData {
  const name = (seat: number) => seats[seat]?.name ?? `Seat ${seat + 1}`;
  const game = variantInfo(view.variant).name;
  const winners = view.winners.map((s) => (s === viewer ? 'I' : name(s)));
  const who = winners.length === 0 ? `We played ${game}` : `${winners.join(' and ')} won ${game}`;
  const totals = seats.map((s) => `${s.name} ${view.scores[s.seat] ?? 0}`).join(', ');
  return { title: `Trainyard: ${game}`, text: `${who} on Trainyard: ${totals}.`, url: site };
}

/** The invite to a table's lobby. */
export function inviteShare(link: string): ShareData {
  return {
    title: 'Trainyard: join my table',
    text: 'Join my table of dominoes on Trainyard.',
    url: link,
  };
}
