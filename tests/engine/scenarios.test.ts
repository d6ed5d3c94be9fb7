// Every scenario under tests/scenarios/ (docs/scenarios.md) must give the output
// its `expect` block names.
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runScenario } from '../../src/lib/engine';
import type { Json } from '../../src/lib/engine';
import { checkExpectation } from './scenario-expect';
import type { Expectation } from './scenario-expect';

const DIRS = [resolve('tests/scenarios')];

interface ScenarioCase {
  readonly name: string;
  readonly rules: readonly string[];
  readonly scenario: Json;
  readonly expect: Expectation;
}

const cases = DIRS.flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .map((f) => ({
      file: join(dir, f),
      data: JSON.parse(readFileSync(join(dir, f), 'utf8')) as ScenarioCase,
    })),
);

describe('scenarios', () => {
  it('finds scenario files', () => expect(cases.length).toBeGreaterThan(0));
  for (const { file, data } of cases) {
    it(`${data.rules.join(' ')}: ${data.name} (${file.split('/').slice(-2).join('/')})`, () => {
      const { exit, output } = runScenario(data.scenario);
      expect(checkExpectation(data.expect, output, exit)).toEqual([]);
    });
  }
});
