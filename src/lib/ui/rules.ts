// Each variant's rules in our own words, rule by rule with the ids the engine
// and its tests cite (docs/rules.md is the binding text), and a few tiles to show.
// The words are the rules area's messages, read when shown (so in the active language).
import type { VariantId } from '$lib/engine';
import rules from './i18n/rules';

export interface RuleItem {
  readonly id: string;
  readonly text: () => string;
}

export interface RuleSection {
  readonly title: () => string;
  readonly items: readonly RuleItem[];
  /** Tiles to draw beside the section: [a, b] pairs (railroad indices for Railominos). */
  readonly tiles?: readonly (readonly [number, number])[];
  readonly caption?: () => string;
}

export interface VariantRules {
  readonly intro: () => string;
  readonly sections: readonly RuleSection[];
}

export const COMMON: RuleSection = {
  title: () => rules.title_common(),
  items: [
    { id: 'C-1', text: () => rules.c_1() },
    { id: 'C-2', text: () => rules.c_2() },
    { id: 'C-3', text: () => rules.c_3() },
    { id: 'C-4', text: () => rules.c_4() },
    { id: 'C-5', text: () => rules.c_5() },
    { id: 'C-6', text: () => rules.c_6() },
    { id: 'C-7', text: () => rules.c_7() },
  ],
  tiles: [
    [12, 5],
    [6, 6],
    [0, 0],
  ],
  caption: () => rules.caption_common(),
};

const MT_SHARED: readonly RuleItem[] = [
  { id: 'MT-5', text: () => rules.mt_5() },
  { id: 'MT-8', text: () => rules.mt_8() },
  { id: 'MT-9', text: () => rules.mt_9() },
  { id: 'MT-10', text: () => rules.mt_10() },
  { id: 'MT-11', text: () => rules.mt_11() },
];

