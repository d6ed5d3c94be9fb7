// The rules page of Engine 191: each rule in our words, with the id the engine cites.
import rules from '../../i18n/rules';
import type { VariantRules } from './parts';

const engine191Rules: VariantRules = {
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
};
export default engine191Rules;
