// Short games of every variant for the bot tests: one round (or few small
// platforms), so that hard bots finish a game in well under a second.
import { VARIANT_IDS, defaultOptions, variantOf } from '../../src/lib/engine';
import type { Options, Variant, VariantId } from '../../src/lib/engine';

const SHORT: Readonly<Record<VariantId, Options>> = {
  'mexican-train': { rounds: 1, handSize: 8 },
  'mexican-train-tournament': { startDouble: 1, handSize: 8 },
  'derailing-the-train': { set: 4, handSize: 5 },
  'engine-191': { tokensToWin: 1 },
  railominos: { rounds: 2 },
};

export interface SmallGame {
  readonly id: VariantId;
  readonly variant: Variant;
  readonly options: (players: number) => Options;
}

export const SMALL_GAMES: readonly SmallGame[] = VARIANT_IDS.map((id) => {
  const variant = variantOf(id);
  return { id, variant, options: (players) => defaultOptions(variant, players, SHORT[id]) };
});
