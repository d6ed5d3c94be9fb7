// What the pages say about each variant: its name, a line about it, how many play.
import { VARIANT_IDS, variantOf, type VariantId } from '$lib/engine';

export interface VariantInfo {
  readonly id: VariantId;
  readonly name: string;
  readonly blurb: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
}

const BLURBS: Readonly<Record<VariantId, string>> = {
  'mexican-train':
    'The classic: build your own train from the hub, ride the Mexican Train, and shed your pips over up to 13 rounds.',
  'mexican-train-tournament':
    'Tournament play with a fixed engine each round, stacked doubles and one more tile after every double.',
  'derailing-the-train':
    'Doubles are derailers: drop one on a rival’s train and only a matching tile puts it back on track.',
  'engine-191':
    'Lines and stations from the main station, score yards in the open, and track you can tear up.',
  railominos:
    'Railroad names instead of pips: one line through the leader, points for open doubles and matched ends, and the wild FRISCO.',
};

export const VARIANTS: readonly VariantInfo[] = VARIANT_IDS.map((id) => {
  const v = variantOf(id);
  return {
    id,
    name: v.title,
    blurb: BLURBS[id],
    minPlayers: v.minPlayers,
    maxPlayers: v.maxPlayers,
  };
});

export function variantInfo(id: VariantId): VariantInfo {
  return VARIANTS.find((v) => v.id === id) ?? (VARIANTS[0] as VariantInfo);
}

export function isVariantId(text: string | null): text is VariantId {
  return text !== null && (VARIANT_IDS as readonly string[]).includes(text);
}
