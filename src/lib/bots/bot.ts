// Choosing a move at a given level; the same machinery hints moves to people.
import type { BaseState, Card, Move, Seat } from '../engine';
import type { BotInput } from './input';
import { easyMove } from './easy';
import { hardMove } from './hard';
import type { BotLevel } from './levels';
import { mediumMove } from './medium';

/**
 * `state` as `seat` may see it: other hands and the boneyard hidden except the
 * positions disclosed to it (`seen`). The same object when there is nothing to hide.
 */
function ownView<S extends BaseState>(state: S, seat: Seat, seen: ReadonlySet<number>): S {
  const shown = (c: Card) => c.tile === null || seen.has(c.pos);
  const clean =
    state.hands.every((h, s) => s === seat || h.every(shown)) && state.boneyard.every(shown);
  if (clean) return state;
  const hide = (c: Card): Card => (shown(c) ? c : { pos: c.pos, tile: null });
  return {
    ...state,
    hands: state.hands.map((h, s) => (s === seat ? h : h.map(hide))),
    boneyard: state.boneyard.map(hide),
  };
}

/** The input with no tile the seat has not been shown, in the view and in its history. */
function masked<S extends BaseState>(input: BotInput<S>): BotInput<S> {
  const { view, seat, history } = input;
  const seen = new Set(history?.revealed.map(([pos]) => pos));
  const start = history ? ownView(history.start, seat, new Set()) : null;
  return {
    ...input,
    view: ownView(view, seat, seen),
    history: history && start && start !== history.start ? { ...history, start } : history,
  };
}

export function chooseMove<S extends BaseState>(level: BotLevel, input: BotInput<S>): Move {
  const own = masked(input);
  switch (level) {
    case 'easy':
      return easyMove(own);
    case 'medium':
      return mediumMove(own);
    case 'hard':
      return hardMove(own);
  }
}

/** A suggested move for a person in the bot's position: the hard level's choice. */
export function hint<S extends BaseState>(input: BotInput<S>): Move {
  return chooseMove('hard', input);
}
