// Loads the Pixi board on demand, so only the table page fetches pixi.js.
// (The render layer's `loadBoard` is not exported yet; this is its stand-in.)
import { preloadCode } from '$app/navigation';
import { resolve } from '$app/paths';
import type { Board, BoardCallbacks } from '$lib/render/board-types';

export type MountBoard = (host: HTMLElement, callbacks: BoardCallbacks) => Promise<Board>;

export async function loadBoard(): Promise<MountBoard> {
  const module = await import('$lib/render/board');
  return module.mountBoard;
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
