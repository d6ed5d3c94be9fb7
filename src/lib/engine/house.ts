// House rules (docs/rules.md H-1…H-4): table options beyond the sheets, each off
// (0, the sheet's rule) by default and named by its rule id.
import type { OptionSpec, Options } from './variant';

export const HOUSE_KEYS = ['blankScore', 'openingRun', 'drawUntilPlay', 'mexicanFirst'] as const;
export type HouseKey = (typeof HOUSE_KEYS)[number];

const off = () => 0;

export const HOUSE_SPECS: Readonly<Record<HouseKey, OptionSpec>> = {
  blankScore: {
    key: 'blankScore',
    label: 'Double blank counts (points)',
    rule: 'H-1',
    min: 0,
    max: 50,
    default: off,
  },
  openingRun: {
    key: 'openingRun',
    label: 'Opening run on the first turn',
    rule: 'H-2',
    min: 0,
    max: 1,
    default: off,
  },
  drawUntilPlay: {
    key: 'drawUntilPlay',
    label: 'Draw until a tile can be played',
    rule: 'H-3',
    min: 0,
    max: 1,
    default: off,
  },
  mexicanFirst: {
    key: 'mexicanFirst',
    label: 'Mexican Train before your own',
    rule: 'H-4',
    min: 0,
    max: 1,
    default: off,
  },
};

/** Whether a 0/1 house rule is switched on (absent means off). */
export function houseOn(options: Options, key: HouseKey): boolean {
  return (options[key] ?? 0) !== 0;
}

/**
 * A house rule at 0 (off) is left out of a game's options: absent means off, so
 * setups, records and states of games without house rules are exactly what they
 * were before the house rules existed (their hashes, game ids, scenario outputs).
 */
export function leftOut(key: string, value: number): boolean {
  return value === 0 && (HOUSE_KEYS as readonly string[]).includes(key);
}
