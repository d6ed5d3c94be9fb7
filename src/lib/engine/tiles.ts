// Tile sets (C-1) and the text notation (C-2). A tile is a small integer id into
// its set; its two ends are suit indices, so railroad names work like pips.

export type TileId = number;

export interface TileDef {
  readonly id: TileId;
  /** The higher suit index. */
  readonly hi: number;
  /** The lower suit index. */
  readonly lo: number;
  /** A wild tile (R-5 FRISCO): matches any open end and has no suits of its own. */
  readonly wild: boolean;
}

export interface TileSet {
  /** `double-n`, or the name of a variant's own set (the protocol names the deck by it). */
  readonly kind: string;
  /** The highest suit index: N for double-N sets. */
  readonly n: number;
  /** Pips, or names with no order of their own (railroads, written alphabetically). */
  readonly faces: 'pips' | 'railroads';
  readonly suits: readonly string[];
  readonly tiles: readonly TileDef[];
}

export const RAILROADS = ['BN', 'IC', 'SCL', 'UP', 'ATSF', 'SOO', 'WP', 'CNW'] as const;
export type Railroad = (typeof RAILROADS)[number];
export const FRISCO = 'FRISCO';

export function pairsUpTo(n: number): TileDef[] {
  const tiles: TileDef[] = [];
  for (let hi = 0; hi <= n; hi++) {
    for (let lo = 0; lo <= hi; lo++) tiles.push({ id: tiles.length, hi, lo, wild: false });
  }
  return tiles;
}

const doubleNCache = new Map<number, TileSet>();

/** C-1: every pair (a, b) with 0 ≤ b ≤ a ≤ n. */
export function doubleN(n: number): TileSet {
  let set = doubleNCache.get(n);
  if (!set) {
    const suits = Array.from({ length: n + 1 }, (_, i) => String(i));
    set = { kind: 'double-n', n, faces: 'pips', suits, tiles: pairsUpTo(n) };
    doubleNCache.set(n, set);
  }
  return set;
}

export function tileDef(set: TileSet, id: TileId): TileDef {
  const def = set.tiles[id];
  if (!def) throw new RangeError(`no tile ${id} in this set`);
  return def;
}

export function isDouble(set: TileSet, id: TileId): boolean {
  const t = tileDef(set, id);
  return !t.wild && t.hi === t.lo;
}

/** The id of the double of a suit (ids follow `pairsUpTo`'s order in every set). */
export function doubleOf(suit: number): TileId {
  return (suit * (suit + 1)) / 2 + suit;
}

/** The id of the tile with these two suits, in either order. */
export function tileOf(a: number, b: number): TileId {
  const hi = Math.max(a, b);
  const lo = Math.min(a, b);
  return (hi * (hi + 1)) / 2 + lo;
}

/** C-2: a tile's value is the sum of its pips. */
export function pips(set: TileSet, id: TileId): number {
  const t = tileDef(set, id);
  return t.wild ? 0 : t.hi + t.lo;
}

export function hasSuit(set: TileSet, id: TileId, suit: number): boolean {
  const t = tileDef(set, id);
  return !t.wild && (t.hi === suit || t.lo === suit);
}

/** The end left open when `id` is laid against an open end showing `suit`. */
export function otherEnd(set: TileSet, id: TileId, suit: number): number {
  const t = tileDef(set, id);
  return t.hi === suit ? t.lo : t.hi;
}

/** C-2: `"a-b"` with the higher end first; railroad names are written alphabetically. */
export function tileName(set: TileSet, id: TileId): string {
  const t = tileDef(set, id);
  if (t.wild) return FRISCO;
  const hi = set.suits[t.hi] ?? '?';
  const lo = set.suits[t.lo] ?? '?';
  // Railroad names have no order of their own: alphabetical, as the shared scenarios write them.
  if (set.faces === 'railroads') return hi < lo ? `${hi}-${lo}` : `${lo}-${hi}`;
  return `${hi}-${lo}`;
}

/** C-2: input accepts either order. Returns null for text that names no tile of the set. */
export function parseTile(set: TileSet, text: string): TileId | null {
  const s = text.trim();
  const wild = set.tiles.findIndex((t) => t.wild);
  if (wild >= 0 && s.toUpperCase() === FRISCO) return wild;
  const parts = s.split('-');
  if (parts.length !== 2) return null;
  const [a, b] = parts.map((p) => set.suits.indexOf(p.trim().toUpperCase()));
  if (a === undefined || b === undefined || a < 0 || b < 0) return null;
  return tileOf(a, b);
}

export function suitName(set: TileSet, suit: number): string {
  return set.suits[suit] ?? '?';
}

export function parseSuit(set: TileSet, text: string): number | null {
  const i = set.suits.indexOf(text.trim().toUpperCase());
  return i < 0 ? null : i;
}
