// Firefox still works: the built site driven in Debian's Firefox ESR over
// WebDriver BiDi (puppeteer-core) — a solo game of each variant, the deck's
// WebAssembly accelerator, the site offline, pass-and-play, the landing page,
// rules, table settings and a 404 page in Spanish and French, a page that fails
// to load (in Spanish), and an online game with Chromium (Playwright) both ways
// through the site's own PeerServer, with a reaction each way. Any page error,
// console error or refusal by the Content Security Policy fails a check.
//
// Screenshots of Firefox's table at 390x844 and 1280x800 go to the shots folder.
// Not part of `npm test` (CI has no Firefox); it installs nothing itself.
//
//   apt-get install firefox-esr                   (or TRAINYARD_FIREFOX=/path/to/firefox)
//   mkdir -p /tmp/ff && cd /tmp/ff && npm init -y && npm i puppeteer-core
//   npm run build
//   TRAINYARD_PUPPETEER=/tmp/ff node scripts/firefox-check.mjs [--shots DIR] [--build DIR] [--only WORD]
//
// Each check prints ok or FAIL (with what it waited for and any error the pages
// logged; a screenshot of a failed page goes to the shots folder too); exit 0
// when all passed, 1 when one failed, 2 when the check could not start.
//
// Headless Firefox has no WebGL on a machine without a GPU, so the board shows
// its no-WebGL notice; under a virtual display (`xvfb-run -a node …`) Firefox
// runs with a window on it and draws the board with software WebGL. As root,
// the whole check runs in a private network namespace (scripts/netns.js), as
// the browser tests do: headless Chromium needs it to gather ICE candidates.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, findChromium } from './chromium.js';
import { inNetns, netnsAvailable } from './netns.js';
import { PROJECT_ROOT, startServer } from './server.js';

const FIREFOX = process.env.TRAINYARD_FIREFOX ?? '/usr/bin/firefox-esr';
const args = process.argv.slice(2);
const option = (/** @type {string} */ name, /** @type {string} */ fallback) => {
  const i = args.indexOf(name);
  return path.resolve(i === -1 ? fallback : (args[i + 1] ?? fallback));
};
const SHOTS = option('--shots', path.join(PROJECT_ROOT, '.test-output', 'firefox'));
const BUILD = option('--build', path.join(PROJECT_ROOT, 'build'));
/** `--only WORD`: the checks whose names contain it. */
const ONLY = args.includes('--only') ? (args[args.indexOf('--only') + 1] ?? '') : '';

/** Short games: one round, small sets (as tests/e2e/table-solo.spec.ts). */
const GAMES = [
  { variant: 'mexican-train', options: { rounds: 1, set: 9, handSize: 7 } },
  { variant: 'mexican-train-tournament', options: { startDouble: 0, set: 9, handSize: 7 } },
  { variant: 'derailing-the-train', options: { set: 3, handSize: 3 } },
  { variant: 'engine-191', options: { tokensToWin: 1 } },
  { variant: 'railominos', options: { rounds: 1 } },
];
/**
 * A page is let finish loading (no request for half a second) before the next
 * step: leaving a page that still loads makes Firefox report each load its
 * service worker was answering as an error of that page, which nobody sees.
 */
const SETTLED = { waitUntil: 'networkidle0' };
/** @typedef {[string, (name: string) => Promise<string[]>]} Check */
const LANGS = /** @type {const} */ (['es', 'fr']);
const SHORT_MT = { handSize: 5, set: 6, rounds: 1 };
/** What each language says on the landing page, the rules index, the table's settings and a 404. */
const WORDS = {
  es: {
    solo: 'Jugar solo',
    howto: 'Cómo se juega, paso a paso',
    settings: 'Ajustes',
    notFound: 'Esta página no existe',
  },
  fr: {
    solo: 'Jouer en solo',
    howto: 'Comment jouer, pas à pas',
    settings: 'Réglages',
    notFound: 'Cette page n’existe pas',
  },
};

/** @param {string} id */
const t = (id) => `[data-testid="${id}"]`;
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/** puppeteer-core from the project (if ever installed there) or from TRAINYARD_PUPPETEER. */
async function loadPuppeteer() {
  const dir = process.env.TRAINYARD_PUPPETEER;
  try {
    const from = dir ? path.join(path.resolve(dir), 'package.json') : import.meta.url;
    const resolved = createRequire(from).resolve('puppeteer-core');
    return (await import(resolved)).default;
  } catch {
    throw new Error(
      'puppeteer-core not found: install it outside the project ' +
        '(mkdir -p /tmp/ff && cd /tmp/ff && npm init -y && npm i puppeteer-core) ' +
        'and set TRAINYARD_PUPPETEER=/tmp/ff',
    );
  }
}

