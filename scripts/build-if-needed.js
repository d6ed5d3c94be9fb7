// Build the static site unless build/ is newer than everything it is made from.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './server.js';

const INPUTS = ['src', 'static', 'svelte.config.js', 'vite.config.ts', 'package.json'];
const STAMP = path.join('build', 'index.html');

/** @param {string} entry */
function newestMtime(entry) {
  let stat;
  try {
    stat = fs.statSync(entry);
  } catch {
    return 0;
  }
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const name of fs.readdirSync(entry)) {
    newest = Math.max(newest, newestMtime(path.join(entry, name)));
  }
  return newest;
}

/** Why a build is needed, or undefined when build/ is up to date. */
export function buildReason(root = PROJECT_ROOT) {
  const stamp = path.join(root, STAMP);
  if (!fs.existsSync(stamp)) return 'build/ is missing';
  const built = fs.statSync(stamp).mtimeMs;
  const changed = INPUTS.find((input) => newestMtime(path.join(root, input)) > built);
  return changed === undefined ? undefined : `${changed} changed since the last build`;
}

/**
 * Run `vite build` if needed. Build output goes to stderr when
 * `quietStdout` (so callers can keep stdout for JSON).
 * @returns {boolean} whether a build ran
 */
export function buildIfNeeded({ root = PROJECT_ROOT, quietStdout = false, force = false } = {}) {
  const reason = force ? 'forced' : buildReason(root);
  if (reason === undefined) return false;
  console.error(`Building the site (${reason})…`);
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const result = spawnSync(process.execPath, [vite, 'build'], {
    cwd: root,
    stdio: ['ignore', quietStdout ? 2 : 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    throw new Error(`vite build failed (exit ${result.status ?? result.signal})`);
  }
  // vite may keep old mtimes on unchanged files; mark the build as fresh.
  const now = new Date();
  fs.utimesSync(path.join(root, STAMP), now, now);
  return true;
}
