// The language of the pages: English, Spanish or French. The browser's languages
// pick the first we have; a choice made on the site (the picker) is remembered on
// this browser; a link's `?lang=` wins for that visit. src/app.html's boot script
// makes the same choice before the app starts, so `<html lang>` is right at once.
// Only words change: nothing here goes over the wire or into a game's record.

export const LOCALES = ['en', 'es', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];

/** Each language by its own name (the picker shows them so). */
export const LOCALE_NAMES: Readonly<Record<Locale, string>> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
};

export const LANG_KEY = 'trainyard.lang';

export function isLocale(text: unknown): text is Locale {
  return typeof text === 'string' && (LOCALES as readonly string[]).includes(text);
}

/** A link's `?lang=`, then the remembered choice, then the browser's languages in order. */
export function pickLocale(
  query: string | null,
  stored: string | null,
  languages: readonly string[],
): Locale {
  if (isLocale(query)) return query;
  if (isLocale(stored)) return stored;
  for (const tag of languages) {
    const base = tag.toLowerCase().split('-')[0];
    if (isLocale(base)) return base;
  }
  return 'en';
}

/** The manifest link's address for `locale` (`…/manifest.en.webmanifest` → `…/manifest.es.webmanifest`). */
export function manifestHref(href: string, locale: Locale): string {
  return href.replace(/manifest\.\w+\.webmanifest$/, `manifest.${locale}.webmanifest`);
}

type Loader = (locale: Locale) => Promise<void>;

class Current {
  locale = $state<Locale>('en');
}

/** The active language (reactive). */
export const current = new Current();
// Not reactive state: the loaders registered once per area module.
const areas: Loader[] = [];

/** An area's loader registers here, so a change of language loads every area in use. */
export function register(load: Loader): void {
  areas.push(load);
}

/** The language the boot script chose for this page (in the browser), else English. */
export function bootLocale(): Locale {
  const lang = typeof document === 'undefined' ? null : document.documentElement.lang;
  return isLocale(lang) ? lang : 'en';
}

/** Switch language without a reload; remembered when `remember`. */
export async function setLocale(locale: Locale, remember = true): Promise<void> {
  if (remember) {
    try {
      localStorage.setItem(LANG_KEY, locale);
    } catch {
      // Private mode or a full disk: the choice still holds for this page.
    }
  }
  await Promise.all(areas.map((load) => load(locale)));
  current.locale = locale;
  document.documentElement.lang = locale;
  const link = document.querySelector('link[rel="manifest"]');
  const href = link?.getAttribute('href');
  if (link && href) link.setAttribute('href', manifestHref(href, locale));
}