/** A Firefox with a fresh profile (browser languages `lang`), its page's errors kept. */
async function firefox(/** @type {any} */ puppeteer, lang = '') {
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX,
    headless: !process.env.DISPLAY,
    protocol: 'webDriverBiDi',
    extraPrefsFirefox: {
      // Real host candidates, not mDNS names that Chromium in the namespace cannot resolve.
      'media.peerconnection.ice.obfuscate_host_addresses': false,
      ...(lang ? { 'intl.accept_languages': lang } : {}),
    },
  });
  const page = await browser.newPage();
  /** @type {string[]} */
  const errors = [];
  page.on('pageerror', (/** @type {Error} */ e) => errors.push(`pageerror: ${e.message}`));
  page.on('console', (/** @type {any} */ m) => {
    if (m.type() === 'error') errors.push(`console: ${m.text()}`);
  });
  // A script, style or connection the Content Security Policy refused is an error too.
  await page.evaluateOnNewDocument(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(`CSP refused ${e.blockedURI} (${e.violatedDirective})`),
    );
  });
  await setSize(page, 1280, 800);
  return { page, errors, close: () => browser.close() };
}

/**
 * The page's size. Puppeteer 24.30 and later also set the screen's orientation,
 * a command Firefox ESR 140 does not know; the size itself is set all the same.
 * @param {any} page @param {number} width @param {number} height
 */
async function setSize(page, width, height) {
  try {
    await page.setViewport({ width, height });
  } catch (error) {
    if (!String(error).includes('setScreenOrientationOverride')) throw error;
  }
}

/** Settings kept on this browser: set once the site's origin is open. */
async function fastSettings(/** @type {any} */ page) {
  await page.evaluate(() => {
    localStorage.setItem('trainyard.settings', JSON.stringify({ speed: 'instant', sound: false }));
    localStorage.setItem('trainyard.howto', 'shown');
  });
}

async function until(/** @type {() => Promise<boolean>} */ test, what = '', ms = 60_000) {
  const end = Date.now() + ms;
  while (Date.now() < end) {
    if (await test().catch(() => false)) return;
    await sleep(200);
  }
  throw new Error(`timed out: ${what}`);
}

/** The few page calls both Puppeteer (Firefox) and Playwright (Chromium) answer (one argument). */
const count = (/** @type {any} */ page, /** @type {string} */ sel) =>
  page.evaluate((/** @type {string} */ s) => document.querySelectorAll(s).length, sel);
const visible = (/** @type {any} */ page, /** @type {string} */ sel) =>
  page.evaluate((/** @type {string} */ s) => {
    const el = document.querySelector(s);
    return el instanceof HTMLElement && el.checkVisibility();
  }, sel);
const text = (/** @type {any} */ page, /** @type {string} */ sel) =>
  page.evaluate((/** @type {string} */ s) => document.querySelector(s)?.textContent ?? '', sel);
const attr = (/** @type {any} */ page, /** @type {string} */ sel, /** @type {string} */ name) =>
  page.evaluate(
    (/** @type {string[]} */ [s = '', n = '']) =>
      document.querySelector(s)?.getAttribute(n) ?? null,
    [sel, name],
  );
const click = (/** @type {any} */ page, /** @type {string} */ sel) =>
  page.evaluate((/** @type {string} */ s) => {
    const el = document.querySelector(s);
    if (!(el instanceof HTMLElement)) throw new Error(`no ${s}`);
    el.click();
  }, sel);

/**
 * Clicks an element once it shows. The page calls here are all `evaluate`:
 * Puppeteer's own waits and locators run code that Firefox ESR 140 refuses under
 * the site's Content Security Policy (no eval).
 */
async function press(/** @type {any} */ page, /** @type {string} */ sel) {
  await until(
    () =>
      page.evaluate((/** @type {string} */ s) => {
        const el = document.querySelector(s);
        return el instanceof HTMLElement && el.checkVisibility() && !el.matches(':disabled');
      }, sel),
    `${sel} to be enabled`,
  );
  await click(page, sel);
}