export const RULES: Readonly<Record<VariantId, VariantRules>> = {
  'mexican-train': {
    intro: () => rules.intro_mexican_train(),
    sections: [
      {
        title: () => rules.title_deal_engine(),
        items: [
          { id: 'MT-1', text: () => rules.mt_1() },
          { id: 'MT-2', text: () => rules.mt_2() },
          { id: 'MT-3', text: () => rules.mt_3() },
          { id: 'MT-4', text: () => rules.mt_4() },
        ],
        tiles: [
          [12, 12],
          [12, 7],
          [7, 3],
        ],
        caption: () => rules.caption_mt_engine(),
      },
      { title: () => rules.title_your_turn(), items: MT_SHARED.slice(0, 3) },
      {
        title: () => rules.title_doubles(),
        items: [
          { id: 'MT-6', text: () => rules.mt_6() },
          { id: 'MT-7', text: () => rules.mt_7() },
        ],
        tiles: [
          [8, 8],
          [8, 2],
        ],
        caption: () => rules.caption_mt_double(),
      },
      { title: () => rules.title_round_end(), items: MT_SHARED.slice(3) },
    ],
  },
  'mexican-train-tournament': {
    intro: () => rules.intro_tournament(),
    sections: [
      {
        title: () => rules.title_setup(),
        items: [
          { id: 'TT-1', text: () => rules.tt_1() },
          { id: 'TT-2', text: () => rules.tt_2() },
          { id: 'TT-3', text: () => rules.tt_3() },
          { id: 'TT-4', text: () => rules.tt_4() },
        ],
        tiles: [
          [9, 9],
          [8, 8],
          [7, 7],
        ],
        caption: () => rules.caption_tt_engines(),
      },
      {
        title: () => rules.title_doubles(),
        items: [
          { id: 'TT-5', text: () => rules.tt_5() },
          { id: 'TT-6', text: () => rules.tt_6() },
          { id: 'TT-7', text: () => rules.tt_7() },
        ],
      },
      {
        title: () => rules.title_results(),
        items: [
          ...MT_SHARED,
          { id: 'TT-8', text: () => rules.tt_8() },
          { id: 'TT-9', text: () => rules.tt_9() },
        ],
      },
    ],
  },
  'derailing-the-train': {
    intro: () => rules.intro_derailing(),
    sections: [
      {
        title: () => rules.title_setup(),
        items: [
          { id: 'DT-1', text: () => rules.dt_1() },
          { id: 'DT-2', text: () => rules.dt_2() },
          { id: 'DT-3', text: () => rules.dt_3() },
          { id: 'DT-4', text: () => rules.dt_4() },
          { id: 'DT-5', text: () => rules.dt_5() },
        ],
        tiles: [
          [9, 9],
          [9, 4],
          [4, 1],
        ],
        caption: () => rules.caption_dt_platform(),
      },
      {
        title: () => rules.title_derailing(),
        items: [
          { id: 'DT-6', text: () => rules.dt_6() },
          { id: 'DT-7', text: () => rules.dt_7() },
          { id: 'DT-8', text: () => rules.dt_8() },
          { id: 'DT-9', text: () => rules.dt_9() },
          { id: 'DT-10', text: () => rules.dt_10() },
        ],
        tiles: [
          [4, 4],
          [4, 2],
        ],
        caption: () => rules.caption_dt_derailer(),
      },
      {
        title: () => rules.title_platform_end(),
        items: [
          { id: 'DT-11', text: () => rules.dt_11() },
          { id: 'DT-12', text: () => rules.dt_12() },
          { id: 'DT-13', text: () => rules.dt_13() },
        ],
      },
    ],
  },
  'engine-191': {
    intro: () => rules.intro_engine_191(),
    sections: [
      {
        title: () => rules.title_setup(),
        items: [
          { id: 'E-1', text: () => rules.e_1() },
          { id: 'E-2', text: () => rules.e_2() },
          { id: 'E-3', text: () => rules.e_3() },
        ],
        tiles: [
          [3, 3],
          [3, 5],
          [5, 5],
        ],
        caption: () => rules.caption_e_station(),
      },
      {
        title: () => rules.title_your_turn(),
        items: [
          { id: 'E-4', text: () => rules.e_4() },
          { id: 'E-5', text: () => rules.e_5() },
          { id: 'E-6', text: () => rules.e_6() },
          { id: 'E-7', text: () => rules.e_7() },
          { id: 'E-8', text: () => rules.e_8() },
          { id: 'E-9', text: () => rules.e_9() },
          { id: 'E-10', text: () => rules.e_10() },
        ],
      },
      {
        title: () => rules.title_scoring(),
        items: [
          { id: 'E-11', text: () => rules.e_11() },
          { id: 'E-12', text: () => rules.e_12() },
        ],
      },
    ],
  },
  railominos: {
    intro: () => rules.intro_railominos(),
    sections: [
      {
        title: () => rules.title_pieces(),
        items: [
          { id: 'R-1', text: () => rules.r_1() },
          { id: 'R-2', text: () => rules.r_2() },
          { id: 'R-3', text: () => rules.r_3() },
        ],
        tiles: [
          [0, 3],
          [3, 3],
          [3, 4],
        ],
        caption: () => rules.caption_r_line(),
      },
      {
        title: () => rules.title_play_score(),
        items: [
          { id: 'R-4', text: () => rules.r_4() },
          { id: 'R-5', text: () => rules.r_5() },
          { id: 'R-6', text: () => rules.r_6() },
          { id: 'R-7', text: () => rules.r_7() },
          { id: 'R-8', text: () => rules.r_8() },
          { id: 'R-9', text: () => rules.r_9() },
        ],
        tiles: [[-1, -1]],
        caption: () => rules.caption_r_frisco(),
      },
    ],
  },
};

// House rules (docs/rules.md H-1…H-4): table options, each off unless the table turns it on.
const H1: RuleItem = { id: 'H-1', text: () => rules.h_1() };
const H2: RuleItem = { id: 'H-2', text: () => rules.h_2() };
const H3: RuleItem = { id: 'H-3', text: () => rules.h_3() };
const H3_MT: RuleItem = { id: 'H-3', text: () => `${rules.h_3()} ${rules.h_3_first_turn()}` };
const H4: RuleItem = { id: 'H-4', text: () => rules.h_4() };

/** The house rules each variant offers, shown after its own sections. */
export const HOUSE_RULES: Readonly<Partial<Record<VariantId, RuleSection>>> = {
  'mexican-train': { title: () => rules.title_house(), items: [H1, H2, H3_MT, H4] },
  'mexican-train-tournament': { title: () => rules.title_house(), items: [H1, H3] },
  'derailing-the-train': { title: () => rules.title_house(), items: [H3] },
};
