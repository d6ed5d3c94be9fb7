// bots: pure players. Given a player's view, its legal moves and a seeded random
// source, choose a move. May import the engine only.
export { BOT_LEVELS } from './levels';
export type { BotLevel } from './levels';
export type { BotInput } from './input';
export { chooseMove, hint } from './bot';
export { sampleWorld } from './determinize';
export { budgetFor } from './heuristics';
export type { SearchBudget } from './heuristics';
export { autoplay, botInput, playMatch } from './match';
export type { Decider, MatchResult } from './match';
export { series, wilson95 } from './stats';
export type { SeriesResult, SideResult } from './stats';
