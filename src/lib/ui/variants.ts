// What the pages say about each variant: its name and how many play.
import { VARIANT_IDS, variantOf, type VariantId } from '$lib/engine';

export { isVariantId } from '$lib/engine';

export interface VariantInfo {
  readonly id: VariantId;
  readonly name: string;
  readonly minPlayers: number;
  readonly maxPlayers: number;
}

export const VARIANTS: readonly VariantInfo[] = VARIANT_IDS.map((id) => {
  const v = variantOf(id);
  return { id, name: v.title, minPlayers: v.minPlayers, maxPlayers: v.maxPlayers };
});

export function variantInfo(id: VariantId): VariantInfo {
  return VARIANTS.find((v) => v.id === id) ?? (VARIANTS[0] as VariantInfo);
}
