// Runs `npm run verify` (scripts/verify.ts) on a file or a record's text, as a
// player would: its exit status and the JSON verdict it prints.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

export interface CliRun {
  readonly status: number | null;
  readonly out: Record<string, unknown>;
}

/** `npm run verify -- file` (stdin a descriptor, or a pipe). */
export function verifyFile(file: string, stdin: number | 'pipe' = 'pipe'): CliRun {
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/verify.ts', file],
    // A heap far smaller than endless input: reading it all would crash, not exit 2.
    {
      cwd: ROOT,
      encoding: 'utf8',
      timeout: 60_000,
      stdio: [stdin, 'pipe', 'pipe'],
      env: { ...process.env, NODE_OPTIONS: '--max-old-space-size=256' },
    },
  );
  return { status: run.status, out: JSON.parse(run.stdout) as Record<string, unknown> };
}

/** `npm run verify` on a record's text, saved to a file of its own. */
export function verifyText(text: string): CliRun {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'trainyard-verify-')), 'record.json');
  writeFileSync(file, text);
  return verifyFile(file);
}
