// Seeded bot games whose move lists were recorded before the bots' heuristics
// switched to the engine's own helpers: the bots must play exactly as before.
import { chooseMove, playMatch } from '../../src/lib/bots';
import type { BotInput, BotLevel } from '../../src/lib/bots';
import { defaultOptions } from '../../src/lib/engine';
import type { BaseState, Move, Options, VariantId } from '../../src/lib/engine';
import { SMALL_GAMES } from './small-games';

/** A longer game for the Mexican Train and Derailing heuristics, medium bots only. */
const LONGER: Partial<Record<VariantId, Options>> = {
  'mexican-train': { set: 9, rounds: 2, handSize: 10 },
  'mexican-train-tournament': { set: 9, startDouble: 2, handSize: 10 },
  'derailing-the-train': { set: 6, handSize: 7 },
};

const LEVELS: readonly (readonly BotLevel[])[] = [
  ['hard', 'medium', 'easy'],
  ['medium', 'medium'],
];

/** A move in a few characters: `seat type tile target [yard replace]`. */
function short(m: Move): string {
  const tile = 'tile' in m ? ` ${m.tile}` : '';
  const where = m.type === 'play' ? ` ${m.target}${m.from ? ` yard ${m.replace}` : ''}` : '';
  return `${m.seat} ${m.type}${tile}${where}`;
}

/** Every game as `variant/levels/players/seed` → its moves. */
export function goldenGames(): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const game of SMALL_GAMES) {
    const runs: [readonly BotLevel[], Options, number][] = [];
    for (const levels of LEVELS) {
      for (const seed of [1, 2, 3]) runs.push([levels, game.options(levels.length), seed]);
    }
    const longer = LONGER[game.id];
    if (longer) {
      for (const seed of [4, 5]) {
        runs.push([
          ['medium', 'medium', 'medium', 'medium'],
          defaultOptions(game.variant, 4, longer),
          seed,
        ]);
      }
    }
    for (const [levels, options, seed] of runs) {
      const moves: string[] = [];
      const decide = <S extends BaseState>(level: BotLevel, input: BotInput<S>): Move => {
        const move = chooseMove(level, input);
        moves.push(short(move));
        return move;
      };
      playMatch(game.variant, options, levels, seed, decide);
      out[`${game.id}/${levels.join(',')}/${levels.length}p/${seed}`] = moves;
    }
  }
  return out;
}
