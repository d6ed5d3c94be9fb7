// Win rates with 95% Wilson intervals, and head-to-head series with seats alternating.
import type { BaseState, Options, Variant } from '../engine';
import type { BotLevel } from './levels';
import { playMatch } from './match';
import type { Decider } from './match';

export function wilson95(wins: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.959964;
  const p = wins / n;
  const denom = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / denom;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / denom;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

export interface SideResult {
  readonly level: BotLevel;
  readonly wins: number;
  readonly winRate: number;
  readonly ci95: [number, number];
  readonly avgScore: number;
}

export interface SeriesResult {
  readonly variant: string;
  readonly players: number;
  readonly games: number;
  readonly a: SideResult;
  readonly b: SideResult;
  readonly ties: number;
}

/**
 * Plays `games` games of bots a and b; seats alternate (a takes the even seats in
 * even games, the odd seats in odd ones), and each deal is played twice, once
 * each way round, so luck of the deal cancels out. A game won by seats of both
 * sides is a tie.
 */
export function series<S extends BaseState>(
  variant: Variant<S>,
  players: number,
  options: Options,
  a: BotLevel,
  b: BotLevel,
  games: number,
  seed = 1,
  decide?: Decider,
): SeriesResult {
  let winsA = 0;
  let winsB = 0;
  let ties = 0;
  let scoreA = 0;
  let scoreB = 0;
  let seatsA = 0;
  for (let g = 0; g < games; g++) {
    const sideOf = (seat: number) => ((seat + g) % 2 === 0 ? 'a' : 'b');
    const levels = Array.from({ length: players }, (_, s) => (sideOf(s) === 'a' ? a : b));
    const result = playMatch(variant, options, levels, seed + Math.floor(g / 2), decide);
    const sides = new Set(result.winners.map(sideOf));
    if (sides.size === 2) ties++;
    else if (sides.has('a')) winsA++;
    else if (sides.has('b')) winsB++;
    result.scores.forEach((score, s) => {
      if (sideOf(s) === 'a') {
        scoreA += score;
        seatsA++;
      } else scoreB += score;
    });
  }
  const side = (level: BotLevel, wins: number, score: number, seats: number): SideResult => ({
    level,
    wins,
    winRate: wins / games,
    ci95: wilson95(wins, games),
    avgScore: seats > 0 ? score / seats : 0,
  });
  return {
    variant: variant.id,
    players,
    games,
    a: side(a, winsA, scoreA, seatsA),
    b: side(b, winsB, scoreB, games * players - seatsA),
    ties,
  };
}
