// Loads the Pixi board on demand, so only the table page fetches pixi.js.
// (The render layer's `loadBoard` is not exported yet; this is its stand-in.)
import { preloadCode } from '$app/navigation';
import { resolve } from '$app/paths';
import type { Board, BoardCallbacks } from '$lib/render/board-types';
import { prepareTableWorker } from '$lib/session';

export type MountBoard = (host: HTMLElement, callbacks: BoardCallbacks) => Promise<Board>;

export async function loadBoard(): Promise<MountBoard> {
  const module = await import('$lib/render/board');
  return module.mountBoard;
}

/**
 * Starts the table's worker (its code, its accelerator, its proof workers) for the
 * table this page is about to open: while the table is set up (the setup page) or
 * the person names themselves (the lobby), not once they have pressed Start or Join.
 */
export function preloadTableWorker(): void {
  prepareTableWorker();
}

/**
 * Fetches and evaluates the table page's code and the board while a table is set
 * up or gathers, not once it has started.
 */
export function preloadTableCode(): void {
  // Only a head start: one cut short (the page left, the network gone) is not an error.
  preloadCode(resolve('/table'))
    .then(loadBoard)
    .catch(() => undefined);
}
