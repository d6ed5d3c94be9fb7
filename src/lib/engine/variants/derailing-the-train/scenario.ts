// The scenario fields of a Derailing round (docs/scenarios.md): starting totals and
// the doubles already used as platforms.
import { isDouble, parseTile } from '../../tiles';
import type { TileId } from '../../tiles';
import type { ScenarioHooks } from '../../variant';
import { fail, ok } from '../../types';
import { allPlatformsUsed } from './scoring';
import { tileSetOf, update } from './state';
import type { DtState } from './state';

export const scenarioHooks: ScenarioHooks<DtState> = {
  prepareRound(state, round) {
    const set = tileSetOf(state);
    let next = state;
    if (round.scores) next = update(next, { scores: round.scores });
    if (round.platformsUsed) {
      const used: TileId[] = [...next.used];
      for (const text of round.platformsUsed) {
        const tile = parseTile(set, text);
        if (tile === null || !isDouble(set, tile)) {
          return fail('BAD_SUPPLY', 'DT-2', `platformsUsed: ${text} is not a double of the set`);
        }
        if (!used.includes(tile)) used.push(tile);
      }
      // DT-2: the game ends after the platform that uses the last unused double.
      if (allPlatformsUsed(set, used)) {
        return fail('BAD_SUPPLY', 'DT-2', 'platformsUsed: no double is left for a platform');
      }
      next = update(next, { used });
    }
    return ok(next);
  },
  answer(_state, need) {
    return fail('BAD_SUPPLY', 'C-4', `derailing-the-train asks only for deals, not ${need.kind}`);
  },
};
