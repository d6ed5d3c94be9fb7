// `npm test`: every suite (Vitest: unit and property tests; Playwright: the
// browser tests against the built site), each with its usual output, then one
// line with the totals of all suites: `N passed, N failed, N skipped`.
// Exit status 1 if anything failed or a suite could not run.
//
//   node scripts/test.js [--only unit|e2e] [-- filters…]
//
// Filters after `--` go to each suite as its file filters (e.g.
// `--only e2e -- online-noserver` runs that one spec); none runs everything.
//
// As root with `unshare` and `ip`, the browser suite runs in a private network
// namespace with one veth interface and a default route: headless Chromium
// needs that to gather ICE candidates, and no test traffic leaves the machine.
// Set TRAINYARD_NETNS=0 to run it in the host's namespace instead.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildIfNeeded } from './build-if-needed.js';
import { findChromium } from './chromium.js';
import { inNetns, netnsAvailable } from './netns.js';
import { PROJECT_ROOT } from './server.js';

const OUT = path.join(PROJECT_ROOT, '.test-output');
const VITEST = path.join(PROJECT_ROOT, 'node_modules', 'vitest', 'vitest.mjs');
const PLAYWRIGHT = path.join(PROJECT_ROOT, 'node_modules', '@playwright', 'test', 'cli.js');

/** @typedef {{ name: string, passed: number, failed: number, skipped: number, notes: string[], failures: string[] }} SuiteResult */

/** @param {string} name @returns {SuiteResult} */
function emptyResult(name) {
  return { name, passed: 0, failed: 0, skipped: 0, notes: [], failures: [] };
}

/** @param {SuiteResult} result @param {string} why */
function crashed(result, why) {
  result.failed += 1;
  result.notes.push(why);
  return result;
}

/**
 * Runs a command; resolves with its exit status and, when `keep`, its stdout and
 * stderr in the order they came, kept instead of shown.
 * @param {string} command @param {string[]} args @param {NodeJS.ProcessEnv} [env]
 * @param {boolean} [keep]
 * @returns {Promise<{ status: number, output: string }>}
 */
function run(command, args, env = process.env, keep = false) {
  return new Promise((resolve) => {
    /** @type {Buffer[]} */
    const chunks = [];
    /** @type {import('node:child_process').StdioOptions} */
    const stdio = keep ? ['ignore', 'pipe', 'pipe'] : 'inherit';
    const child = spawn(command, args, { cwd: PROJECT_ROOT, stdio, env });
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    const done = (/** @type {number} */ status) =>
      resolve({ status, output: Buffer.concat(chunks).toString() });
    child.on('error', (error) => {
      const why = `could not start ${command}: ${error.message}`;
      if (keep) chunks.push(Buffer.from(`${why}\n`));
      else console.error(why);
      done(127);
    });
    child.on('close', (code, signal) => done(code ?? (signal ? 128 : 1)));
  });
}

/** @param {string} file @returns {any} */
function readJson(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return undefined;
  }
}

