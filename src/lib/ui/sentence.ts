import { current } from './i18n/locale.svelte';

/** A detail ("the code is cut off") as a sentence to show: capitalised, with a full stop. */
export function sentence(detail: string): string {
  return `${detail[0]?.toUpperCase() ?? ''}${detail.slice(1)}.`;
}

/** A detail no code carries (a refusal's, a desync's), written in English: shown only there. */
export function englishDetail(detail: string): string | null {
  return current.locale === 'en' && detail !== '' ? detail : null;
}
