// Loads the Pixi board on demand, so only the table page fetches pixi.js.
// (The render layer's `loadBoard` is not exported yet; this is its stand-in.)
import type { Board, BoardCallbacks } from '$lib/render/board-types';

export type MountBoard = (host: HTMLElement, callbacks: BoardCallbacks) => Promise<Board>;

export async function loadBoard(): Promise<MountBoard> {
  const module = await import('$lib/render/board');
  return module.mountBoard;
}
