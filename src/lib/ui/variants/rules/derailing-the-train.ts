// The rules page of Derailing the Train: each rule in our words, with the id the engine cites.
import rules from '../../i18n/rules';
import { H3, type VariantRules } from './parts';

const derailingRules: VariantRules = {
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
  house: { title: () => rules.title_house(), items: [H3] },
};
export default derailingRules;
