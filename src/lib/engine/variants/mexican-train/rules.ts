// What differs between Mexican Train (MT-*) and its tournament rules (TT-*):
// one engine, two rule configurations.
import type { VariantId } from '../../registry';

export interface MtRules {
  readonly id: Extract<VariantId, 'mexican-train' | 'mexican-train-tournament'>;
  readonly title: string;
  readonly shortTitle: string;
  /** Players at the table (MT-1, TT-1). */
  readonly minPlayers: number;
  readonly maxPlayers: number;
  /** Hand size by the rules for this many players (MT-1, TT-1). */
  readonly handSize: (players: number) => number;
  readonly dealRule: 'MT-1' | 'TT-1';
  /** MT-2: the highest double held opens the round; TT-3: a fixed engine, laid face up. */
  readonly engine: 'callDown' | 'fixed';
  /** MT-4: a player's first turn may only begin their own train (TT-4: no restriction). */
  readonly firstTurnRestricted: boolean;
  /** MT-5: the Mexican Train is begun only once one's own train is; TT-4: anyone, any time. */
  readonly mexicanNeedsOwnTrain: boolean;
  /** MT-6: a double is satisfied at once by its player; TT-5: one more tile anywhere. */
  readonly afterDouble: 'satisfy' | 'extra';
  /** The rule binding the others to an unsatisfied double (MT-7, TT-6). */
  readonly pendingRule: 'MT-7' | 'TT-6';
  /** How results rank (MT-11: lowest total wins; TT-8: every place, lowest first). */
  readonly resultRule: 'MT-11' | 'TT-8';
  /** TT-9: a newcomer may join between rounds. */
  readonly newcomers: boolean;
}

export const MEXICAN_TRAIN: MtRules = {
  id: 'mexican-train',
  title: 'Mexican Train',
  shortTitle: 'Mexican Train',
  minPlayers: 2,
  maxPlayers: 8,
  // MT-1: 15 tiles for 2–4 players, 11 for 5–6, 8 for 7–8.
  handSize: (players) => (players <= 4 ? 15 : players <= 6 ? 11 : 8),
  dealRule: 'MT-1',
  engine: 'callDown',
  firstTurnRestricted: true,
  mexicanNeedsOwnTrain: true,
  afterDouble: 'satisfy',
  pendingRule: 'MT-7',
  resultRule: 'MT-11',
  newcomers: false,
};

export const TOURNAMENT: MtRules = {
  id: 'mexican-train-tournament',
  title: 'Mexican Train (tournament rules)',
  shortTitle: 'Mexican Train · tournament',
  minPlayers: 2,
  maxPlayers: 8,
  // TT-1: 12 tiles for up to 6 players, 10 for 7–8.
  handSize: (players) => (players <= 6 ? 12 : 10),
  dealRule: 'TT-1',
  engine: 'fixed',
  firstTurnRestricted: false,
  mexicanNeedsOwnTrain: false,
  afterDouble: 'extra',
  pendingRule: 'TT-6',
  resultRule: 'TT-8',
  newcomers: true,
};

export function rulesOf(id: VariantId): MtRules {
  return id === 'mexican-train-tournament' ? TOURNAMENT : MEXICAN_TRAIN;
}
