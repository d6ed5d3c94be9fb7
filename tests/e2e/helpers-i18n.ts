// What the language suites share: the messages of each language, the English a
// Spanish or French page must not show, text that overflows its box, and pages
// opened in a language.
import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect } from './fixtures';

export const LOCALES = ['en', 'es', 'fr'] as const;
export type Locale = (typeof LOCALES)[number];
const MESSAGES = path.join(process.cwd(), 'src/lib/ui/i18n/messages');

type Pattern = string | { selectors: string[]; match: Record<string, string> }[];
export const read = (area: string, locale: Locale): Record<string, Pattern> =>
  JSON.parse(fs.readFileSync(path.join(MESSAGES, area, `${locale}.json`), 'utf8'));

/** The literal stretches of a message (between its placeholders), every variant of it. */
function pieces(pattern: Pattern): string[] {
  const texts = typeof pattern === 'string' ? [pattern] : Object.values(pattern[0]?.match ?? {});
  return texts.flatMap((t) => t.split(/\{[^}]*\}/).map((p) => p.trim()));
}

/**
 * English text that would betray an untranslated message on a page in `locale`
 * (not a word the language shares, like "scores" in French).
 */
export function englishLeft(locale: Locale): string[] {
  const out = new Set<string>();
  const theirs = fs
    .readdirSync(MESSAGES)
    .flatMap((area) => Object.values(read(area, locale)).flatMap(pieces))
    .join('\n');
  for (const area of fs.readdirSync(MESSAGES)) {
    const en = read(area, 'en');
    const there = read(area, locale);
    for (const [key, pattern] of Object.entries(en)) {
      if (key === '$schema') continue;
      const translated = pieces(there[key] ?? '').join('\n');
      for (const piece of pieces(pattern)) {
        if (piece.length >= 5 && !translated.includes(piece) && !theirs.includes(piece)) {
          out.add(piece);
        }
      }
    }
  }
  return [...out];
}

/** Elements (under `root`) whose text runs out of their box, or past the page's right edge. */
export async function overflows(page: Page, root = 'body'): Promise<string[]> {
  return page.evaluate((root) => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
    // Read out, not seen (.sr-only, SvelteKit's route announcer): clipped to nothing on purpose.
    const unseen = (el: HTMLElement): boolean => {
      for (let e: HTMLElement | null = el; e; e = e.parentElement) {
        const style = getComputedStyle(e);
        if (style.clipPath === 'inset(50%)' || style.clip === 'rect(0px, 0px, 0px, 0px)') {
          return true;
        }
      }
      return false;
    };
    // Inside a strip that scrolls sideways (the players, the hand): reached by scrolling.
    const scrolls = (el: HTMLElement): boolean => {
      for (let e = el.parentElement; e; e = e.parentElement) {
        const x = getComputedStyle(e).overflowX;
        if (x === 'auto' || x === 'scroll') return true;
      }
      return false;
    };
    for (const el of document.querySelectorAll<HTMLElement>(`${root} *`)) {
      const style = getComputedStyle(el);
      if (
        style.display === 'inline' ||
        style.display === 'none' ||
        el.closest('dialog:not([open])')
      )
        continue;
      const hasText = [...el.childNodes].some(
        (n) => n.nodeType === Node.TEXT_NODE && (n.textContent ?? '').trim() !== '',
      );
      if (!hasText || el.offsetParent === null || unseen(el)) continue;
      const box = el.getBoundingClientRect();
      const label = `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
      // A deliberate ellipsis (the state hash's start) is not text cut off by a translation.
      const cut = el.scrollWidth > el.clientWidth + 1 && style.textOverflow !== 'ellipsis';
      if (cut) found.push(`${label} overflows its box`);
      else if (box.right > width + 1 && !scrolls(el)) found.push(`${label} runs past the page`);
    }
    if (document.documentElement.scrollWidth > width + 1) found.push('the page scrolls sideways');
    return found;
  }, root);
}

/** What a page says, seen or read out: its text, title, aria-labels, titles and placeholders. */
async function said(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attrs = ['aria-label', 'title', 'placeholder'];
    const labelled = [...document.querySelectorAll('[aria-label], [title], [placeholder]')];
    return [
      document.title,
      document.body.innerText,
      ...labelled.flatMap((el) => attrs.map((a) => el.getAttribute(a) ?? '')),
    ].join('\n');
  });
}

/** The English messages still on the page (none, for an English page). */
async function englishOn(page: Page, english: readonly string[]): Promise<string[]> {
  const text = await said(page);
  return english.filter((piece) => text.includes(piece));
}

/** Nothing overflows and nothing is left in English on the page as it is now. */
export async function expectTranslated(page: Page, english: readonly string[], what: string) {
  expect(await overflows(page), `${what}: overflow`).toEqual([]);
  expect(await englishOn(page, english), `${what}: English left`).toEqual([]);
}

export async function phone(browser: Browser, locale: Locale) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: { en: 'en-US', es: 'es-MX', fr: 'fr-FR' }[locale],
  });
  return { context, page: await context.newPage() };
}

/** The page is in `locale` once hydrated: `<html lang>`, and a message of it shows. */
export async function inLocale(
  page: Page,
  locale: Locale,
  testid: string,
  text: string,
): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.getByTestId(testid)).toContainText(text);
}

export const SOLO = { en: 'Play solo', es: 'Jugar solo', fr: 'Jouer en solo' } as const;
export const START = {
  en: 'Start the game',
  es: 'Empezar la partida',
  fr: 'Commencer la partie',
} as const;
export const CREATE = {
  en: 'Create a table',
  es: 'Crear una mesa',
  fr: 'Créer une table',
} as const;
export const PLAY = {
  en: 'Play it against bots',
  es: 'Jugarlo contra bots',
  fr: 'Y jouer contre des robots',
} as const;
export const VARIANTS = [
  'mexican-train',
  'mexican-train-tournament',
  'derailing-the-train',
  'engine-191',
  'railominos',
] as const;
export const HOWTO = {
  en: 'How to play, step by step',
  es: 'Cómo se juega, paso a paso',
  fr: 'Comment jouer, pas à pas',
} as const;
