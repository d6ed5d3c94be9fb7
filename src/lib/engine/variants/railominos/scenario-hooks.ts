// How a scenario round (docs/scenarios.md) fixes what chance decides in railominos:
// the leader, written west end first, and the first player.
import { FRISCO, parseSuit, tileOf } from '../../tiles';
import { fail, ok } from '../../types';
import type { Result } from '../../types';
import type { Need, ScenarioHooks, ScenarioRound, Supply } from '../../variant';
import { SET } from './layout';
import { layoutOf } from './state';
import type { Leader, RailominosState } from './state';

function parseLeader(text: string): Result<Leader> {
  if (text.trim().toUpperCase() === FRISCO) {
    return fail('BAD_SUPPLY', 'R-2', 'leader: FRISCO is never the leader (R-2)');
  }
  const [west, east, ...more] = text.split('-').map((p) => parseSuit(SET, p));
  if (typeof west !== 'number' || typeof east !== 'number' || more.length > 0) {
    return fail('BAD_SUPPLY', null, `leader: ${JSON.stringify(text)} is not a railominos piece`);
  }
  return ok({ tile: tileOf(west, east), west, east });
}

export const scenarioHooks: ScenarioHooks<RailominosState> = {
  prepareRound(state: RailominosState, round: ScenarioRound, first: boolean) {
    let s = state;
    if (first && round.scores) s = { ...s, scores: round.scores };
    // a round's firstPlayer overrides the rotation; later rounds rotate from it.
    if (round.firstPlayer !== undefined) s = { ...s, firstPlayer: round.firstPlayer };
    if (round.leader !== undefined) {
      const leader = parseLeader(round.leader);
      if (!leader.ok) return leader;
      s = { ...s, layout: layoutOf(leader.value) };
    }
    return ok(s);
  },

  answer(state: RailominosState, need: Need, round: ScenarioRound): Result<Supply> {
    switch (need.kind) {
      case 'reveal': {
        // Without a `leader` field the top of the listed boneyard is turned.
        const top = state.boneyard[0];
        if (!top || top.tile === null) {
          return fail(
            'BAD_SUPPLY',
            'R-2',
            'leader: give the round a leader or a boneyard to turn it from',
          );
        }
        return ok({ kind: 'reveal', pos: top.pos, tile: top.tile });
      }
      case 'firstPlayer':
        return ok({ kind: 'firstPlayer', seat: round.firstPlayer ?? 0 });
      default:
        return fail('BAD_SUPPLY', null, `railominos scenarios do not answer a ${need.kind} need`);
    }
  },
};
