// Trainyard in English, Spanish and French: the landing page, the setup page and
// the rules at 390x844 in each language, with no text overflowing its box and no
// English message left on a Spanish or French page; the language picker and
// `?lang=`; the first-time walkthrough offered once and reopened from Rules.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { keepScreenshot, served, startSolo, watchErrors } from './helpers-table';

const LOCALES = ['en', 'es', 'fr'] as const;
type Locale = (typeof LOCALES)[number];
const MESSAGES = path.join(process.cwd(), 'src/lib/ui/i18n/messages');

type Pattern = string | { selectors: string[]; match: Record<string, string> }[];
const read = (area: string, locale: Locale): Record<string, Pattern> =>
  JSON.parse(fs.readFileSync(path.join(MESSAGES, area, `${locale}.json`), 'utf8'));

/** The literal stretches of a message (between its placeholders), every variant of it. */
function pieces(pattern: Pattern): string[] {
  const texts = typeof pattern === 'string' ? [pattern] : Object.values(pattern[0]?.match ?? {});
  return texts.flatMap((t) => t.split(/\{[^}]*\}/).map((p) => p.trim()));
}

/** English text that would betray an untranslated message on a page in `locale`. */
function englishLeft(locale: Locale): string[] {
  const out = new Set<string>();
  for (const area of fs.readdirSync(MESSAGES)) {
    const en = read(area, 'en');
    const there = read(area, locale);
    for (const [key, pattern] of Object.entries(en)) {
      if (key === '$schema') continue;
      const theirs = pieces(there[key] ?? '').join('\n');
      for (const piece of pieces(pattern)) {
        if (piece.length >= 5 && !theirs.includes(piece)) out.add(piece);
      }
    }
  }
  return [...out];
}

/** Elements (under `root`) whose text runs out of their box, or past the page's right edge. */
async function overflows(page: Page, root = 'body'): Promise<string[]> {
  return page.evaluate((root) => {
    const found: string[] = [];
    const width = document.documentElement.clientWidth;
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
      if (!hasText || el.offsetParent === null) continue;
      const box = el.getBoundingClientRect();
      const label = `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
      if (el.scrollWidth > el.clientWidth + 1) found.push(`${label} overflows its box`);
      else if (box.right > width + 1) found.push(`${label} runs past the page`);
    }
    if (document.documentElement.scrollWidth > width + 1) found.push('the page scrolls sideways');
    return found;
  }, root);
}

async function phone(browser: Browser, locale: Locale) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: { en: 'en-US', es: 'es-MX', fr: 'fr-FR' }[locale],
  });
  return { context, page: await context.newPage() };
}

/** The page is in `locale` once hydrated: `<html lang>`, and a message of it shows. */
async function inLocale(page: Page, locale: Locale, testid: string, text: string): Promise<void> {
  await expect(page.locator('html')).toHaveAttribute('lang', locale);
  await expect(page.getByTestId(testid)).toContainText(text);
}

const SOLO = { en: 'Play solo', es: 'Jugar solo', fr: 'Jouer en solo' } as const;
const START = {
  en: 'Start the game',
  es: 'Empezar la partida',
  fr: 'Commencer la partie',
} as const;
const HOWTO = {
  en: 'How to play, step by step',
  es: 'Cómo se juega, paso a paso',
  fr: 'Comment jouer, pas à pas',
} as const;

for (const locale of LOCALES) {
  test(`landing, setup and rules in ${locale} at 390x844: nothing overflows, nothing left in English`, async ({
    browser,
  }) => {
    const { context, page } = await phone(browser, locale);
    const errors = watchErrors(page);
    const english = locale === 'en' ? [] : englishLeft(locale);
    const pages: [string, string, string][] = [
      ['', 'play-solo', SOLO[locale]],
      ['play?mode=solo', 'start-game', START[locale]],
      ['rules', 'howto-open', HOWTO[locale]],
    ];
    for (const [where, testid, text] of pages) {
      await page.goto(`${served()}${where}`);
      await inLocale(page, locale, testid, text);
      expect(await overflows(page), `${where || 'landing'} in ${locale}`).toEqual([]);
      const shown = await page.locator('body').innerText();
      const left = english.filter((piece) => shown.includes(piece));
      expect(left, `English on ${where || 'landing'} in ${locale}`).toEqual([]);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
}

test('the picker changes the language at once, is remembered, and ?lang= wins for a visit', async ({
  browser,
}) => {
  const { context, page } = await phone(browser, 'en');
  await page.goto(served());
  await inLocale(page, 'en', 'play-solo', SOLO.en);
  await page.getByTestId('language-select').selectOption('fr');
  await inLocale(page, 'fr', 'play-solo', SOLO.fr);
  await page.reload();
  await inLocale(page, 'fr', 'play-solo', SOLO.fr);
  await page.goto(`${served()}play?mode=solo&lang=es`);
  await inLocale(page, 'es', 'start-game', START.es);
  await page.goto(`${served()}play?mode=solo`);
  await inLocale(page, 'fr', 'start-game', START.fr);
  await context.close();
});

test('the walkthrough is offered once, on the first solo game, and reopens from Rules', async ({
  browser,
}, info) => {
  const { context, page } = await phone(browser, 'fr');
  const errors = watchErrors(page);
  await startSolo(page, { variant: 'mexican-train', options: { rounds: 1 } });
  await page.getByTestId('howto-offer').click();
  const howto = page.getByTestId('howto');
  await expect(howto).toBeVisible();
  await expect(howto).toContainText('Votre main');
  await keepScreenshot(page, info, 'howto-fr-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepScreenshot(page, info, 'howto-fr-1280');
  await page.setViewportSize({ width: 390, height: 844 });
  const steps: string[] = [];
  for (let i = 0; i < 6; i++) {
    steps.push((await howto.getAttribute('data-step')) ?? '');
    expect(await overflows(page, '[data-testid="howto"]')).toEqual([]);
    await page.getByTestId('howto-next').click();
  }
  expect(steps).toEqual(['hand', 'match', 'trains', 'doubles', 'draw', 'end']);
  await expect(howto).toBeHidden();

  // A second solo game: no offer.
  await startSolo(page, { variant: 'mexican-train', options: { rounds: 1 } });
  await expect(page.getByTestId('hand')).toBeVisible();
  await expect(page.getByTestId('howto-offer')).toHaveCount(0);

  // The language changes at a running table without a reload.
  await page.evaluate(() => Object.assign(window, { stillHere: true }));
  await page.getByRole('button', { name: 'Réglages' }).click();
  await page.getByTestId('language-select').selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('dialog')).toContainText('Ajustes');
  expect(await page.evaluate(() => 'stillHere' in window)).toBe(true);
  await page.getByRole('dialog').getByRole('button', { name: 'Listo' }).click();

  await page.goto(`${served()}rules`);
  await page.getByTestId('howto-open').click();
  await expect(howto).toBeVisible();
  await expect(howto).toContainText('Tu mano');
  await page.getByTestId('howto-skip').click();
  await expect(howto).toBeHidden();
  expect(errors).toEqual([]);
  await context.close();
});

test('screenshots: the landing page in Spanish', async ({ browser }, info) => {
  const { context, page } = await phone(browser, 'es');
  await page.goto(served());
  await inLocale(page, 'es', 'play-solo', SOLO.es);
  await keepScreenshot(page, info, 'landing-es-390');
  await page.setViewportSize({ width: 1280, height: 800 });
  await keepScreenshot(page, info, 'landing-es-1280');
  await context.close();
});
