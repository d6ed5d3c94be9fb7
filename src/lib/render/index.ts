// render: the Pixi.js scene. Draws a view, highlights the legal moves it is given
// and emits intents; knows no rules. May import session and engine types.
// Nothing here imports pixi.js: the board itself is loaded on demand (`loadBoard`).
export { layoutBoard } from './layout';
export type * from './layout-types';
export type { Point, Rect, Size } from './geometry';
export { pipLayout, pipColour, PIP_COLOURS, MAX_PIP } from './pips';
export type { Pip } from './pips';
export { RAILROAD_COLOURS, FRISCO_COLOUR, railroadColour, railroadName } from './railroads';
export { tileFaceSvg } from './face-svg';
export { ShelfPacker } from './shelf';
export type { Cell } from './shelf';
export type { FaceSvgOptions } from './face-svg';
export type { Board, BoardCallbacks, BoardInput, BoardSettings } from './board-types';
export { demoRound, demoMove, demoChoice } from './demo';
export type { DemoGame } from './demo';

/** The Pixi board, loaded on demand so pages do not pay for pixi.js up front. */
export const loadBoard = () => import('./board');
