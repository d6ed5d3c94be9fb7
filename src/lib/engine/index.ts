// engine: the pure, deterministic rules of every variant (tiles, sets, moves,
// scoring, rounds) on player views. Imports nothing of ours; no DOM, network,
// time or Math.random.
export * from './tiles';
export * from './types';
export * from './cards';
export * from './canonical';
export * from './game';
export type * from './variant';
export * from './registry';
export { runScenario, moveJson } from './scenario';
export * from './rng';
export * from './view';
export * from './table';
export * from './seated';
export * from './base';
export { checkOptionSpecs } from './options';
export { EVENT_KINDS, eventsOf, performWithEvents, roundResult, supplyWithEvents } from './events';
export type { Centre, EventKind, EventOf, GameEvent, Happened, RoundResult } from './events';
export type { EventRules, Lane, MoveDetails, Pending } from './step-events';
