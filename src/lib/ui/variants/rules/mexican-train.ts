// The rules page of Mexican Train: each rule in our words, with the id the engine cites.
import rules from '../../i18n/rules';
import { H1, H2, H3_MT, H4, MT_SHARED, type VariantRules } from './parts';

const mexicanTrainRules: VariantRules = {
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
  house: { title: () => rules.title_house(), items: [H1, H2, H3_MT, H4] },
};
export default mexicanTrainRules;
