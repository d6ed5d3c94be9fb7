// Lists and numbers in the active language, each formatter made once per language:
// the table's labels format on every update, and making one is slow.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { list, num, orList, units } from '$lib/ui/i18n/format';
import { current } from '$lib/ui/i18n/locale.svelte';

afterEach(() => {
  current.locale = 'en';
  vi.unstubAllGlobals();
});

/** Counts the formatters made from now on (Intl's own, counted on the way). */
function counted(): { numbers: number; lists: number } {
  const count = { numbers: 0, lists: 0 };
  const counting = <T extends object>(real: T, key: keyof typeof count): T =>
    new Proxy(real, {
      construct(target, args: unknown[]) {
        count[key]++;
        return Reflect.construct(target as new (...a: unknown[]) => object, args);
      },
    });
  const intl = Object.create(Intl) as typeof Intl;
  Object.assign(intl, {
    NumberFormat: counting(Intl.NumberFormat, 'numbers'),
    ListFormat: counting(Intl.ListFormat, 'lists'),
  });
  vi.stubGlobal('Intl', intl);
  return count;
}

describe('format', () => {
  it('writes lists and numbers in the active language', () => {
    current.locale = 'en';
    expect(list(['Ann', 'Bo', 'Cy'])).toBe('Ann, Bo, and Cy');
    expect(orList(['west', 'east'])).toBe('west or east');
    expect(num(1234)).toBe('1,234');
    current.locale = 'es';
    expect(list(['Ann', 'Bo', 'Cy'])).toBe('Ann, Bo y Cy');
    expect(orList(['oeste', 'este'])).toBe('oeste o este');
    expect(num(1234)).toBe('1234');
    current.locale = 'fr';
    expect(list(['Ann', 'Bo'])).toBe('Ann et Bo');
    expect(num(12345)).toMatch(/^12\s345$/);
    expect(units(['Ann 5-5', 'Bo 3-3'])).toContain('Bo 3-3');
  });

  it('makes each formatter once per language, however often it formats', () => {
    const made = counted();
    for (const locale of ['en', 'es', 'en'] as const) {
      current.locale = locale;
      for (let i = 0; i < 50; i++) {
        num(i);
        list(['a', 'b']);
        orList(['a', 'b']);
        units(['a', 'b']);
      }
    }
    // The first test made some already: at most one more per language and kind.
    expect(made.numbers).toBeLessThanOrEqual(2);
    expect(made.lists).toBeLessThanOrEqual(6);
  });
});
