// Errors in the player's language: a session error's English sentence is shown
// in English only; in Spanish and French its stable code speaks (every code of
// the session and the engine has a message in every language), and details no
// code carries (a refusal's, a desync's) are left out rather than shown in English.
// The same for a record file the replay page cannot read. A refusal's rule id is
// also said in the rule's own words, as the rules pages give it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '$lib/engine';
import { SESSION_ERROR_CODES } from '$lib/session';
import { PROTOCOL_ERROR_CODES } from '$lib/protocol';
import { RECORD_ERROR_CODES } from '$lib/record';
import { load as loadGame } from '$lib/ui/i18n/game';
import site, { load as loadSite } from '$lib/ui/i18n/site';
import { current, LOCALES } from '$lib/ui/i18n/locale.svelte';
import { errorText, errorTextLoaded, refusalWords, ruleWords } from '$lib/ui/refusals';
import { recordErrorText } from '$lib/ui/replay/record-errors';
import { englishDetail } from '$lib/ui/sentence';

beforeAll(() => Promise.all(LOCALES.flatMap((l) => [loadGame(l), loadSite(l)])));

function inLocale<T>(locale: (typeof LOCALES)[number], run: () => T): T {
  current.locale = locale;
  try {
    return run();
  } finally {
    current.locale = 'en';
  }
}

describe('errorText', () => {
  const error = { code: 'NOT_NOW', detail: 'this browser keeps no tables (no IndexedDB)' } as const;

  it('in English is the error’s own sentence', () => {
    expect(errorText(error)).toBe('This browser keeps no tables (no IndexedDB).');
  });

  it('in Spanish and French is the code’s message', () => {
    expect(inLocale('es', () => errorText(error))).toBe('Eso no se puede hacer ahora.');
    expect(inLocale('fr', () => errorText(error))).toBe('Impossible pour l’instant.');
  });

  it('every session and engine code has its own message in Spanish and French', () => {
    for (const locale of ['es', 'fr'] as const) {
      const texts = [...SESSION_ERROR_CODES, ...ERROR_CODES].map((code) =>
        inLocale(locale, () => errorText({ code, detail: 'an English detail' })),
      );
      for (const text of texts) expect(text).not.toMatch(/English|^$/);
      // ILLEGAL_MOVE, NOT_YOUR_TURN … are both session and engine codes: one message each.
      expect(new Set(texts).size).toBe(new Set([...SESSION_ERROR_CODES, ...ERROR_CODES]).size);
    }
  });

  it('loads the game area first where a page has not (the setup page)', async () => {
    current.locale = 'fr';
    try {
      await expect(errorTextLoaded({ code: 'BAD_SETUP', detail: 'x' })).resolves.toBe(
        'Ces réglages ne permettent pas de former une table.',
      );
    } finally {
      current.locale = 'en';
    }
  });
});

describe('englishDetail', () => {
  it('shows an English detail in English only, and never an empty one', () => {
    expect(englishDetail('state hashes differ after entry 7')).toBe(
      'state hashes differ after entry 7',
    );
    expect(englishDetail('')).toBeNull();
    expect(inLocale('es', () => englishDetail('state hashes differ after entry 7'))).toBeNull();
    expect(inLocale('fr', () => englishDetail('state hashes differ after entry 7'))).toBeNull();
  });
});

describe('recordErrorText', () => {
  it('in English is the format’s sentence; else every code has its own message', () => {
    const error = {
      code: 'TRUNCATED',
      path: '',
      message: 'the file ends before its JSON does',
    } as const;
    expect(recordErrorText(error)).toBe('The file ends before its JSON does.');
    for (const locale of ['es', 'fr'] as const) {
      const texts = RECORD_ERROR_CODES.map((code) =>
        inLocale(locale, () => recordErrorText({ code, path: '', message: 'an English message' })),
      );
      for (const text of texts) expect(text).not.toMatch(/English|^$/);
      expect(new Set(texts).size).toBe(RECORD_ERROR_CODES.length);
    }
  });
});

describe('the replay page’s stopped check', () => {
  it('gives the browser’s own (English) reason in English only', () => {
    const reason = 'the verifier could not start';
    expect(site.replay_stopped_detail({ reason })).toContain(reason);
    for (const locale of ['es', 'fr'] as const) {
      expect(inLocale(locale, () => site.replay_stopped_detail({ reason }))).not.toContain(reason);
    }
  });
});

describe('refusalWords', () => {
  // The log envelope's codes: an entry refused for these is not signed by its
  // author, so it is dropped, never named in the alarm (session sequencer).
  const UNSIGNED = [
    'MALFORMED_ENTRY',
    'NON_CANONICAL',
    'WRONG_GAME',
    'BAD_SEQ',
    'BAD_CHAIN',
    'UNKNOWN_SEAT',
    'UNKNOWN_KIND',
    'MALFORMED_BODY',
    'WRONG_AUTHOR',
    'BAD_SIGNATURE',
    'NOT_EQUIVOCATION',
  ];

  it('names every code a signed refusal can carry, in every language', () => {
    for (const locale of LOCALES) {
      const other = inLocale(locale, () => refusalWords('SOMETHING_NEW'));
      for (const code of PROTOCOL_ERROR_CODES.filter((c) => !UNSIGNED.includes(c))) {
        expect(
          inLocale(locale, () => refusalWords(code)),
          `${code} in ${locale}`,
        ).not.toBe(other);
      }
    }
  });
});

/** Every rule id the engine cites in a refusal (`illegal('MT-7', …)` and the like). */
function citedRules(dir = 'src/lib/engine'): string[] {
  const ids = readdirSync(dir).flatMap((name): string[] => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return citedRules(path);
    const text = readFileSync(path, 'utf8');
    return [...text.matchAll(/(?:illegal|breach)\(\s*'([A-Z]{1,2}-\d+)'/g)].map((m) => m[1]!);
  });
  return [...new Set(ids)].sort();
}

describe('ruleWords', () => {
  it('says a rule in its own words in the active language; an unknown id has none', async () => {
    current.locale = 'es';
    try {
      expect(await ruleWords('R-7')).toBe('Si no puedes jugar, pasas; nadie roba.');
      expect(await ruleWords('X-99')).toBeNull();
    } finally {
      current.locale = 'en';
    }
  });

  it('has words for every rule the engine refuses a move by, in every language', async () => {
    const cited = citedRules();
    expect(cited.length).toBeGreaterThan(20);
    for (const locale of LOCALES) {
      current.locale = locale;
      try {
        const missing: string[] = [];
        for (const id of cited) if (!(await ruleWords(id))) missing.push(id);
        expect(missing, locale).toEqual([]);
      } finally {
        current.locale = 'en';
      }
    }
  });
});