/** Types `value` into a field once it shows, as a person would (an input event). */
async function fillIn(
  /** @type {any} */ page,
  /** @type {string} */ sel,
  /** @type {string} */ value,
) {
  await until(() => visible(page, sel), sel);
  await page.evaluate(
    (/** @type {string[]} */ [s = '', v = '']) => {
      const input = document.querySelector(s);
      if (!(input instanceof HTMLInputElement)) throw new Error(`no ${s}`);
      input.value = v;
      input.dispatchEvent(new Event('input', { bubbles: true }));
      input.dispatchEvent(new Event('change', { bubbles: true }));
    },
    [sel, value],
  );
}

/** Picks `value` in a select, as a person would (a change event). */
const choose = (/** @type {any} */ page, /** @type {string} */ sel, /** @type {string} */ value) =>
  page.evaluate(
    (/** @type {string[]} */ [s = '', v = '']) => {
      const select = document.querySelector(s);
      if (!(select instanceof HTMLSelectElement)) throw new Error(`no ${s}`);
      select.value = v;
      select.dispatchEvent(new Event('change', { bubbles: true }));
    },
    [sel, value],
  );

/** The move log shows at least `n` lines, or the game is over. */
async function moves(/** @type {any} */ page, n = 7) {
  await until(
    async () =>
      (await count(page, `${t('move-log')} li`)) >= n || (await visible(page, t('game-over'))),
    `${n} moves`,
  );
}

/** Autoplay on (a short game may end first: then it shows off again). */
async function autoplay(/** @type {any} */ page) {
  await until(() => visible(page, t('autoplay')), 'the autoplay button');
  await until(async () => {
    if (await visible(page, t('game-over'))) return true;
    if ((await attr(page, t('autoplay'), 'aria-pressed')) !== 'true') {
      await click(page, t('autoplay'));
      await sleep(500);
    }
    return (await attr(page, t('autoplay'), 'aria-pressed')) === 'true';
  }, 'autoplay on');
}

