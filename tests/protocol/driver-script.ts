import type { DealContext } from '$lib/protocol/context';
import {
  runDeal,
  type DealAction,
  type DealRun,
  type DealRunOptions,
  type Tamper,
} from '$lib/protocol/deal-driver';
import { testSeed, tiles, unwrap } from './helpers';

export interface ScriptOptions {
  readonly seats: number;
  readonly deckSize: number;
  readonly hand: number;
  readonly actions: readonly DealAction[];
  readonly tamper?: Tamper;
  readonly game?: string;
}

export function scriptOptions(o: ScriptOptions): DealRunOptions {
  const ctx: DealContext = { game: o.game ?? 'game-1', round: 0, seats: o.seats };
  return {
    ctx,
    seeds: tiles(o.seats).map((i) => testSeed('seed', i)),
    signingSeeds: tiles(o.seats).map((i) => testSeed('sign', i)),
    deck: { set: 'double-12', tiles: tiles(o.deckSize) },
    hand: o.hand,
    actions: o.actions,
    ...(o.tamper ? { tamper: o.tamper } : {}),
  };
}

export function runScript(o: ScriptOptions): DealRun {
  return unwrap(runDeal(scriptOptions(o)));
}
