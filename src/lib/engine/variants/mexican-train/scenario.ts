// How a scenario round's own fields apply (docs/scenarios.md): starting totals, the
// tournament's fixed engine (TT-3) and first player (TT-2).
import { isDouble, parseTile, tileDef } from '../../tiles';
import { fail, ok } from '../../types';
import type { ScenarioHooks } from '../../variant';
import { setOf } from './options';
import type { MtRules } from './rules';
import type { MtState } from './state';

export function scenarioHooks(rules: MtRules): ScenarioHooks<MtState> {
  return {
    prepareRound(state, round, first) {
      let s: MtState = round.scores ? { ...state, scores: [...round.scores] } : state;
      // mexican-train picks its engine by MT-2 and has no chance first player: both are ignored.
      if (rules.engine !== 'fixed') return ok(s);
      if (round.engine !== undefined) {
        const set = setOf(s.options);
        const engine = parseTile(set, round.engine);
        if (engine === null || !isDouble(set, engine)) {
          return fail('BAD_SUPPLY', 'TT-3', `engine: ${round.engine} is not a double`);
        }
        const suit = tileDef(set, engine).hi;
        // TT-3: the first round's engine is the starting double; later rounds go down from it.
        const options = first ? { ...s.options, startDouble: suit } : s.options;
        s = { ...s, engineSuit: suit, options };
      }
      // TT-2: round 1's first player is drawn for (answered below); later rounds may override the rotation.
      if (round.firstPlayer !== undefined && !first) s = { ...s, firstPlayer: round.firstPlayer };
      return ok(s);
    },
    answer(_state, need, round) {
      if (need.kind !== 'firstPlayer')
        return fail('BAD_SUPPLY', null, `no answer for ${need.kind}`);
      return ok({ kind: 'firstPlayer', seat: round.firstPlayer ?? 0 });
    },
  };
}
