// `npm run verify -- record.json`: one JSON verdict on stdout; exit 0 fair, 1 a
// violation or refusal, 2 a malformed or unreadable file.
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { flipBase64Bit } from './tamper';
import { ROOT, verifyFile as verify } from './verify-cli';

const FIXTURES = path.join(ROOT, 'tests/record/fixtures');
const dir = mkdtempSync(path.join(tmpdir(), 'trainyard-verify-'));

function temp(name: string, text: string): string {
  const file = path.join(dir, name);
  writeFileSync(file, text);
  return file;
}

describe('npm run verify', () => {
  const honest = readFileSync(path.join(FIXTURES, 'honest-mexican-train.json'), 'utf8');

  it('a fair record: exit 0', () => {
    const { status, out } = verify(path.join(FIXTURES, 'honest-mexican-train.json'));
    expect(out).toMatchObject({
      fair: true,
      complete: true,
      violations: [],
      unchecked: [],
      refused: null,
    });
    expect(status).toBe(0);
  });

  it('a violation: exit 1, named by seat, entry and rule', () => {
    const { status, out } = verify(path.join(FIXTURES, 'false-pass-railominos.json'));
    expect(out).toMatchObject({
      fair: false,
      refused: null,
      violations: [{ segment: 0, seat: 1, code: 'ILLEGAL_MOVE', rule: 'R-7' }],
    });
    expect(status).toBe(1);
  });

  it('a flipped bit: exit 1, the entry refused', () => {
    const record = JSON.parse(honest) as { segments: { log: string[] }[] };
    const log = record.segments[0]!.log;
    log[9] = flipBase64Bit(log[9]!, 'sig');
    const { status, out } = verify(temp('flipped.json', JSON.stringify(record)));
    expect(out).toMatchObject({ fair: false, refused: { seq: 9, code: 'BAD_SIGNATURE' } });
    expect(status).toBe(1);
  });

  it('a truncated file, a non-JSON file, a missing file: exit 2 with the reason', () => {
    const cut = verify(temp('cut.json', honest.slice(0, honest.length / 2)));
    expect(cut.out).toMatchObject({ fair: false, error: { code: 'TRUNCATED' } });
    expect(cut.status).toBe(2);
    const text = verify(temp('text.json', 'these are not the tiles you are looking for'));
    expect(text.out).toMatchObject({ error: { code: 'NOT_JSON' } });
    expect(text.status).toBe(2);
    const missing = verify(path.join(dir, 'nothing-here.json'));
    expect(missing.out).toMatchObject({ error: { code: 'UNREADABLE' } });
    expect(missing.status).toBe(2);
  });

  it('a record saved with a byte-order mark: read as the same record, exit 0', () => {
    const { status, out } = verify(temp('bom.json', `\uFEFF${honest}`));
    expect(out).toMatchObject({ fair: true, violations: [] });
    expect(status).toBe(0);
  });

  it('endless input (/dev/zero as a file or as standard input): exit 2, too large, at once', () => {
    const file = verify('/dev/zero');
    expect(file.out).toMatchObject({ fair: false, error: { code: 'TOO_LARGE' } });
    expect(file.status).toBe(2);
    const zero = openSync('/dev/zero', 'r');
    try {
      const stdin = verify('-', zero);
      expect(stdin.out).toMatchObject({
        fair: false,
        error: { code: 'TOO_LARGE', message: expect.stringContaining('32 MiB') },
      });
      expect(stdin.status).toBe(2);
    } finally {
      closeSync(zero);
    }
  });

  it('a file one byte over the cap: exit 2; a record from standard input still reads', () => {
    const big = temp('big.json', ' '.repeat(32 * 1024 * 1024 + 1));
    expect(verify(big)).toMatchObject({ status: 2, out: { error: { code: 'TOO_LARGE' } } });
    const run = spawnSync(
      process.execPath,
      [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'scripts/verify.ts', '-'],
      { cwd: ROOT, encoding: 'utf8', timeout: 60_000, input: honest },
    );
    expect(JSON.parse(run.stdout)).toMatchObject({ fair: true });
    expect(run.status).toBe(0);
  });
});
