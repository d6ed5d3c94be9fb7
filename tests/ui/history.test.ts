// The game history in words: each game's result from this browser's side, and
// games played and won against each opponent (bots by name and level).
import { describe, expect, it } from 'vitest';
import type { FinishedGame } from '$lib/session/store/stored-table';
import { opponentStats, resultText, wonBy } from '$lib/ui/history';

type Player = FinishedGame['players'][number];
const me = (total = 0): Player => ({ name: 'Ada', bot: null, me: true, total });
const bot = (name: string, level: Player['bot'], total = 0): Player => ({
  name,
  bot: level,
  me: false,
  total,
});

function game(players: Player[], winners: number[]): FinishedGame {
  return { room: 'r', finishedAt: 1, variant: 'railominos', players, winners, segments: [] };
}

const ENGLISH = {
  locale: 'en',
  you: 'You',
  none: 'No winner',
  won: (names: string) => `${names} won`,
};
const SPANISH = { locale: 'es', you: 'Tú', none: 'Sin ganador', won: (n: string) => `Ganó ${n}` };

describe('history words', () => {
  it('says who won from this browser’s side', () => {
    expect(resultText(game([me(), bot('Casey', 'easy')], [0]), ENGLISH)).toBe('You won');
    expect(resultText(game([me(), bot('Casey', 'easy')], [1]), ENGLISH)).toBe('Casey won');
    expect(
      resultText(game([me(), bot('Casey', 'easy'), bot('Pearl', 'hard')], [0, 2]), ENGLISH),
    ).toBe('You and Pearl won');
    expect(resultText(game([me(), bot('Casey', 'easy')], []), ENGLISH)).toBe('No winner');
    // Pass and play: two people of this browser, named.
    const bea = { ...me(), name: 'Bea' };
    expect(resultText(game([me(), bea], [1]), ENGLISH)).toBe('Bea won');
    expect(wonBy(game([me(), bea], [1]))).toBe(true);
    // Names joined as the language joins them.
    expect(
      resultText(game([me(), bot('Casey', 'easy'), bot('Pearl', 'hard')], [0, 2]), SPANISH),
    ).toBe('Ganó Tú y Pearl');
  });

  it('counts games played and won against each opponent, a bot by name and level', () => {
    const games = [
      game([me(), bot('Casey', 'easy'), bot('Pearl', 'hard')], [0]),
      game([me(), bot('Casey', 'easy')], [1]),
      game([me(), bot('Casey', 'hard')], [0]),
      game([me(), { ...bot('Bob', null), bot: null }], [0]),
    ];
    expect(opponentStats(games)).toEqual([
      { name: 'Casey', bot: 'easy', played: 2, won: 1 },
      { name: 'Bob', bot: null, played: 1, won: 1 },
      { name: 'Casey', bot: 'hard', played: 1, won: 1 },
      { name: 'Pearl', bot: 'hard', played: 1, won: 1 },
    ]);
    expect(opponentStats([])).toEqual([]);
  });
});
