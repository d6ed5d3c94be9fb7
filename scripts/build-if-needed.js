// Build the static site unless its output directory (build/) is newer than
// everything it is made from. The browser tests also build a tampered copy
// into build-tamper/ (see src/lib/session/play/tamper.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { PROJECT_ROOT } from './server.js';

const INPUTS = ['src', 'static', 'svelte.config.js', 'vite.config.ts', 'package.json'];

/** The tampered build of the browser tests: its directory and build-time flag. */
export const TAMPER_BUILD = { out: 'build-tamper', flag: 'tile' };

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

/** Why a build is needed, or undefined when `out` is up to date. */
export function buildReason(root = PROJECT_ROOT, out = 'build') {
  const stamp = path.join(root, out, 'index.html');
  if (!fs.existsSync(stamp)) return `${out}/ is missing`;
  const built = fs.statSync(stamp).mtimeMs;
  const changed = INPUTS.find((input) => newestMtime(path.join(root, input)) > built);
  return changed === undefined ? undefined : `${changed} changed since the last build`;
}

/**
 * Run `vite build` if needed. Build output goes to stderr when
 * `quietStdout` (so callers can keep stdout for JSON). `tamper` builds the
 * deliberately dishonest copy into its own directory instead.
 * @returns {boolean} whether a build ran
 */
export function buildIfNeeded({
  root = PROJECT_ROOT,
  quietStdout = false,
  force = false,
  tamper = false,
} = {}) {
  const out = tamper ? TAMPER_BUILD.out : 'build';
  const reason = force ? 'forced' : buildReason(root, out);
  if (reason === undefined) return false;
  console.error(`Building the ${tamper ? 'tampered test copy of the ' : ''}site (${reason})…`);
  const vite = path.join(root, 'node_modules', 'vite', 'bin', 'vite.js');
  const env = tamper
    ? { ...process.env, TRAINYARD_BUILD_DIR: out, VITE_TRAINYARD_TAMPER: TAMPER_BUILD.flag }
    : process.env;
  const result = spawnSync(process.execPath, [vite, 'build'], {
    cwd: root,
    env,
    stdio: ['ignore', quietStdout ? 2 : 'inherit', 'inherit'],
  });
  if (result.status !== 0) {
    throw new Error(`vite build failed (exit ${result.status ?? result.signal})`);
  }
  // vite may keep old mtimes on unchanged files; mark the build as fresh.
  const now = new Date();
  fs.utimesSync(path.join(root, out, 'index.html'), now, now);
  // The server's compressed copies (it would make them at its start otherwise).
  spawnSync(process.execPath, [path.join(root, 'scripts', 'precompress.js'), out], {
    cwd: root,
    stdio: ['ignore', quietStdout ? 2 : 'inherit', 'inherit'],
  });
  return true;
}
