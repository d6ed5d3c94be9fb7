// The language boot script of src/app.html chooses as pickLocale does, points
// the manifest link at that language's manifest as manifestHref does, and the
// site's policy allows it by hash.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import config from '../../svelte.config.js';
import { manifestHref, pickLocale } from '../../src/lib/ui/i18n/locale.svelte';

const template = readFileSync(new URL('../../src/app.html', import.meta.url), 'utf8');
const script = [...template.matchAll(/<script>([\s\S]*?)<\/script>/g)][1]?.[1] ?? '';

const MANIFEST = '../manifest.en.webmanifest';

/** Runs the boot script: the page's language and the manifest link's address. */
function booted(
  query: string,
  stored: string | null,
  languages: string[],
): { lang: string; manifest: string } {
  const html = { lang: 'en' };
  let manifest = MANIFEST;
  const link = {
    getAttribute: (name: string) => (name === 'href' ? manifest : null),
    setAttribute: (name: string, value: string) => {
      if (name === 'href') manifest = value;
    },
  };
  vm.runInNewContext(script, {
    URLSearchParams,
    location: { search: query },
    localStorage: { getItem: () => stored },
    navigator: { languages },
    document: {
      documentElement: html,
      querySelector: (s: string) => (s === 'link[rel="manifest"]' ? link : null),
    },
  });
  return { lang: html.lang, manifest };
}

const boot = (query: string, stored: string | null, languages: string[]): string =>
  booted(query, stored, languages).lang;

const CASES: [string, string | null, string[]][] = [
  ['', null, ['es-MX', 'en']],
  ['', null, ['de-DE', 'fr-CA', 'es']],
  ['', null, ['de', 'pt']],
  ['', 'fr', ['es-ES']],
  ['', 'xx', ['es-ES']],
  ['?lang=es', 'fr', ['en-US']],
  ['?lang=de', 'fr', ['en-US']],
  ['?lang=ES', null, ['FR-fr']],
];

describe('the language boot script', () => {
  it.each(CASES)('query %j, stored %j, browser %j: as pickLocale', (query, stored, languages) => {
    const q = new URLSearchParams(query).get('lang');
    expect(boot(query, stored, languages)).toBe(pickLocale(q, stored, languages));
  });

  it.each(CASES)(
    'query %j, stored %j, browser %j: the manifest as manifestHref',
    (query, stored, languages) => {
      const q = new URLSearchParams(query).get('lang');
      const lang = pickLocale(q, stored, languages);
      expect(booted(query, stored, languages).manifest).toBe(manifestHref(MANIFEST, lang));
    },
  );

  it('points the manifest link at the chosen language', () => {
    expect(booted('?lang=es', null, ['en']).manifest).toBe('../manifest.es.webmanifest');
    expect(booted('', null, ['fr-CA']).manifest).toBe('../manifest.fr.webmanifest');
    expect(booted('', null, ['de']).manifest).toBe('../manifest.en.webmanifest');
    expect(manifestHref('./manifest.fr.webmanifest', 'en')).toBe('./manifest.en.webmanifest');
  });

  it('picks the first supported browser language, else English', () => {
    expect(boot('', null, ['de-DE', 'fr-CA', 'es'])).toBe('fr');
    expect(boot('', null, ['de'])).toBe('en');
  });

  it('is allowed by hash in the site policy', () => {
    const hash = `sha256-${createHash('sha256').update(script).digest('base64')}`;
    expect(script).toContain('trainyard.lang');
    expect(config.kit?.csp?.directives?.['script-src']).toContain(hash);
  });
});
