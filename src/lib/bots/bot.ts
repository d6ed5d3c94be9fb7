// Choosing a move at a given level; the same machinery hints moves to people.
import type { BaseState, Move } from '../engine';
import type { BotInput } from './input';
import { easyMove } from './easy';
import { hardMove } from './hard';
import type { BotLevel } from './levels';
import { mediumMove } from './medium';

export function chooseMove<S extends BaseState>(level: BotLevel, input: BotInput<S>): Move {
  switch (level) {
    case 'easy':
      return easyMove(input);
    case 'medium':
      return mediumMove(input);
    case 'hard':
      return hardMove(input);
  }
}

/** A suggested move for a person in the bot's position: the hard level's choice. */
export function hint<S extends BaseState>(input: BotInput<S>): Move {
  return hardMove(input);
}
