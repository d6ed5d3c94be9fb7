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
  return {
    gzipLevel: 9,
    landingPageJs: sizes(landing),
    allJs: sizes(js),
    wholeBuild: sizes(all),
    largestJs: largest,
  };
}
