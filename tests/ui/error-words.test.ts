// The error page speaks the player's language for every status: not only 404 and
// offline, but a bad link (4xx) and a page that failed (5xx, a module that would
// not load), where SvelteKit's own message is English.
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_KINDS, errorKind, errorWords } from '$lib/ui/error-words';
import { load as loadApp } from '$lib/ui/i18n/app';
import { current, LOCALES } from '$lib/ui/i18n/locale.svelte';

beforeAll(() => Promise.all(LOCALES.map((l) => loadApp(l))));

const STATUSES = Array.from({ length: 200 }, (_, i) => 400 + i);

describe('errorKind', () => {
  it.each([
    [404, true, 'not-found'],
    [410, false, 'not-found'],
    [400, true, 'request'],
    [403, true, 'request'],
    [429, true, 'request'],
    [500, true, 'other'],
    [503, true, 'other'],
    [500, false, 'offline'],
    [403, false, 'offline'],
  ] as const)('%i, online %s: %s', (status, online, kind) => {
    expect(errorKind(status, online)).toBe(kind);
  });

  it('a page whose code did not arrive is told apart, unless offline says more', () => {
    expect(errorKind(500, true, true)).toBe('load');
    expect(errorKind(500, false, true)).toBe('offline');
    expect(errorKind(404, true, true)).toBe('not-found');
  });
});

describe('errorWords', () => {
  it.each(LOCALES)(
    'every status has a title and a text in %s, none of them English but in en',
    (locale) => {
      current.locale = locale;
      const english = (kind: (typeof ERROR_KINDS)[number]) => {
        current.locale = 'en';
        const words = errorWords(kind);
        current.locale = locale;
        return words;
      };
      for (const status of STATUSES) {
        for (const [online, load] of [
          [true, false],
          [false, false],
          [true, true],
        ] as const) {
          const kind = errorKind(status, online, load);
          const words = errorWords(kind);
          expect(words.title.length, `${status} title`).toBeGreaterThan(5);
          expect(words.text.length, `${status} text`).toBeGreaterThan(20);
          if (locale !== 'en') {
            expect(words.title).not.toBe(english(kind).title);
            expect(words.text).not.toBe(english(kind).text);
          }
        }
      }
      current.locale = 'en';
    },
  );

  it('a failed page (500) says what to do, not "Internal Error"', () => {
    current.locale = 'en';
    expect(errorWords(errorKind(500, true))).toEqual({
      title: 'Something went wrong',
      text: 'The page stopped before it could show. Reloading it usually helps; your saved tables are kept.',
    });
    current.locale = 'es';
    expect(errorWords(errorKind(400, true)).title).toBe('Esta dirección no funciona');
    current.locale = 'fr';
    expect(errorWords(errorKind(502, true)).text).toContain('La recharger suffit souvent');
    current.locale = 'en';
  });
});
