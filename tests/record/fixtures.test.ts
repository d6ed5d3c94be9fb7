// The committed record fixtures (used by the command-line tests and the replay
// page's e2e spec) verify as they should. `UPDATE_RECORD_FIXTURES=1 npx vitest run
// tests/record/fixtures.test.ts` plays the games again and rewrites them.
import { readFileSync, writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseRecord, recordText, verifyRecord, type GameRecord } from '$lib/record';
import { playFalsePass, playGame, playLeftAtRoundEnd, playReseated } from './games';

const DIR = new URL('./fixtures/', import.meta.url);
const HONEST_FIXTURE = new URL('honest-mexican-train.json', DIR);
const FALSE_PASS_FIXTURE = new URL('false-pass-railominos.json', DIR);
const RESEATED_FIXTURE = new URL('reseated-mexican-train.json', DIR);
const LEFT_FIXTURE = new URL('left-at-round-end-railominos.json', DIR);

function read(url: URL): GameRecord {
  const parsed = parseRecord(readFileSync(url, 'utf8'));
  if (!parsed.ok) throw new Error(parsed.error.message);
  return parsed.value;
}

describe('record fixtures', () => {
  if (process.env.UPDATE_RECORD_FIXTURES) {
    it('plays them again', async () => {
      const honest = await playGame({
        variant: 'mexican-train',
        people: 2,
        options: { rounds: 1, set: 6, handSize: 4 },
        seed: 51,
      });
      writeFileSync(HONEST_FIXTURE, recordText(honest.record));
      const cheat = await playFalsePass();
      writeFileSync(FALSE_PASS_FIXTURE, recordText(cheat.record));
      const reseated = await playReseated();
      writeFileSync(RESEATED_FIXTURE, recordText(reseated.record));
      const left = await playLeftAtRoundEnd(61);
      writeFileSync(LEFT_FIXTURE, recordText(left.record));
    });
  }

  it('the honest game is fair', () => {
    expect(verifyRecord(read(HONEST_FIXTURE))).toMatchObject({ fair: true, refused: null });
  });

  it('the game whose host vanished has two segments and is fair', () => {
    const record = read(RESEATED_FIXTURE);
    expect(record.segments).toHaveLength(2);
    expect(verifyRecord(record)).toMatchObject({ fair: true, refused: null });
  });

  it('the game a seat left at a round’s end is fair, that seat unchecked, not a violation', () => {
    const verdict = verifyRecord(read(LEFT_FIXTURE));
    expect(verdict).toMatchObject({ fair: true, complete: false, violations: [], refused: null });
    expect(verdict.unchecked).toMatchObject([
      { segment: 0, round: 1, seat: 2, code: 'SEED_NOT_REVEALED', owed: false },
    ]);
  });

  it('the false pass is named', () => {
    const verdict = verifyRecord(read(FALSE_PASS_FIXTURE));
    expect(verdict.refused).toBeNull();
    expect(verdict.violations).toMatchObject([{ seat: 1, code: 'ILLEGAL_MOVE', rule: 'R-7' }]);
  });
});
