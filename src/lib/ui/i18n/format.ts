// Lists and numbers in the active language, through Intl. Each formatter is made
// once per language: making one is slow (the table's first render made one per
// tile label and per count, most of that render's time on a throttled CPU).
import { current, type Locale } from './locale.svelte';

type ListKind = 'conjunction' | 'disjunction' | 'unit';

const numbers = new Map<Locale, Intl.NumberFormat>();
const lists = new Map<string, Intl.ListFormat>();

function listFormat(kind: ListKind): Intl.ListFormat {
  const key = `${current.locale}|${kind}`;
  let format = lists.get(key);
  if (!format) {
    format = new Intl.ListFormat(
      current.locale,
      kind === 'unit' ? { type: 'unit', style: 'short' } : { type: kind },
    );
    lists.set(key, format);
  }
  return format;
}

/** "Ann, Bo and Cy" / "Ann, Bo y Cy" / "Ann, Bo et Cy". */
export function list(items: readonly string[]): string {
  return listFormat('conjunction').format(items);
}

/** A number as the language writes it (1,234 / 1.234 / 1 234). */
export function num(n: number): string {
  let format = numbers.get(current.locale);
  if (!format) {
    format = new Intl.NumberFormat(current.locale);
    numbers.set(current.locale, format);
  }
  return format.format(n);
}

/** "the west end or the east end", in the active language. */
export function orList(items: readonly string[]): string {
  return listFormat('disjunction').format(items);
}

/** "Ann 5-5, Bo 3-3": a list of like items, no conjunction. */
export function units(items: readonly string[]): string {
  return listFormat('unit').format(items);
}
