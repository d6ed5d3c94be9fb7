// `npm run scenario -- FILE.json` (or `-` for standard input): docs/scenarios.md.
import { readFileSync } from 'node:fs';
import { runScenario } from '../src/lib/engine/scenario';

/** The project's test-case files wrap a scenario as `{name, rules, scenario, expect}`. */
function unwrap(raw: unknown): unknown {
  const isCase =
    typeof raw === 'object' && raw !== null && 'scenario' in raw && !('variant' in raw);
  return isCase ? (raw as { scenario: unknown }).scenario : raw;
}

function main(): number {
  const file = process.argv[2];
  if (!file) {
    console.error('usage: npm run scenario -- FILE.json   (or - for standard input)');
    return 2;
  }
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file === '-' ? 0 : file, 'utf8'));
  } catch (e) {
    const message = e instanceof Error ? e.message : String(e);
    console.log(JSON.stringify({ ok: false, error: { code: 'BAD_SCENARIO', message } }));
    return 2;
  }
  const result = runScenario(unwrap(raw));
  console.log(JSON.stringify(result.output, null, 2));
  return result.exit;
}

process.exitCode = main();
