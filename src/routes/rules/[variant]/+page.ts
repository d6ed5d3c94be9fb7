import { error } from '@sveltejs/kit';
import { VARIANT_IDS } from '$lib/engine';
import { current } from '$lib/ui/i18n/locale.svelte';
import { load as loadRules } from '$lib/ui/i18n/rules';
import { load as loadSite } from '$lib/ui/i18n/site';
import { isVariantId, variantRules } from '$lib/ui/variants';
import type { EntryGenerator, PageLoad } from './$types';

export const entries: EntryGenerator = () => VARIANT_IDS.map((variant) => ({ variant }));

export const load: PageLoad = async ({ params }) => {
  if (!isVariantId(params.variant)) error(404, 'No such variant');
  const [rules] = await Promise.all([
    variantRules(params.variant),
    loadSite(current.locale),
    loadRules(current.locale),
  ]);
  return { variant: params.variant, rules };
};
