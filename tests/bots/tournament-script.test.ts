// `npm run tournament -- … --json` prints exactly one object of the documented shape.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');

it('tournament --json prints {variant, players, games, a, b, ties}', () => {
  const run = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/tournament.ts',
      ...['--variant', 'railominos', '--players', '2', '--games', '4'],
      ...['--a', 'hard', '--b', 'medium', '--option', 'rounds=1', '--json'],
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  expect(run.status, run.stderr).toBe(0);
  const out = JSON.parse(run.stdout) as Record<string, unknown>;
  expect(Object.keys(out)).toEqual(['variant', 'players', 'games', 'a', 'b', 'ties']);
  expect(out).toMatchObject({ variant: 'railominos', players: 2, games: 4 });
  for (const [side, level] of [
    ['a', 'hard'],
    ['b', 'medium'],
  ] as const) {
    const s = out[side] as Record<string, unknown>;
    expect(Object.keys(s)).toEqual(['level', 'wins', 'winRate', 'ci95', 'avgScore']);
    expect(s.level).toBe(level);
    const [lo, hi] = s.ci95 as number[];
    expect(lo).toBeLessThanOrEqual(s.winRate as number);
    expect(hi).toBeGreaterThanOrEqual(s.winRate as number);
  }
  const a = out.a as { wins: number };
  const b = out.b as { wins: number };
  expect(a.wins + b.wins + (out.ties as number)).toBe(4);
});
