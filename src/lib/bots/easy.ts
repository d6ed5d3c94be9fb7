// Easy: a random legal move, with a small bias to play rather than draw or pass.
import type { Move } from '../engine';
import { isPlay } from './input';
import type { BotInput } from './input';

const PLAY_BIAS = 0.75;

export function easyMove(input: BotInput): Move {
  const { legal, rng } = input;
  const plays = legal.filter(isPlay);
  const pool = plays.length > 0 && rng.next() < PLAY_BIAS ? plays : legal;
  return pool[rng.int(pool.length)] as Move;
}
