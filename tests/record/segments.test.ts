// A record of several segments, from a real game whose seats changed hands: the
// host's tab closes mid-round, the next seat sequences and a bot takes seat 0
// from a fresh deal. It verifies as fair (in code and with `npm run verify`);
// damage to the second segment — a flipped bit, a dropped entry, a setup whose
// start does not follow from where the first segment stopped — is named by
// segment, entry and code.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  parseRecord,
  RecordVerifier,
  recordText,
  replayFrames,
  verifyRecord,
  type GameRecord,
  type RecordSegment,
} from '$lib/record';
import { gameId, parseSetup, setupJson, signAgreement, type TableSetup } from '$lib/session/setup';
import { playHandedBack, playNewcomer, playReseated, type PlayedGame } from './games';
import { flipBase64Bit, flipBit, withLog } from './tamper';
import { verifyText } from './verify-cli';

let game: PlayedGame;

beforeAll(async () => {
  game = await playReseated();
}, 120_000);

function second(record: GameRecord): RecordSegment {
  return record.segments[1]!;
}

/** Segment 1 under a changed setup, signed again by every seat (so only the change is wrong). */
function resetup(change: (setup: TableSetup) => TableSetup, played = game): GameRecord {
  const { record, signing } = played;
  const parsed = parseSetup(JSON.parse(second(record).setup));
  if (!parsed.ok) throw new Error(parsed.error.detail);
  const setup = change(parsed.value);
  const segment: RecordSegment = {
    ...second(record),
    setup: setupJson(setup),
    game: gameId(setup),
    agreements: setup.seats.map((_, seat) => signAgreement(setup, seat, signing[seat]!)),
  };
  return { ...record, segments: record.segments.with(1, segment) };
}

describe('a record whose seats changed hands', () => {
  it('has two segments, the second continuing the first, and verifies as fair', () => {
    const { record } = game;
    expect(record.segments).toHaveLength(2);
    const start = (JSON.parse(second(record).setup) as TableSetup).start;
    expect(start).toMatchObject({ round: 1, after: record.segments[0]!.game });
    expect(parseRecord(recordText(record))).toEqual({ ok: true, value: record });
    const verdict = verifyRecord(record);
    expect(verdict).toMatchObject({ fair: true, violations: [], refused: null });
    expect(verdict.entries).toBe(record.segments.reduce((n, s) => n + s.log.length, 0));
    // the round the host left is interrupted; the one dealt afresh is audited
    expect(verdict.rounds[0]).toMatchObject({ segment: 0, status: 'interrupted' });
    const after = verdict.rounds.filter((r) => r.segment === 1);
    expect(after.length).toBeGreaterThan(0);
    for (const r of after) expect(r).toMatchObject({ status: 'audited', replayed: true });
    // the replay steps through both segments and ends at game over
    const verifier = new RecordVerifier(record);
    verifier.run();
    const frames = replayFrames(verifier.traces);
    expect(new Set(frames.map((f) => f.segment))).toEqual(new Set([0, 1]));
    expect(frames.at(-1)!.state.phase).toBe('gameOver');
  });

  it('npm run verify: exit 0 on it', () => {
    const run = verifyText(recordText(game.record));
    expect(run.out).toMatchObject({ fair: true, refused: null });
    expect(run.status).toBe(0);
  });
});

