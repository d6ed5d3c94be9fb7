// The repository stands alone and its documentation stays true: every rule id
// the code and tests cite is defined in docs/rules.md, no file points outside the
// repository, the README stays short, and every relative link leads somewhere.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve('.');
const README_MAX_LINES = 200;

/** Output, caches and generated code: none of it is the repository's own text. */
const SKIPPED = new Set([
  'node_modules',
  '.git',
  '.svelte-kit',
  'build',
  'build-tamper',
  'test-results',
  'playwright-report',
  '.bench',
  '.test-output',
  'generated',
]);
const TEXT = new Set(['.ts', '.js', '.mjs', '.cjs', '.svelte', '.json', '.md', '.html', '.css']);

function files(dir: string, keep: (file: string) => boolean): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return SKIPPED.has(entry.name) ? [] : files(path, keep);
    return entry.isFile() && keep(path) ? [path] : [];
  });
}

const text = (path: string): string => readFileSync(path, 'utf8');
const rel = (path: string): string => relative(ROOT, path).split(sep).join('/');
const isText = (path: string): boolean =>
  TEXT.has(extname(path)) && !path.endsWith('package-lock.json');

// Written so that this file does not match itself.
const RULE_ID = /\b(?:C|MT|TT|DT|E|R|H)-\d+[a-z]?\b/g;
const OUTSIDE = new RegExp(String.raw`\.\./shared\b|\b(?:RULES|SCENARIOS|ARCHITECTURE)\.md\b`);

/** The ids docs/rules.md defines, in order: each rule is a list item led by its bold id. */
function ruleDefinitions(): string[] {
  return [...text('docs/rules.md').matchAll(/^- \*\*([A-Z]+-\d+[a-z]?)\*\* /gm)].map(
    (m) => m[1] ?? '',
  );
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens. */
function slug(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N} _-]/gu, '')
    .replace(/ /g, '-');
}

function anchors(markdown: string): Set<string> {
  return new Set([...markdown.matchAll(/^#{1,6} (.+)$/gm)].map((m) => slug(m[1] ?? '')));
}

/** Relative link targets of a Markdown file, code blocks and code spans left out. */
function links(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((m) => m[1] ?? '')
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

function brokenLink(from: string, target: string): string | null {
  const [path = '', anchor] = target.split('#');
  const file = path === '' ? from : resolve(dirname(from), path);
  if (!file.startsWith(ROOT + sep)) return 'points outside the repository';
  if (!existsSync(file)) return 'no such file';
  if (anchor === undefined || statSync(file).isDirectory() || extname(file) !== '.md') return null;
  return anchors(text(file)).has(anchor) ? null : `no heading #${anchor}`;
}

const markdown = [resolve('README.md'), ...files(resolve('docs'), (f) => f.endsWith('.md'))];

describe('the documentation', () => {
  it('defines every rule id the code and tests cite, each once', () => {
    const ids = ruleDefinitions();
    const defined = new Set(ids);
    expect(ids.length).toBe(defined.size);
    expect(defined.size).toBeGreaterThan(60);
    const cited = files(resolve('src'), isText)
      .concat(files(resolve('tests'), isText))
      .flatMap((file) => [...text(file).matchAll(RULE_ID)].map((m) => `${m[0]} (${rel(file)})`));
    expect(cited.length).toBeGreaterThan(0);
    expect(cited.filter((c) => !defined.has(c.split(' ')[0] ?? ''))).toEqual([]);
  });

  it('has no file that points outside the repository', () => {
    const outside = files(ROOT, isText)
      .filter((file) => OUTSIDE.test(text(file)))
      .map(rel);
    expect(outside).toEqual([]);
  });

  it(`keeps the README to ${README_MAX_LINES} lines`, () => {
    expect(text('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(README_MAX_LINES);
  });

  it('has every relative link in the README and docs/ lead to a file that exists', () => {
    expect(markdown.length).toBeGreaterThan(5);
    const broken = markdown.flatMap((file) =>
      links(text(file)).flatMap((target) => {
        const why = brokenLink(file, target);
        return why ? [`${rel(file)}: ${target} (${why})`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });
});
