// What a board layout is: pure data in world units that the Pixi scene draws and
// tests check without a browser.
import type { BoardWords } from './board-words';
import type { Seat, Target, TileId, VariantId } from '../engine';
import type { Rect, Size } from './geometry';

export type Orientation = 'horizontal' | 'vertical';

/**
 * Why a tile is outlined: `need` an unsatisfied double (MT-6, MT-7, TT-6) or an
 * incomplete station (E-5); `derailer` a double that derailed its train (DT-7);
 * `open` an open double.
 */
export type Outline = 'need' | 'derailer' | 'open';

export interface PlacedTile {
  readonly tile: TileId;
  /** The region (lane, hub, yard…) the tile lies in. */
  readonly region: string;
  /** The tile's bounding box; its centre is where it is drawn. */
  readonly rect: Rect;
  readonly orientation: Orientation;
  /** Suits as shown, left then right (top then bottom when vertical); -1 on FRISCO. */
  readonly ends: readonly [number, number];
  readonly double: boolean;
  /** The FRISCO piece (the railroad set's wild tile). */
  readonly wild: boolean;
  /** Drawn faded: out of play (discard pile). */
  readonly dim: boolean;
  readonly outline: Outline | null;
  /** The suit an outlined double asks for. */
  readonly need: number | null;
}

export type Badge =
  | { readonly kind: 'you' }
  | { readonly kind: 'turn' }
  /** MT-9, DT-6: the train's marker is out, anyone may play on it. */
  | { readonly kind: 'marker' }
  /** DT-7 */
  | { readonly kind: 'derailed' }
  /** A double on this lane waits for this suit. */
  | { readonly kind: 'need'; readonly suit: number }
  /** C-6: tiles left in the owner's hand. */
  | { readonly kind: 'hand'; readonly count: number }
  /** E-12 win tokens. */
  | { readonly kind: 'tokens'; readonly count: number }
  | { readonly kind: 'count'; readonly count: number };

export type RegionKind = 'hub' | 'train' | 'line' | 'yard' | 'discard';

export interface Region {
  readonly id: string;
  readonly kind: RegionKind;
  /** Plain text; the owner's name is put in by the board when it has one. */
  readonly label: string;
  /** What the lane is, under or beside the label ("train", "line", "score yard"). */
  readonly caption: string;
  readonly owner: Seat | null;
  /** The viewer's own lane. */
  readonly own: boolean;
  readonly rect: Rect;
  /** Where the label is written. */
  readonly labelAt: { readonly x: number; readonly y: number; readonly width: number };
  readonly badges: readonly Badge[];
  /** The marker's pin at the lane's start, when the lane can carry one. */
  readonly pin: Rect | null;
}

/**
 * A place a tile can go: `slot` where the next tile would lie, `lane` the
 * whole lane (a bigger thing to tap). `open` is the suit that end asks for.
 */
export interface HitArea {
  readonly target: Target;
  readonly kind: 'slot' | 'lane';
  readonly rect: Rect;
  readonly open: number | null;
}

export interface BoardLayout {
  readonly variant: VariantId;
  /** How faces are drawn: pips (or numerals), or railroad names. */
  readonly faces: 'pips' | 'railroads';
  /** The world to draw; it may be taller (or wider) than the viewport: the board pans. */
  readonly world: Size;
  /** A tile's short side; a tile is twice as long. */
  readonly unit: number;
  readonly tiles: readonly PlacedTile[];
  readonly regions: readonly Region[];
  readonly hitAreas: readonly HitArea[];
  /** A line of text for an empty board (waiting for the deal, choosing…), or null. */
  readonly status: string | null;
  /** The words it was laid out in (the badges are put in them as they are drawn). */
  readonly words: BoardWords;
}
