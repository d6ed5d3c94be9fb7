// The rules page of Mexican Train under tournament rules: each rule in our words, with the id the engine cites.
import rules from '../../i18n/rules';
import { H1, H3, MT_SHARED, type VariantRules } from './parts';

const tournamentRules: VariantRules = {
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
  house: { title: () => rules.title_house(), items: [H1, H3] },
};
export default tournamentRules;
