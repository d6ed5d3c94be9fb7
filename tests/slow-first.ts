// On a fresh clone Vitest knows no durations and starts the largest files first;
// the random-game property files and a few others are small but the slowest, and
// started last they leave one worker running them alone at the end. They go first.
import { BaseSequencer, type TestSpecification } from 'vitest/node';

const SLOW =
  /(propert[^/]*|whole-games|cli|attack-memory|local-tables|table-rounds|table-controls)\.test\.ts$/;

export class SlowFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const slow = (f: TestSpecification) => SLOW.test(f.moduleId);
    return [...sorted.filter(slow), ...sorted.filter((f) => !slow(f))];
  }
}
