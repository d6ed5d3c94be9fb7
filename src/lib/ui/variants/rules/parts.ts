// What every variant's rules page is made of: rules in our own words, each with
// the id the engine and its tests cite (docs/rules.md is the binding text), a few
// tiles to show, and the parts more than one variant shares. The words are the
// rules area's messages, read when shown (so in the active language).
import rules from '../../i18n/rules';

export interface RuleItem {
  readonly id: string;
  readonly text: () => string;
}

export interface RuleSection {
  readonly title: () => string;
  readonly items: readonly RuleItem[];
  /** Tiles to draw beside the section: [a, b] pairs (railroad indices where the variant's faces are railroads). */
  readonly tiles?: readonly (readonly [number, number])[];
  readonly caption?: () => string;
}

export interface VariantRules {
  readonly intro: () => string;
  readonly sections: readonly RuleSection[];
  /** Its house rules, shown after its own sections, if it has any. */
  readonly house?: RuleSection;
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

/** Mexican Train's turn and round's end, kept by its tournament rules. */
export const MT_SHARED: readonly RuleItem[] = [
  { id: 'MT-5', text: () => rules.mt_5() },
  { id: 'MT-8', text: () => rules.mt_8() },
  { id: 'MT-9', text: () => rules.mt_9() },
  { id: 'MT-10', text: () => rules.mt_10() },
  { id: 'MT-11', text: () => rules.mt_11() },
];

// House rules (docs/rules.md H-1…H-4): table options, each off unless the table turns it on.
export const H1: RuleItem = { id: 'H-1', text: () => rules.h_1() };
export const H2: RuleItem = { id: 'H-2', text: () => rules.h_2() };
export const H3: RuleItem = { id: 'H-3', text: () => rules.h_3() };
export const H3_MT: RuleItem = {
  id: 'H-3',
  text: () => `${rules.h_3()} ${rules.h_3_first_turn()}`,
};
export const H4: RuleItem = { id: 'H-4', text: () => rules.h_4() };
