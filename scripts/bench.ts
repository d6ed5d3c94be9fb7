// `npm run bench [-- area…]`: one JSON object on stdout with a section per area. Each
// section comes from bench/<area>.ts (`export async function run()`); areas
// without a module report `{"status":"not yet measured"}`. Anything the
// modules print goes to stderr, so stdout stays one JSON document.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const AREAS = [
  'engine',
  'deal',
  'session',
  'net',
  'render',
  'bundle',
  'ui',
  'lighthouse',
  'bots',
] as const;
type Area = (typeof AREAS)[number];

interface BenchModule {
  run(): Promise<Record<string, unknown>>;
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function measure(area: Area): Promise<Record<string, unknown>> {
  const file = path.join(root, 'bench', `${area}.ts`);
  if (!fs.existsSync(file)) return { status: 'not yet measured' };
  const started = performance.now();
  try {
    const module = (await import(pathToFileURL(file).href)) as Partial<BenchModule>;
    if (typeof module.run !== 'function') {
      return { status: 'error', message: `bench/${area}.ts exports no run()` };
    }
    const result = await module.run();
    return { ...result, benchSeconds: +((performance.now() - started) / 1000).toFixed(2) };
  } catch (error) {
    console.error(`bench/${area}.ts failed:`, error);
    return { status: 'error', message: error instanceof Error ? error.message : String(error) };
  }
}

const stdoutWrite = process.stdout.write.bind(process.stdout);
// Keep stdout for the JSON: route console output (and stray writes) to stderr.
console.log = console.error;
console.info = console.error;
process.stdout.write = process.stderr.write.bind(process.stderr) as typeof process.stdout.write;

// `npm run bench -- net ui`: only the areas named.
const asked = process.argv.slice(2);
const unknown = asked.filter((a) => !(AREAS as readonly string[]).includes(a));
if (unknown.length > 0) {
  console.error(`unknown bench area ${unknown.join(', ')}; areas: ${AREAS.join(', ')}`);
  process.exit(2);
}
const report: Record<string, unknown> = {};
let failed = false;
for (const area of AREAS.filter((a) => asked.length === 0 || asked.includes(a))) {
  console.error(`bench: ${area}…`);
  const section = await measure(area);
  if (section.status === 'error') failed = true;
  report[area] = section;
}
stdoutWrite(`${JSON.stringify(report, null, 2)}\n`);
process.exitCode = failed ? 1 : 0;