describe('damage to the second segment is named by segment and entry', () => {
  it('a flipped bit in an entry: refused at that entry of segment 1', () => {
    const { record } = game;
    const log = second(record).log;
    const before = record.segments[0]!.log.length;
    for (const seq of [0, log.length - 1]) {
      const signature = verifyRecord(
        withLog(record, 1, log.with(seq, flipBase64Bit(log[seq]!, 'sig'))),
      );
      expect(signature).toMatchObject({
        fair: false,
        entries: before + seq,
        refused: { segment: 1, seq, code: 'BAD_SIGNATURE' },
      });
      const raw = flipBit(log[seq]!, Math.floor(log[seq]!.length / 2), 1);
      expect(verifyRecord(withLog(record, 1, log.with(seq, raw))).refused).toMatchObject({
        segment: 1,
        seq,
      });
    }
  });

  it('a dropped entry: the next one is out of sequence (BAD_SEQ)', () => {
    const { record } = game;
    const log = second(record).log;
    for (const seq of [0, 7, log.length - 2]) {
      const verdict = verifyRecord(withLog(record, 1, log.toSpliced(seq, 1)));
      expect(verdict.fair).toBe(false);
      expect(verdict.refused).toMatchObject({ segment: 1, seq, code: 'BAD_SEQ' });
    }
  });

  it('an entry of the first segment moved into the second: WRONG_GAME or BAD_SEQ at it', () => {
    const { record } = game;
    const log = second(record).log;
    const stray = record.segments[0]!.log[5]!;
    const verdict = verifyRecord(withLog(record, 1, log.with(5, stray)));
    expect(verdict.refused).toMatchObject({ segment: 1, seq: 5 });
  });

  it('a start view that does not follow from where the first segment stopped (START_MISMATCH)', () => {
    const scores = resetup((s) => ({
      ...s,
      start: { ...s.start!, view: { ...s.start!.view, scores: s.start!.view.scores.with(0, 7) } },
    }));
    const verdict = verifyRecord(scores);
    expect(verdict.fair).toBe(false);
    expect(verdict.refused).toMatchObject({ segment: 1, seq: null, code: 'START_MISMATCH' });
    // everything before the forged setup was verified and counts
    expect(verdict.entries).toBe(game.record.segments[0]!.log.length);
    const round = resetup((s) => ({
      ...s,
      start: { ...s.start!, round: s.start!.round + 1 },
    }));
    expect(verifyRecord(round).refused).toMatchObject({ segment: 1, code: 'START_MISMATCH' });
  });

  it('a redeal nobody needed: a segment under the very seats of the one before (NOT_DUE)', () => {
    const { record, signing } = game;
    const parsed = parseSetup(JSON.parse(second(record).setup));
    if (!parsed.ok) throw new Error(parsed.error.detail);
    // Every seat signed it, and its start is where the game stands (its last round, dealt afresh).
    const last = new RecordVerifier(record);
    last.run();
    const rec = last.table!.record;
    const setup: TableSetup = {
      ...parsed.value,
      nonce: 'AAAAAAAAAAAAAAAAAAAAAA',
      start: { round: rec.round, view: rec.preDeal, after: second(record).game },
    };
    const redeal: RecordSegment = {
      setup: setupJson(setup),
      game: gameId(setup),
      agreements: setup.seats.map((_, seat) => signAgreement(setup, seat, signing[seat]!)),
      log: [],
    };
    const verdict = verifyRecord({ ...record, segments: [...record.segments, redeal] });
    expect(verdict.refused).toMatchObject({ segment: 2, seq: null, code: 'NOT_DUE' });
  });

  it('a setup that continues another game (NOT_CONTINUED), or is not signed by every seat', () => {
    const elsewhere = resetup((s) => ({ ...s, start: { ...s.start!, after: 'x'.repeat(64) } }));
    expect(verifyRecord(elsewhere).refused).toMatchObject({
      segment: 1,
      seq: null,
      code: 'NOT_CONTINUED',
    });
    const { record } = game;
    const unsigned = { ...second(record), agreements: second(record).agreements.slice(1) };
    expect(
      verifyRecord({ ...record, segments: record.segments.with(1, unsigned) }).refused,
    ).toMatchObject({ segment: 1, seq: null, code: 'BAD_AGREEMENT' });
  });

  it('the segments in the wrong order: the first starts midway (STARTS_MIDWAY)', () => {
    const { record } = game;
    const swapped = { ...record, segments: [...record.segments].reverse() };
    expect(verifyRecord(swapped).refused).toMatchObject({ segment: 0, code: 'STARTS_MIDWAY' });
  });
});

describe('where a segment starts (issue 30: a signature is no pass)', () => {
  it('a first segment with a start (a game begun midway, its scores made up): STARTS_MIDWAY', () => {
    const { record } = game;
    // The second segment alone, every seat's signature valid: it starts at round 1 of another game.
    const alone = verifyRecord({ ...record, segments: [second(record)] });
    expect(alone.fair).toBe(false);
    expect(alone.refused).toMatchObject({ segment: 0, seq: null, code: 'STARTS_MIDWAY' });
    expect(alone.entries).toBe(0);
  });

  it('a later segment that starts afresh (start: null) does not follow the one before: NOT_CONTINUED', () => {
    const fresh = resetup((s) => ({ ...s, start: null }));
    const verdict = verifyRecord(fresh);
    expect(verdict.fair).toBe(false);
    expect(verdict.refused).toMatchObject({ segment: 1, seq: null, code: 'NOT_CONTINUED' });
  });
});

describe('a newcomer seated between rounds (TT-9)', () => {
  it('the host’s record and the newcomer’s own verify; a start not at the highest total is named', async () => {
    const played = await playNewcomer();
    const { record, late } = played;
    const starts = record.segments.map((s) => (JSON.parse(s.setup) as TableSetup).start);
    const joinedAt = starts.findIndex((s) => s?.view.players === 3);
    expect(joinedAt).toBeGreaterThan(0);
    expect(verifyRecord(record)).toMatchObject({ fair: true, refused: null });
    // the newcomer's browser, watching since it came, holds the same game
    expect(late.segments.at(-1)!.game).toBe(record.segments.at(-1)!.game);
    expect(verifyRecord(late)).toMatchObject({ fair: true, refused: null });
    expect(joinedAt).toBe(1);
    const lower = resetup((s) => {
      const view = s.start!.view;
      return { ...s, start: { ...s.start!, view: { ...view, scores: view.scores.with(2, 0) } } };
    }, played);
    expect(verifyRecord(lower).refused).toMatchObject({
      segment: 1,
      seq: null,
      code: 'START_MISMATCH',
    });
  });
});

describe('a seat handed back between rounds', () => {
  it('three segments (a bot takes the seat, the player comes back) verify as fair', async () => {
    const { record } = await playHandedBack();
    expect(record.segments.length).toBeGreaterThanOrEqual(3);
    const verdict = verifyRecord(record);
    expect(verdict).toMatchObject({ fair: true, violations: [], refused: null });
    expect(verdict.rounds.filter((r) => r.status === 'audited').length).toBeGreaterThan(1);
  });
});