/** @returns {Promise<SuiteResult>} */
async function unitSuite() {
  const result = emptyResult('vitest (unit, property)');
  const json = path.join(OUT, 'vitest.json');
  fs.rmSync(json, { force: true });
  const { status } = await run(process.execPath, [
    VITEST,
    'run',
    ...filters,
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${json}`,
  ]);
  const report = readJson(json);
  if (!report) return crashed(result, `vitest wrote no report (exit ${status})`);
  result.passed = report.numPassedTests ?? 0;
  result.failed = report.numFailedTests ?? 0;
  result.skipped = (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0);
  // A file that fails to load has no failed test, only a failed file.
  for (const file of report.testResults ?? []) {
    const failedTests = (file.assertionResults ?? []).filter(
      (/** @type {{status: string}} */ t) => t.status === 'failed',
    );
    for (const t of failedTests) {
      result.failures.push(`${path.relative(PROJECT_ROOT, file.name)} › ${t.fullName ?? t.title}`);
    }
    if (file.status === 'failed' && failedTests.length === 0) {
      crashed(result, `${path.relative(PROJECT_ROOT, file.name)} failed to run`);
    }
  }
  if (status !== 0 && result.failed === 0) {
    crashed(result, `vitest exited with ${status} (unhandled error?)`);
  }
  return result;
}

/**
 * The browser suite, or the Playwright `projects` named (all when none). `kept`:
 * its output is returned to be shown later rather than shown as it comes.
 * @param {{ projects?: string[], kept?: boolean, name?: string }} [options]
 * @returns {Promise<SuiteResult & { output?: string }>}
 */
async function e2eSuite({ projects = [], kept = false, name = 'playwright (e2e)' } = {}) {
  /** @type {SuiteResult & { output?: string }} */
  const result = emptyResult(name);
  const chromium = findChromium();
  if (chromium.error) {
    console.error(chromium.error);
    return crashed(result, 'no Chromium');
  }
  // Kept output: the global setup builds, so that the build's output is kept too.
  if (!kept) {
    try {
      buildIfNeeded();
    } catch (error) {
      return crashed(result, `build failed: ${error instanceof Error ? error.message : error}`);
    }
  }
  const tag = projects.length ? `-${projects.join('-')}` : '';
  const json = path.join(OUT, `playwright${tag}.json`);
  fs.rmSync(json, { force: true });
  const env = {
    ...process.env,
    TRAINYARD_PW_JSON: json,
    TRAINYARD_PW_OUTPUT: path.join(OUT, `playwright${tag}`),
  };
  // With filters, or a project picked out, just those (the LAN spec's project otherwise runs all the others first).
  const playwright = [
    process.execPath,
    PLAYWRIGHT,
    'test',
    ...(filters.length || projects.length ? ['--no-deps'] : []),
    ...projects.map((project) => `--project=${project}`),
    ...filters,
  ];
  const [command, args] = netnsAvailable()
    ? inNetns(playwright)
    : [process.execPath, playwright.slice(1)];
  const where = netnsAvailable()
    ? 'Browser tests run in a private network namespace (unshare -n, veth0 10.99.0.1).\n'
    : '';
  if (!kept) process.stdout.write(where);
  const { status, output } = await run(command, args, env, kept);
  if (kept) result.output = where + output;
  const report = readJson(json);
  if (!report?.stats) return crashed(result, `playwright wrote no report (exit ${status})`);
  const { expected = 0, unexpected = 0, flaky = 0, skipped = 0 } = report.stats;
  result.passed = expected + flaky;
  result.failed = unexpected;
  result.skipped = skipped;
  if (flaky > 0) result.notes.push(`${flaky} flaky (passed on retry)`);
  result.failures.push(...playwrightOutcomes(report.suites ?? [], 'unexpected'));
  for (const name of playwrightOutcomes(report.suites ?? [], 'flaky')) {
    result.notes.push(`flaky: ${name}`);
  }
  for (const error of report.errors ?? []) {
    crashed(result, String(error.message ?? error).split('\n')[0] ?? 'error');
  }
  if (status !== 0 && result.failed === 0) crashed(result, `playwright exited with ${status}`);
  return result;
}

/**
 * The titles of Playwright's tests with the given outcome, from its JSON report's nested suites.
 * @param {any[]} suites @param {string} outcome @returns {string[]}
 */
function playwrightOutcomes(suites, outcome) {
  /** @type {string[]} */
  const names = [];
  for (const suite of suites) {
    for (const spec of suite.specs ?? []) {
      for (const t of spec.tests ?? []) {
        if (t.status === outcome) names.push(`${spec.file} › ${spec.title} [${t.projectName}]`);
      }
    }
    names.push(...playwrightOutcomes(suite.suites ?? [], outcome));
  }
  return names;
}

const dashes = process.argv.indexOf('--');
const options = dashes === -1 ? process.argv : process.argv.slice(0, dashes);
const filters = dashes === -1 ? [] : process.argv.slice(dashes + 1);
const onlyIndex = options.indexOf('--only');
const only = onlyIndex === -1 ? undefined : options[onlyIndex + 1];
if (only !== undefined && only !== 'unit' && only !== 'e2e') {
  console.error('usage: node scripts/test.js [--only unit|e2e] [-- filters…]');
  process.exit(2);
}

fs.mkdirSync(OUT, { recursive: true });
const started = Date.now();
/** @type {SuiteResult[]} */
const results = [];
if (only === undefined && filters.length === 0) {
  // The browser tests that change the network run alone (playwright.config.ts, project
  // `alone`), leaving a core idle for a minute: they run beside the unit tests instead,
  // in a network namespace of their own, and their output is shown once those end.
  const [unit, network] = await Promise.all([
    unitSuite(),
    e2eSuite({ projects: ['alone'], kept: true, name: 'playwright (e2e, network)' }),
  ]);
  results.push(unit);
  console.log(`\n${network.name}, run beside the unit tests:\n${network.output ?? ''}`);
  results.push(network, await e2eSuite({ projects: ['parallel', 'waiting'] }));
} else {
  if (only !== 'e2e') results.push(await unitSuite());
  if (only !== 'unit') results.push(await e2eSuite());
}

console.log('');
for (const r of results) {
  const notes = r.notes.length ? ` (${r.notes.join('; ')})` : '';
  console.log(`${r.name}: passed ${r.passed}, failed ${r.failed}, skipped ${r.skipped}${notes}`);
  // Named last, so that the tail of a long log still says which tests failed.
  for (const name of r.failures) console.log(`  failed: ${name}`);
}
console.log(`took ${Math.round((Date.now() - started) / 1000)} s`);
const total = (/** @type {'passed'|'failed'|'skipped'} */ key) =>
  results.reduce((sum, r) => sum + r[key], 0);
console.log(`${total('passed')} passed, ${total('failed')} failed, ${total('skipped')} skipped`);
process.exit(total('failed') > 0 ? 1 : 0);
