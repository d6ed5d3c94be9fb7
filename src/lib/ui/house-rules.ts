// House rules as a player sees them: which are on/off switches, and which are
// on at a table. Read from the engine's option specs, never from a variant's id.
import type { OptionSpec, Options } from '$lib/engine';

/** An on/off rule: its whole range is 0 (off) to 1 (on). */
export function isSwitch(spec: OptionSpec): boolean {
  return spec.min === 0 && spec.max === 1;
}

/** A house rule (docs/rules.md H-…) that a game's options move off its default. */
export interface RuleOn {
  readonly spec: OptionSpec;
  /** Shown after the name for a number rule (H-1's points); null for a switch. */
  readonly value: number | null;
}

/** The house rules a game plays with (an absent option is its default: off). */
export function houseRulesOn(
  specs: readonly OptionSpec[],
  options: Options,
  players: number,
): readonly RuleOn[] {
  return specs.flatMap((spec) => {
    const v = options[spec.key] ?? spec.default(players);
    if (!spec.rule.startsWith('H-') || v === spec.default(players)) return [];
    return [{ spec, value: isSwitch(spec) ? null : v }];
  });
}
