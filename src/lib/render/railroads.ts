// How railroad pieces look: each railroad's colour (after its livery) and the
// FRISCO piece's, indexed like the engine's RAILROADS.
import { RAILROADS } from '../engine';

export const RAILROAD_COLOURS: readonly string[] = [
  '#1b5e20', // BN: Cascade green
  '#e65100', // IC: orange
  '#263238', // SCL: black
  '#c62828', // UP: red
  '#1565c0', // ATSF: warbonnet blue
  '#6a1b9a', // SOO
  '#00838f', // WP
  '#9a7400', // CNW: yellow, darkened to read on ivory
];

export const FRISCO_COLOUR = '#b23a1e';

export function railroadColour(suit: number): string {
  return RAILROAD_COLOURS[suit] ?? FRISCO_COLOUR;
}

export function railroadName(suit: number): string {
  return RAILROADS[suit] ?? '';
}
