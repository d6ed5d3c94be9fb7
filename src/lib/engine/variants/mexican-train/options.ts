// House-rule options (docs/rules.md marks them) and the tile set they imply.
import { HOUSE_SPECS } from '../../house';
import { doubleN } from '../../tiles';
import type { TileSet } from '../../tiles';
import type { OptionSpec, Options } from '../../variant';
import type { MtRules } from './rules';

/** TT-3: the first round's engine is the 9-9 unless the table picks another. */
export const DEFAULT_START_DOUBLE = 9;

export function optionSpecs(rules: MtRules): OptionSpec[] {
  const specs: OptionSpec[] = [
    // MT-1 / TT-1: a double-12 set; docs/scenarios.md lets any variant use another N.
    { key: 'set', label: 'Set (double-N)', rule: 'C-1', min: 2, max: 18, default: () => 12 },
    {
      key: 'handSize',
      label: 'Tiles per hand',
      rule: rules.dealRule,
      min: 1,
      max: 45,
      default: rules.handSize,
    },
  ];
  if (rules.engine === 'callDown') {
    specs.push({
      key: 'rounds',
      label: 'Rounds',
      rule: 'MT-2',
      min: 1,
      max: 13,
      default: () => 13,
    });
  } else {
    specs.push({
      key: 'startDouble',
      label: 'Starting double',
      rule: 'TT-3',
      min: 0,
      max: 12,
      default: () => DEFAULT_START_DOUBLE,
    });
  }
  // H-1, H-3 for both rule sets; H-2 and H-4 relax MT-4 and MT-5, which TT-4 drops anyway.
  specs.push(HOUSE_SPECS.blankScore);
  if (rules.firstTurnRestricted) specs.push(HOUSE_SPECS.openingRun);
  specs.push(HOUSE_SPECS.drawUntilPlay);
  if (rules.mexicanNeedsOwnTrain) specs.push(HOUSE_SPECS.mexicanFirst);
  return specs;
}

export function setOf(options: Options): TileSet {
  return doubleN(options.set ?? 12);
}

/** TT-3 on a smaller set: the starting double is at most the set's highest. */
export function startSuit(options: Options): number {
  return Math.min(options.startDouble ?? DEFAULT_START_DOUBLE, setOf(options).n);
}
