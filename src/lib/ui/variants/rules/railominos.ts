// The rules page of Railominos: each rule in our words, with the id the engine cites.
import rules from '../../i18n/rules';
import type { VariantRules } from './parts';

const railominosRules: VariantRules = {
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
};
export default railominosRules;
