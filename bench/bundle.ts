// Bundle size: gzip size of the JS the landing page loads (the files its
// index.html preloads or imports) and of the whole build. Builds first if needed.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { buildIfNeeded } from '../scripts/build-if-needed.js';
import { PROJECT_ROOT } from '../scripts/server.js';

interface Sizes {
  files: number;
  bytes: number;
  gzipBytes: number;
}

const gzipSize = (data: Buffer): number => gzipSync(data, { level: 9 }).length;

function sizes(files: readonly string[]): Sizes {
  let bytes = 0;
  let gzipBytes = 0;
  for (const file of files) {
    const data = fs.readFileSync(file);
    bytes += data.length;
    gzipBytes += gzipSize(data);
  }
  return { files: files.length, bytes, gzipBytes };
}

function walk(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? walk(full) : [full];
  });
}

/** JS files an HTML page references: modulepreload links, scripts, dynamic imports. */
export function referencedJs(html: string): string[] {
  const found = new Set<string>();
  const patterns = [
    /<link[^>]+href="([^"]+\.js)"/g,
    /<script[^>]+src="([^"]+\.js)"/g,
    /import\("([^"]+\.js)"\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of html.matchAll(pattern)) if (match[1]) found.add(match[1]);
  }
  return [...found];
}

interface Load {
  readonly file: string;
  /** Loaded only when asked for: a dynamic import, a worker or WebAssembly by URL. */
  readonly lazy: boolean;
}

/** Files a built JS file loads: static and dynamic imports, workers and WebAssembly by URL. */
function loadedBy(file: string): Load[] {
  const text = fs.readFileSync(file, 'utf8');
  const refs = new Map<string, boolean>();
  for (const m of text.matchAll(
    /(import\(|new URL\()?["'`](\.{1,2}\/[^"'`\s]+\.(?:js|wasm))["'`]/g,
  )) {
    if (!m[2]) continue;
    const ref = path.resolve(path.dirname(file), m[2]);
    const lazy = m[1] !== undefined || ref.endsWith('.wasm');
    refs.set(ref, (refs.get(ref) ?? true) && lazy);
  }
  return [...refs].map(([f, lazy]) => ({ file: f, lazy }));
}

/**
 * What a page loads to run: the JS its HTML names, then what that JS imports,
 * transitively; with `lazy`, also what it loads on demand (the Pixi board, the
 * table worker, WebAssembly) — never other routes' nodes, which the router
 * loads only on navigation.
 */
export function pageFiles(build: string, page: string, lazy: boolean): string[] {
  const html = fs.readFileSync(path.join(build, page), 'utf8');
  const start = referencedJs(html).map((ref) => path.join(build, ref.replace(/^\.?\//, '')));
  const seen = new Set<string>(start);
  const queue = [...start];
  const nodes = path.join(build, '_app', 'immutable', 'nodes');
  while (queue.length > 0) {
    const file = queue.shift() as string;
    if (!fs.existsSync(file) || !file.endsWith('.js')) continue;
    for (const load of loadedBy(file)) {
      if (seen.has(load.file) || load.file.startsWith(nodes) || !fs.existsSync(load.file)) continue;
      if (load.lazy && !lazy) continue;
      seen.add(load.file);
      queue.push(load.file);
    }
  }
  return [...seen].filter((f) => fs.existsSync(f));
}

const kb = (bytes: number) => +(bytes / 1024).toFixed(1);

export async function run(): Promise<Record<string, unknown>> {
  buildIfNeeded({ quietStdout: true });
  const build = path.join(PROJECT_ROOT, 'build');
  const html = fs.readFileSync(path.join(build, 'index.html'), 'utf8');
  const landing = referencedJs(html).map((ref) => path.join(build, ref.replace(/^\.?\//, '')));
  const all = walk(build);
  const js = all.filter((file) => file.endsWith('.js'));
  const largest = js
    .map((file) => ({
      file: path.relative(build, file),
      gzipBytes: gzipSize(fs.readFileSync(file)),
    }))
    .sort((a, b) => b.gzipBytes - a.gzipBytes)
    .slice(0, 3);
  const landingAll = pageFiles(build, 'index.html', false);
  const table = pageFiles(build, 'table.html', true);
  const landingSizes = sizes(landingAll);
  const tableSizes = sizes(table);
  return {
    gzipLevel: 9,
    landingGzipKB: kb(landingSizes.gzipBytes),
    landingTargetKB: 120,
    tableGzipKB: kb(tableSizes.gzipBytes),
    tableTargetKB: 450,
    tablePage: {
      ...tableSizes,
      worker: table.filter((f) => f.includes('/workers/')).map((f) => path.relative(build, f)),
      largest: table
        .map((f) => ({ file: path.relative(build, f), gzipKB: kb(gzipSize(fs.readFileSync(f))) }))
        .sort((a, b) => b.gzipKB - a.gzipKB)
        .slice(0, 4),
    },
    landingLargest: landingAll
      .map((f) => ({ file: path.relative(build, f), gzipKB: kb(gzipSize(fs.readFileSync(f))) }))
      .sort((a, b) => b.gzipKB - a.gzipKB)
      .slice(0, 3),
    landingPageJs: sizes(landing),
    allJs: sizes(js),
    wholeBuild: sizes(all),
    largestJs: largest,
  };
}
