// House-rule options of railominos.
import { withDefaults as withSpecDefaults } from '../../base';
import type { OptionSpec, Options } from '../../variant';

export const optionSpecs: readonly OptionSpec[] = [
  // 7 each; at most 7 so that 5 × 7 + a leader other than FRISCO fit in 37 pieces.
  {
    key: 'handSize',
    label: 'Pieces dealt to each player',
    rule: 'R-2',
    min: 1,
    max: 7,
    default: () => 7,
  },
  { key: 'rounds', label: 'Rounds per game', rule: 'R-8', min: 1, max: 10, default: () => 3 },
];

export function withDefaults(players: number, options: Options): Options {
  return withSpecDefaults(optionSpecs, players, options);
}

export const handSize = (options: Options): number => options.handSize ?? 7;
export const roundsPerGame = (options: Options): number => options.rounds ?? 3;
