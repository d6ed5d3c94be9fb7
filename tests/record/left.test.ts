// A record whose first segment ends with a seat's browser gone at the round's
// end (its seed never sent; a bot took the seat for the next round): the record
// cannot tell a player who left from one who withheld the seed, so that seat is
// listed as unchecked for that round — never as a cheat — and the verdict stays
// fair. A real cheat in another round of such a record is still a violation.
import { beforeAll, describe, expect, it } from 'vitest';
import { recordText, verifyRecord, type Verdict } from '$lib/record';
import { playLeftAtRoundEnd, type PlayedGame } from './games';
import { verifyText } from './verify-cli';

let left: PlayedGame;
let cheat: PlayedGame & { readonly passSeq: number | null };

beforeAll(async () => {
  left = await playLeftAtRoundEnd(61);
  cheat = await playLeftAtRoundEnd(62, true);
}, 240_000);

/** Round 1 of segment 0: seat 2's seed never came, and nothing else is wrong with it. */
function expectSeat2Unchecked(verdict: Verdict): void {
  expect(verdict.rounds[0]).toMatchObject({
    segment: 0,
    round: 1,
    status: 'seeds-withheld',
    violations: 0,
    unchecked: 1,
  });
  expect(verdict.unchecked).toEqual([
    {
      segment: 0,
      round: 1,
      seat: 2,
      seq: expect.any(Number),
      code: 'SEED_NOT_REVEALED',
      owed: false,
    },
  ]);
  expect(verdict.violations.filter((v) => v.segment === 0)).toEqual([]);
}

describe('a seat away at the end of a round the game went on from', () => {
  it('verifies as fair: the seat is unchecked for that round, not a violation', () => {
    const { record } = left;
    expect(record.segments).toHaveLength(2);
    const verdict = verifyRecord(record);
    expect(verdict).toMatchObject({ fair: true, complete: false, violations: [], refused: null });
    expectSeat2Unchecked(verdict);
    // the round after it, with a bot in the seat, is audited with every hand known
    const after = verdict.rounds.filter((r) => r.segment === 1);
    expect(after.length).toBeGreaterThan(0);
    for (const r of after) {
      expect(r).toMatchObject({ status: 'audited', replayed: true, violations: 0, unchecked: 0 });
    }
  });

  it('npm run verify: exit 0, and the unchecked seat in the JSON', () => {
    const run = verifyText(recordText(left.record));
    expect(run.out).toMatchObject({
      fair: true,
      complete: false,
      violations: [],
      unchecked: [{ segment: 0, round: 1, seat: 2, code: 'SEED_NOT_REVEALED', owed: false }],
      refused: null,
    });
    expect(run.status).toBe(0);
  });

  it('a false pass in the next round is still named: a violation, beside the unchecked seat', () => {
    const verdict = verifyRecord(cheat.record);
    expect(verdict.refused).toBeNull();
    expect(verdict.fair).toBe(false);
    const round2 = verdict.rounds.find((r) => r.segment === 1)!;
    expect(round2).toMatchObject({ gameRound: 2, status: 'audited', violations: 1, unchecked: 0 });
    expect(verdict.violations).toEqual([
      {
        segment: 1,
        round: round2.round,
        seat: 1,
        seq: cheat.passSeq,
        code: 'ILLEGAL_MOVE',
        rule: 'R-7',
      },
    ]);
    expectSeat2Unchecked(verdict);
  });
});
