// Options checked as a whole for a table of a given size: each option known and
// within its spec, then what the variant's deal needs of them together.
import { leftOut } from './house';
import type { OptionSpec, Options } from './variant';
import { fail, ok } from './types';
import type { Result } from './types';

/** What the generic check needs to know of a variant. */
export interface OptionRules {
  readonly title: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
  readonly optionSpecs: readonly OptionSpec[];
  /** The rule that sets the number of players (MT-1, DT-1, E-1, R-1…). */
  readonly playersRule: string;
}

const refuse = (rule: string | null, message: string) =>
  fail<Options>('BAD_OPTIONS', rule, message);

/** Every option known and a whole number within its spec: the options with defaults filled in. */
export function checkOptionSpecs(
  title: string,
  specs: readonly OptionSpec[],
  players: number,
  given: Readonly<Record<string, unknown>>,
): Result<Options> {
  for (const key of Object.keys(given)) {
    if (!specs.some((s) => s.key === key)) return refuse(null, `${title} has no option “${key}”.`);
  }
  const options: Record<string, number> = {};
  for (const spec of specs) {
    const value = given[spec.key] ?? spec.default(players);
    if (
      typeof value !== 'number' ||
      !Number.isInteger(value) ||
      value < spec.min ||
      value > spec.max
    ) {
      return refuse(
        spec.rule,
        `${spec.label} must be a whole number from ${spec.min} to ${spec.max}.`,
      );
    }
    // H-1…H-4: a house rule that is off is left out (absent means off).
    if (!leftOut(spec.key, value)) options[spec.key] = value;
  }
  return ok(options);
}

/** The players within the variant's range, and every option within its spec. */
export function checkSpecs(
  rules: OptionRules,
  players: number,
  given: Readonly<Record<string, unknown>>,
): Result<Options> {
  const { title, minPlayers: min, maxPlayers: max } = rules;
  if (!Number.isInteger(players) || players < min || players > max) {
    return refuse(rules.playersRule, `${title} is for ${min} to ${max} players.`);
  }
  return checkOptionSpecs(title, rules.optionSpecs, players, given);
}

/** What a deal takes from the set: a hand per seat, and what a round needs besides. */
export interface DealNeeds {
  readonly players: number;
  readonly handSize: number;
  /** Tiles in the set. */
  readonly tiles: number;
  /** The set, as a player names it ("a double-6 set"). */
  readonly setName: string;
  /** Tiles a round takes besides the hands, and what for (TT-3's engine, R-2's leader). */
  readonly extra?: { readonly tiles: number; readonly for: string };
  readonly rule: string;
}

/** Enough tiles for every hand and whatever else the round takes before play. */
export function checkDeal(options: Options, needs: DealNeeds): Result<Options> {
  const { players, handSize, tiles, extra } = needs;
  const wanted = players * handSize + (extra?.tiles ?? 0);
  if (wanted <= tiles) return ok(options);
  const besides = extra ? ` and ${extra.tiles} for ${extra.for}` : '';
  return refuse(
    needs.rule,
    `${handSize} tiles each for ${players} players${besides} take ${wanted} tiles, ` +
      `but ${needs.setName} has ${tiles}: deal fewer tiles each or use a bigger set.`,
  );
}
