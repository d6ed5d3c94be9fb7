// The translations: compiles each area's messages (src/lib/ui/i18n/messages/<area>/<locale>.json)
// with Paraglide into one module per locale (src/lib/ui/i18n/generated/<area>/messages/<locale>.js),
// so a page loads only its areas in the active language. `--check` also fails when a message
// is missing in a language, or is used nowhere in src/ (a use is the text `<area>.<key>`).
// Offline: the message-format plugin comes from node_modules (each area's settings.json).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { compile } from '@inlang/paraglide-js';

const ROOT = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const I18N = path.join(ROOT, 'src/lib/ui/i18n');
export const LOCALES = ['en', 'es', 'fr'];

/** The areas: one inlang project each. */
export function areas(i18n = I18N) {
  return fs
    .readdirSync(i18n)
    .filter((name) => name.endsWith('.inlang'))
    .map((name) => name.slice(0, -'.inlang'.length))
    .sort();
}

/** @param {string} area @param {string} locale @returns {Record<string, unknown>} */
export function messages(area, locale, i18n = I18N) {
  const file = path.join(i18n, 'messages', area, `${locale}.json`);
  const { $schema: _schema, ...rest } = JSON.parse(fs.readFileSync(file, 'utf8'));
  return rest;
}

export async function compileAll() {
  for (const area of areas()) {
    await compile({
      project: path.join(I18N, `${area}.inlang`),
      outdir: path.join(I18N, 'generated', area),
      outputStructure: 'locale-modules',
      emitTsDeclarations: false,
      emitReadme: false,
      emitGitIgnore: false,
      emitPrettierIgnore: false,
    });
    // Paraglide only warns when its plugin fails to load: then no message is compiled.
    for (const locale of LOCALES) {
      const file = path.join(I18N, 'generated', area, 'messages', `${locale}.js`);
      const compiled = fs.readFileSync(file, 'utf8');
      const lost = Object.keys(messages(area, 'en')).filter((k) => !compiled.includes(` ${k} `));
      if (lost.length > 0) throw new Error(`i18n: ${area}/${locale}: not compiled: ${lost}`);
    }
  }
}

/** @param {string} dir @returns {number[]} */
function mtimes(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? mtimes(full) : [fs.statSync(full).mtimeMs];
  });
}

/** Whether a message or setting changed since the last compile (or none was made). */
export function stale() {
  const made = mtimes(path.join(I18N, 'generated'));
  const inputs = [
    ...mtimes(path.join(I18N, 'messages')),
    ...areas().flatMap((a) => mtimes(path.join(I18N, `${a}.inlang`))),
  ];
  return made.length === 0 || Math.max(...inputs) > Math.min(...made);
}

/** @param {string} dir @param {string} skip @returns {string[]} */
function sources(dir, skip) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return full === skip ? [] : sources(full, skip);
    return /\.(ts|js|svelte)$/.test(entry.name) ? [full] : [];
  });
}

/** Problems in words: missing, extra or unused messages (in `src`, messages under `i18n`). */
export function problems(src = path.join(ROOT, 'src'), i18n = I18N) {
  const out = [];
  const text = sources(src, path.join(i18n, 'generated'))
    .map((file) => fs.readFileSync(file, 'utf8'))
    .join('\n');
  for (const area of areas(i18n)) {
    const english = Object.keys(messages(area, 'en', i18n));
    for (const locale of LOCALES.slice(1)) {
      const keys = Object.keys(messages(area, locale, i18n));
      for (const key of english.filter((k) => !keys.includes(k))) {
        out.push(`${area}/${locale}.json: "${key}" is missing`);
      }
      for (const key of keys.filter((k) => !english.includes(k))) {
        out.push(`${area}/${locale}.json: "${key}" is not in en.json`);
      }
    }
    for (const key of english) {
      if (!new RegExp(`\\b${area}\\.${key}\\b`).test(text)) {
        out.push(`${area}/en.json: "${key}" is used nowhere in src/`);
      }
    }
  }
  return out;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  if (stale() || process.argv.includes('--force')) await compileAll();
  const found = process.argv.includes('--check') ? problems() : [];
  for (const p of found) console.error(`i18n: ${p}`);
  // The inlang SDK leaves a request open for half a minute after its work is done.
  process.exit(found.length > 0 ? 1 : 0);
}
