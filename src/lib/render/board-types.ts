// What the table page hands the board and gets back; no Pixi here, so pages can
// import these types without loading the renderer.
import type { BoardWords } from './board-words';
import type { BaseState, Seat, Target, TileId } from '../engine';

export interface BoardSettings {
  /** Digits instead of pips. */
  readonly numerals: boolean;
  /** No sliding or pulsing. */
  readonly reducedMotion: boolean;
  /** Animation speed factor: 1 normal, 2 twice as fast. */
  readonly speed: number;
}

export interface BoardInput {
  readonly view: BaseState;
  readonly viewer: Seat | null;
  /** Where the selected tile may go: these glow and answer taps. */
  readonly targets: readonly Target[];
  /** The move just made: its tile slides in. */
  readonly lastMove?: { readonly tile: TileId; readonly target: Target };
  readonly settings: BoardSettings;
  /** Seat names for the lane labels, drawn as plain text. */
  readonly names?: readonly string[];
  /** The board's words in the page's language (English when absent). */
  readonly words?: BoardWords;
  /** No status pill ("Dealing…", "Round over"): the page shows its own. */
  readonly hideStatus?: boolean;
}

export interface BoardCallbacks {
  onTarget(target: Target): void;
  /** A tile on the board was tapped (an Engine 191 score yard tile, say). */
  onTile?(tile: TileId): void;
  /**
   * Measurement (benches, dev pages): the milliseconds one frame took to draw,
   * the GPU's work included (the board waits for it when this is set), and
   * whether the frame took a new input, and the part of it spent in script
   * (layout and scene updates, draw calls issued).
   */
  onFrame?(ms: number, rebuilt: boolean, scriptMs: number): void;
}

export interface Board {
  /** Resolves once the renderer is up; rejects if it cannot start (no WebGL). */
  readonly ready: Promise<void>;
  /** Takes the latest input; redraws once per animation frame however often it is called. */
  update(input: BoardInput): void;
  /** The glowing target under a client point, or null. */
  targetAt(clientX: number, clientY: number): Target | null;
  /** Any place under a client point, glowing or not (where a dropped tile was aimed), or null. */
  placeAt(clientX: number, clientY: number): Target | null;
  /** Fits the canvas to its host again (the board also watches the host's size). */
  resize(): void;
  /** Safe at any time, also before the renderer is up, and more than once. */
  destroy(): void;
}
export type { BoardWords } from './board-words';
