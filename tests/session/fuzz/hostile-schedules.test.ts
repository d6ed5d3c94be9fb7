// The hostile-schedule fuzzer's short run in `npm test` (schedule.ts says what it
// does; `npm run fuzz -- --schedules N` runs many more). Each role is tried; a
// failing schedule prints its seed, replayed with `npm run fuzz -- --seed S`.
import { describe, expect, it } from 'vitest';
import { ROLES, runSchedule } from './schedule';

const SEEDS = [1];

describe('hostile schedules (issue 30)', () => {
  for (const role of ROLES) {
    it(`an adversarial ${role}: every invariant holds at every honest browser`, async () => {
      for (const seed of SEEDS) {
        const r = await runSchedule({ seed, role, steps: 15, settleMs: 1000 });
        expect(
          r.findings,
          `seed ${seed} (${role}): npm run fuzz -- --seed ${seed} --role ${role}`,
        ).toEqual([]);
      }
    }, 60_000);
  }
});
