// Lists and numbers in the active language, through Intl.
import { current } from './locale.svelte';

/** "Ann, Bo and Cy" / "Ann, Bo y Cy" / "Ann, Bo et Cy". */
export function list(items: readonly string[]): string {
  return new Intl.ListFormat(current.locale, { type: 'conjunction' }).format(items);
}

/** A number as the language writes it (1,234 / 1.234 / 1 234). */
export function num(n: number): string {
  return new Intl.NumberFormat(current.locale).format(n);
}

/** "the west end or the east end", in the active language. */
export function orList(items: readonly string[]): string {
  return new Intl.ListFormat(current.locale, { type: 'disjunction' }).format(items);
}

/** "Ann 5-5, Bo 3-3": a list of like items, no conjunction. */
export function units(items: readonly string[]): string {
  return new Intl.ListFormat(current.locale, { type: 'unit', style: 'short' }).format(items);
}
