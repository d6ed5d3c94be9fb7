import { error } from '@sveltejs/kit';
import { VARIANT_IDS } from '$lib/engine';
import { isVariantId } from '$lib/ui/variants';
import type { EntryGenerator, PageLoad } from './$types';

export const entries: EntryGenerator = () => VARIANT_IDS.map((variant) => ({ variant }));

export const load: PageLoad = ({ params }) => {
  if (!isVariantId(params.variant)) error(404, 'No such variant');
  return { variant: params.variant };
};
