// The game history in a player's words: each finished game's result, and how
// often this browser's player met and beat each opponent.
import type { FinishedGame } from '$lib/session/store/stored-table';

export interface OpponentStats {
  readonly name: string;
  readonly bot: FinishedGame['players'][number]['bot'];
  readonly played: number;
  /** Games this browser's player won (alone or shared) against them. */
  readonly won: number;
}

/** Whether a player of this browser is among the winners. */
export function wonBy(game: FinishedGame): boolean {
  return game.winners.some((seat) => game.players[seat]?.me === true);
}

/** A result's words, in the page's language. */
export interface ResultWords {
  readonly locale: string;
  readonly you: string;
  readonly none: string;
  readonly won: (names: string) => string;
}

/** "You won", "Casey won", "You and Pearl won" or "No winner" (a game ended early). */
export function resultText(game: FinishedGame, say: ResultWords): string {
  const names = game.winners.map((seat) => {
    const p = game.players[seat];
    return p?.me && game.players.filter((q) => q.me).length === 1 ? say.you : (p?.name ?? '?');
  });
  if (names.length === 0) return say.none;
  return say.won(new Intl.ListFormat(say.locale, { type: 'conjunction' }).format(names));
}

/** Every opponent met (bots by name and level), most games first. */
export function opponentStats(games: readonly FinishedGame[]): OpponentStats[] {
  const stats = new Map<
    string,
    { name: string; bot: OpponentStats['bot']; played: number; won: number }
  >();
  for (const game of games) {
    const won = wonBy(game);
    for (const p of game.players) {
      if (p.me) continue;
      const key = JSON.stringify([p.name, p.bot]);
      const s = stats.get(key) ?? { name: p.name, bot: p.bot, played: 0, won: 0 };
      s.played += 1;
      if (won) s.won += 1;
      stats.set(key, s);
    }
  }
  return [...stats.values()].sort((a, b) => b.played - a.played || a.name.localeCompare(b.name));
}

/** The game's signed record as a file, to download or to open on the replay page. */
export async function recordFile(game: FinishedGame): Promise<File> {
  // Loaded when asked for: the landing page lists games without the record's code.
  const { recordFileName, recordOf, recordText } = await import('$lib/record/format');
  const text = recordText(recordOf(game.segments, game.room));
  const name = recordFileName(game.room, game.segments.at(-1)?.game, new Date(game.finishedAt));
  return new File([text], name, { type: 'application/json' });
}
