// What the pages call the engine's variants, house rules and bot levels, in the
// active language (the engine's own English names stay in the record and on the wire).
import type { VariantId } from '$lib/engine';
import site from './i18n/site';
import type { SetupProblem } from './setup.svelte';
import { variantName } from './variants';

/** Every house-rule key a variant offers (tests/ui/names.test.ts checks the engine's). */
export const OPTION_KEYS = [
  'set',
  'handSize',
  'rounds',
  'startDouble',
  'tokensToWin',
  'blankScore',
  'openingRun',
  'drawUntilPlay',
  'mexicanFirst',
] as const;
export type OptionKey = (typeof OPTION_KEYS)[number];

const OPTION_LABELS: Readonly<Record<OptionKey, () => string>> = {
  set: () => site.option_set(),
  handSize: () => site.option_hand_size(),
  rounds: () => site.option_rounds(),
  startDouble: () => site.option_start_double(),
  tokensToWin: () => site.option_tokens_to_win(),
  blankScore: () => site.option_blank_score(),
  openingRun: () => site.option_opening_run(),
  drawUntilPlay: () => site.option_draw_until_play(),
  mexicanFirst: () => site.option_mexican_first(),
};

export function isOptionKey(key: string): key is OptionKey {
  return (OPTION_KEYS as readonly string[]).includes(key);
}

// One line of plain words under a rule whose label does not say it all.
const OPTION_HELP: Partial<Readonly<Record<OptionKey, () => string>>> = {
  blankScore: () => site.option_help_blank_score(),
  openingRun: () => site.option_help_opening_run(),
  drawUntilPlay: () => site.option_help_draw_until_play(),
  mexicanFirst: () => site.option_help_mexican_first(),
};

/** A house rule's line of plain words, if it has one. */
export function optionHelp(key: string): string | null {
  return isOptionKey(key) ? (OPTION_HELP[key]?.() ?? null) : null;
}

/** A house rule's label; an unknown key (a newer engine) shows as itself. */
export function optionLabel(key: string): string {
  return isOptionKey(key) ? OPTION_LABELS[key]() : key;
}

const LEVELS = {
  easy: () => site.level_easy(),
  medium: () => site.level_medium(),
  hard: () => site.level_hard(),
} as const;

export const levelName = (level: keyof typeof LEVELS): string => LEVELS[level]();

/** A setup problem in words. */
export function problemText(p: SetupProblem, variant: VariantId): string {
  switch (p.code) {
    case 'TOO_FEW_PLAYERS':
      return site.problem_min_players({ game: variantName(variant), min: p.min });
    case 'TOO_MANY_PLAYERS':
      return site.problem_max_players({ game: variantName(variant), max: p.max });
    case 'OPTION_OUT_OF_RANGE':
      return site.problem_option_range({ label: optionLabel(p.key), min: p.min, max: p.max });
    case 'SEAT_NEEDS_NAME':
      return site.problem_seat_name({ n: p.seat + 1 });
    case 'OPTIONS_REFUSED': {
      // The engine's sentence (with its numbers) has no code of its own: English
      // says it; Spanish and French name the rule instead (their messages leave it out).
      const reason = p.message.replace(/\.$/, '');
      return p.rule
        ? site.problem_options_refused({ reason, rule: p.rule })
        : site.problem_options_refused_bare({ reason });
    }
  }
}
