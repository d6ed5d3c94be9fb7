// `npm run bench` → bots: per variant, 2-player head-to-head series (each deal
// played twice, seats swapped) of hard vs medium and medium vs easy, with win
// rates and 95% Wilson intervals, and the time the hard level takes per
// decision. Games use each variant's shortest-game options (`gameOptions`) so
// the whole section fits in about half an hour on two busy cores;
// BENCH_BOTS_GAMES scales the number of games down for quick runs.
import { chooseMove, series } from '../src/lib/bots';
import type { BotInput, BotLevel, SeriesResult } from '../src/lib/bots';
import { VARIANT_IDS, defaultOptions, variantOf } from '../src/lib/engine';
import type { BaseState, Move, Options, VariantId } from '../src/lib/engine';

const GAMES = Number(process.env.BENCH_BOTS_GAMES ?? 1000);
const PLAYERS = 2;

/** What one game is in these measurements. */
const GAME_OPTIONS: Readonly<Record<VariantId, Options>> = {
  // MT-2: one round instead of 13.
  'mexican-train': { rounds: 1 },
  // TT-3: start at the 0-0, which is then the only round.
  'mexican-train-tournament': { startDouble: 0 },
  // DT-1/DT-2: a double-6 set (7 platforms) instead of double-9 (10), hands of 10 as usual.
  'derailing-the-train': { set: 6 },
  // E-12: the first round's token wins.
  'engine-191': { tokensToWin: 1 },
  // the full three-round game.
  railominos: { rounds: 3 },
};

const TARGET = 0.6;
const MAX_MS = 300;

function side(r: SeriesResult, key: 'a' | 'b') {
  const s = r[key];
  const round = (x: number) => Number(x.toFixed(3));
  return {
    level: s.level,
    wins: s.wins,
    winRate: round(s.winRate),
    ci95: s.ci95.map(round),
    avgScore: Number(s.avgScore.toFixed(2)),
  };
}

function head2head(r: SeriesResult) {
  return { games: r.games, a: side(r, 'a'), b: side(r, 'b'), ties: r.ties };
}

function percentile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

export async function run(): Promise<Record<string, unknown>> {
  const variants: Record<string, unknown> = {};
  let met = true;
  for (const id of VARIANT_IDS) {
    const variant = variantOf(id);
    const options = defaultOptions(variant, PLAYERS, GAME_OPTIONS[id]);
    const ms: number[] = [];
    // Only decisions with a choice are timed: with one legal move there is nothing to decide.
    const timed = <S extends BaseState>(level: BotLevel, input: BotInput<S>): Move => {
      if (level !== 'hard' || input.legal.length < 2) return chooseMove(level, input);
      const start = performance.now();
      const move = chooseMove(level, input);
      ms.push(performance.now() - start);
      return move;
    };
    const started = performance.now();
    const hard = series(variant, PLAYERS, options, 'hard', 'medium', GAMES, 1, timed);
    const medium = series(variant, PLAYERS, options, 'medium', 'easy', GAMES, 1);
    ms.sort((x, y) => x - y);
    const max = ms[ms.length - 1] ?? 0;
    const meets = hard.a.winRate >= TARGET && medium.a.winRate >= TARGET && max <= MAX_MS;
    met &&= meets;
    variants[id] = {
      gameOptions: GAME_OPTIONS[id],
      hardVsMedium: head2head(hard),
      mediumVsEasy: head2head(medium),
      hardMsPerDecision: {
        decisions: ms.length,
        mean: Number((ms.reduce((a, b) => a + b, 0) / Math.max(1, ms.length)).toFixed(2)),
        p95: Number(percentile(ms, 0.95).toFixed(2)),
        max: Number(max.toFixed(2)),
      },
      meetsTarget: meets,
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
    };
    console.error(`bench bots: ${id} done`);
  }
  return {
    target: `2 players: hard beats medium and medium beats easy in ≥${TARGET * 100}% of games; hard ≤${MAX_MS} ms per decision`,
    players: PLAYERS,
    gamesPerPairing: GAMES,
    game: 'one game under gameOptions; each deal is played twice with the seats swapped',
    allMeetTarget: met,
    variants,
  };
}