async function shoot(/** @type {any} */ page, /** @type {string} */ name) {
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`) });
}

/**
 * `body` on a page of a fresh Firefox; the errors its page logged. On failure, a
 * screenshot of where it stopped.
 */
async function inFirefox(
  /** @type {any} */ puppeteer,
  /** @type {string} */ name,
  /** @type {(page: any) => Promise<void>} */ body,
  lang = '',
) {
  const { page, errors, close } = await firefox(puppeteer, lang);
  try {
    await body(page);
    return errors;
  } catch (error) {
    await shoot(page, `failed-${name.replace(/\W+/g, '-')}`).catch(() => undefined);
    throw error;
  } finally {
    await close();
  }
}

/**
 * Start pressed: waits for a dealt hand. If none comes, the error says where the
 * page stands: its address, and the Start button's words ("Dealing…": the table
 * never answered; "Start": the press was lost).
 */
async function dealt(/** @type {any} */ page, /** @type {string} */ what) {
  try {
    await until(async () => (await count(page, `${t('hand')} button`)) > 0, what);
  } catch (error) {
    const button = (await text(page, t('start-game')).catch(() => '?')).trim();
    throw new Error(
      `${error instanceof Error ? error.message : error} (at ${page.url()}, Start button: "${button}")`,
    );
  }
}

/** Landing → Play solo → setup → a dealt table, then a few moves on autoplay. */
async function solo(
  /** @type {any} */ page,
  /** @type {string} */ url,
  /** @type {(typeof GAMES)[number]} */ game,
  shots = false,
) {
  await page.goto(url, SETTLED);
  await fastSettings(page);
  await press(page, t('play-solo'));
  await until(() => visible(page, t('seat-0')), t('seat-0'));
  await choose(page, t('variant-select'), game.variant);
  for (const [key, value] of Object.entries(game.options)) {
    await fillIn(page, t(`option-${key}`), String(value));
  }
  await press(page, t('start-game'));
  await dealt(page, 'a dealt hand');
  await autoplay(page);
  await moves(page);
  if (shots) {
    await shoot(page, `${game.variant}-1280x800`);
    await setSize(page, 390, 844);
    await sleep(800);
    await shoot(page, `${game.variant}-390x844`);
  }
}

/** The deck's WebAssembly accelerator loads in Firefox and builds the same bytes as the JS path. */
async function deck(/** @type {any} */ page, /** @type {string} */ url) {
  await page.goto(`${url}dev/deck`, SETTLED);
  await until(
    async () => (await text(page, t('status'))) === 'accelerated, same bytes',
    'the accelerator',
  );
}

/**
 * Offline: after one visit the service worker holds the site, so with its own
 * server closed the landing page, a solo deal and the rules still load.
 */
async function offline(/** @type {any} */ page) {
  const server = await startServer({ port: 0, host: '127.0.0.1', root: BUILD, peerServer: false });
  try {
    await page.goto(server.url, SETTLED);
    await fastSettings(page);
    await until(
      () =>
        page.evaluate(async () => {
          await navigator.serviceWorker.ready;
          return navigator.serviceWorker.controller !== null;
        }),
      'the service worker in control',
    );
  } finally {
    await server.close();
  }
  await page.reload(SETTLED);
  await press(page, t('play-solo'));
  await until(() => visible(page, t('seat-0')), 'the solo setup');
  await press(page, t('start-game'));
  await dealt(page, 'a dealt hand offline');
  await page.goto(`${server.url}rules/railominos`, SETTLED);
  await until(() => visible(page, t('rules-play')), 'the rules offline');
}

/**
 * A page that fails to load (its module gone, as after a new version replaced
 * the old files): after asking again, the error page says so in the player's
 * language (es), with a Reload button, not in the browser's English message. The failure logs an error of its own.
 */
async function failedPage(/** @type {any} */ page) {
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), 'trainyard-500-'));
  fs.cpSync(BUILD, copy, { recursive: true });
  const nodes = path.join(copy, '_app', 'immutable', 'nodes');
  const rules = fs
    .readdirSync(nodes)
    .find((f) => fs.readFileSync(path.join(nodes, f), 'utf8').includes('rules-play'));
  if (!rules) throw new Error('no module of the rules pages in the build');
  fs.rmSync(path.join(nodes, rules));
  const server = await startServer({ port: 0, host: '127.0.0.1', root: copy, peerServer: false });
  try {
    await setSize(page, 390, 844);
    await page.goto(server.url, SETTLED);
    await until(() => visible(page, t('play-solo')), 'the landing page');
    await click(page, 'a[href*="rules/"]');
    await until(
      async () =>
        (await text(page, `${t('error-page')} h1`)) === 'Esta página no pudo cargarse' &&
        (await text(page, `${t('error-page')} h1 + p`)).startsWith('Una parte no llegó'),
      'the error page in es',
      20_000,
    );
    await shoot(page, 'failed-page-es-390x844');
  } finally {
    await server.close();
    fs.rmSync(copy, { recursive: true, force: true });
  }
}

/** Pass-and-play: the curtain names the seat, hides every hand, and opens on a dealt one. */
async function passAndPlay(/** @type {any} */ page, /** @type {string} */ url) {
  await page.goto(url, SETTLED);
  await fastSettings(page);
  await press(page, t('pass-and-play'));
  await until(() => visible(page, t('variant-select')), 'the setup');
  await choose(page, t('variant-select'), 'railominos');
  await fillIn(page, t('name-input'), 'Ada');
  await fillIn(page, t('name-input-1'), 'Bea');
  await fillIn(page, t('option-rounds'), '1');
  await press(page, t('start-game'));
  const seen = new Set();
  for (let turn = 0; turn < 6 && seen.size < 2; turn++) {
    await until(() => visible(page, t('curtain')), 'the curtain');
    if ((await count(page, '[data-tile]')) > 0) throw new Error('a tile shows behind the curtain');
    seen.add((await text(page, `${t('curtain')} .name`)).trim());
    await click(page, `${t('curtain')} button`);
    await until(async () => (await count(page, `${t('hand')} button`)) > 0, 'a hand');
    const usable = `${t('hand')} button.usable`;
    if ((await count(page, usable)) > 0) {
      await click(page, usable);
      // A tile with one place to go is played at once; otherwise, its first target.
      const target = '.targets button.target';
      await until(() => visible(page, target), 'a target', 1_500).catch(() => undefined);
      if (await visible(page, target)) await click(page, target);
    } else {
      await click(page, t('pass'));
    }
  }
  if ([...seen].sort().join() !== 'Ada,Bea') throw new Error(`the curtain named ${[...seen]}`);
}

/** The landing page, the rules and the table's settings in `lang`, as its browser asks. */
async function language(
  /** @type {any} */ page,
  /** @type {string} */ url,
  /** @type {'es' | 'fr'} */ lang,
) {
  const words = WORDS[lang];
  const inLang = () => attr(page, 'html', 'lang').then((l) => l === lang);
  await page.goto(url, SETTLED);
  await until(
    async () => (await inLang()) && (await text(page, t('play-solo'))).includes(words.solo),
    `the landing page in ${lang}`,
  );
  const manifest = await attr(page, 'link[rel="manifest"]', 'href');
  if (!manifest?.endsWith(`manifest.${lang}.webmanifest`)) {
    throw new Error(`the page links ${manifest}, not the ${lang} manifest`);
  }
  await page.goto(`${url}rules`, SETTLED);
  await until(
    async () => (await inLang()) && (await text(page, t('howto-open'))).includes(words.howto),
    `the rules in ${lang}`,
  );
  await page.goto(`${url}rules/engine-191`, SETTLED);
  await until(() => visible(page, t('rules-play')), 'a variant’s rules');
  await page.goto(`${url}rules/no-such-variant`, SETTLED);
  await until(
    async () => (await text(page, `${t('error-page')} h1`)).includes(words.notFound),
    `the error page in ${lang}`,
  );
  await shoot(page, `not-found-${lang}-1280x800`);
  await fastSettings(page);
  await page.goto(url, SETTLED);
  await press(page, t('play-solo'));
  await until(() => visible(page, t('seat-0')), 'the solo setup');
  await press(page, t('start-game'));
  await dealt(page, 'a dealt hand');
  await click(page, 'nav.tools button:last-of-type');
  await until(
    async () => (await text(page, 'dialog[open]')).includes(words.settings),
    `the settings in ${lang}`,
  );
  await choose(page, `dialog[open] ${t('language-select')}`, lang === 'es' ? 'fr' : 'es');
  await until(async () => !(await inLang()), 'a change of language at the table');
  await shoot(page, `settings-${lang}-1280x800`);
}

/** An online game: `host` creates the table, `guest` joins by the invite link. */
async function online(
  /** @type {any} */ puppeteer,
  /** @type {any} */ chrome,
  /** @type {string} */ url,
  /** @type {boolean} */ firefoxHosts,
) {
  const ff = await firefox(puppeteer);
  const context = await chrome.newContext();
  const cr = { page: await context.newPage(), errors: /** @type {string[]} */ ([]) };
  cr.page.on('pageerror', (/** @type {Error} */ e) => cr.errors.push(`pageerror: ${e.message}`));
  cr.page.on('console', (/** @type {any} */ m) => {
    if (m.type() === 'error') cr.errors.push(`console: ${m.text()}`);
  });
  const [host, guest] = firefoxHosts ? [ff.page, cr.page] : [cr.page, ff.page];
  try {
    for (const page of [host, guest]) {
      await page.goto(url);
      await fastSettings(page);
    }
    await host.goto(`${url}lobby`);
    await fillIn(host, t('name-input'), 'Ann');
    await press(host, t('create-online'));
    const invite = () =>
      host.evaluate(
        (/** @type {string} */ s) => document.querySelector(s)?.value ?? '',
        t('invite-link'),
      );
    await until(async () => (await invite()) !== '', 'an invite link');
    const link = await invite();
    await choose(host, t('variant-select'), 'mexican-train');
    for (const [key, value] of Object.entries(SHORT_MT)) {
      await fillIn(host, t(`option-${key}`), String(value));
    }
    await guest.goto(link);
    await until(() => visible(guest, t('name-input')), 'the join form');
    await fillIn(guest, t('name-input'), 'Bob');
    await press(guest, t('join'));
    await until(async () => (await text(host, t('seats'))).includes('Bob'), 'Bob seated');
    await press(host, t('start-game'));
    // A reaction each way (drawn as inline SVG), before the short game runs out.
    const names = firefoxHosts ? { ff: 'Ann', cr: 'Bob' } : { ff: 'Bob', cr: 'Ann' };
    for (const [from, to, said, who] of [
      [ff.page, cr.page, 'good', names.ff],
      [cr.page, ff.page, 'party', names.cr],
    ]) {
      await until(() => visible(from, t('reactions-open')), 'the reactions button');
      await click(from, t('reactions-open'));
      await until(() => visible(from, t(`reaction-${said}`)), 'the reactions');
      await click(from, t(`reaction-${said}`));
      await until(async () => (await text(to, t('reactions'))).includes(who), `${who}’s reaction`);
    }
    if (firefoxHosts) await shoot(ff.page, 'online-reaction-firefox-1280x800');
    for (const page of [host, guest]) await autoplay(page);
    for (const page of [host, guest]) await moves(page, 4);
    await until(
      async () => (await visible(host, t('game-over'))) && (await visible(guest, t('game-over'))),
      'game over on both',
      120_000,
    );
    const hashes = await Promise.all([host, guest].map((p) => text(p, t('state-hash'))));
    if (hashes[0] === '' || hashes[0] !== hashes[1]) throw new Error(`state hashes ${hashes}`);
    for (const page of [host, guest]) {
      if ((await attr(page, t('audit'), 'data-violations')) !== '0') throw new Error('audit');
    }
    if (firefoxHosts) {
      await setSize(ff.page, 390, 844);
      await sleep(800);
      await shoot(ff.page, 'online-firefox-host-390x844');
    }
    return [...ff.errors.map((e) => `firefox ${e}`), ...cr.errors.map((e) => `chromium ${e}`)];
  } catch (error) {
    const stem = `failed-online-${firefoxHosts ? 'firefox' : 'chromium'}-hosts`;
    await shoot(ff.page, `${stem}-firefox`).catch(() => undefined);
    await shoot(cr.page, `${stem}-chromium`).catch(() => undefined);
    const said = [
      ...ff.errors.map((e) => `firefox ${e}`),
      ...cr.errors.map((e) => `chromium ${e}`),
    ];
    throw new Error([error instanceof Error ? error.message : String(error), ...said].join('\n'));
  } finally {
    await context.close();
    await ff.close();
  }
}

async function main() {
  if (!fs.existsSync(path.join(BUILD, 'index.html'))) {
    throw new Error(`no build at ${BUILD} (run \`npm run build\`)`);
  }
  if (!fs.existsSync(FIREFOX))
    throw new Error(`no Firefox at ${FIREFOX} (apt-get install firefox-esr)`);
  const chromiumPath = findChromium();
  if (chromiumPath.error) throw new Error(chromiumPath.error);
  const puppeteer = await loadPuppeteer();
  fs.mkdirSync(SHOTS, { recursive: true });
  const server = await startServer({ port: 0, host: '127.0.0.1', root: BUILD });
  const chrome = await chromium.launch({
    ...(chromiumPath.executablePath ? { executablePath: chromiumPath.executablePath } : {}),
    args: CHROMIUM_ARGS,
  });
  console.log(
    `Firefox ${FIREFOX} (${process.env.DISPLAY ? 'on a display' : 'headless'}), ${server.url}`,
  );
  /** @type {Check[]} */
  const checks = [
    ...GAMES.map(
      (g, i) =>
        /** @type {Check} */ ([
          `solo ${g.variant}`,
          (/** @type {string} */ name) =>
            inFirefox(puppeteer, name, (p) => solo(p, server.url, g, i === 0)),
        ]),
    ),
    ['deck accelerator', (name) => inFirefox(puppeteer, name, (p) => deck(p, server.url))],
    ['offline', (name) => inFirefox(puppeteer, name, offline)],
    [
      'a page that fails to load, in es',
      async (name) => {
        await inFirefox(puppeteer, name, failedPage, 'es');
        return [];
      },
    ],
    ['pass and play', (name) => inFirefox(puppeteer, name, (p) => passAndPlay(p, server.url))],
    ...LANGS.map(
      (lang) =>
        /** @type {Check} */ ([
          `landing, rules, settings, 404 in ${lang}`,
          (name) => inFirefox(puppeteer, name, (p) => language(p, server.url, lang), lang),
        ]),
    ),
    ['online: Firefox hosts, Chromium joins', () => online(puppeteer, chrome, server.url, true)],
    ['online: Chromium hosts, Firefox joins', () => online(puppeteer, chrome, server.url, false)],
  ];
  let failed = 0;
  const chosen = checks.filter(([name]) => name.includes(ONLY));
  for (const [name, run] of chosen) {
    const started = Date.now();
    const problems = await run(name).catch((/** @type {unknown} */ e) => [
      e instanceof Error ? e.message : String(e),
    ]);
    const took = ((Date.now() - started) / 1000).toFixed(1);
    console.log(`${problems.length === 0 ? 'ok  ' : 'FAIL'} ${name} (${took} s)`);
    for (const p of problems) console.log(`       ${p}`);
    if (problems.length > 0) failed += 1;
  }
  await chrome.close();
  await server.close();
  console.log(`${chosen.length - failed} passed, ${failed} failed; screenshots in ${SHOTS}`);
  return failed === 0 ? 0 : 1;
}

if (netnsAvailable() && !process.env.TRAINYARD_IN_NETNS) {
  const [command, rest] = inNetns([process.execPath, ...process.argv.slice(1)]);
  spawn(command, rest, { stdio: 'inherit' }).on('exit', (code) => process.exit(code ?? 1));
} else {
  main().then(
    (code) => process.exit(code),
    (error) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(2);
    },
  );
}
