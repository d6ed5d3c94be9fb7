// Records of whole games played through the real session: honest games of every
// variant verify as fair; a flipped bit, a dropped entry, a swapped shuffle or
// lock (re-signed by its author) are refused at that entry with the protocol's
// code; a false pass signed by its author is named by the round's audit.
import { describe, expect, it } from 'vitest';
import type { JsonValue } from '$lib/protocol';
import {
  parseRecord,
  recordText,
  replayFrames,
  RecordVerifier,
  verifyRecord,
  type GameRecord,
} from '$lib/record';
import { HONEST_GAMES, playFalsePass, playGame, type PlayedGame } from './games';
import { decode, findEntry, flipBase64Bit, flipBit, resigned, withLog } from './tamper';

let mexican: PlayedGame | null = null;

describe('honest games of every variant verify as fair', () => {
  for (const spec of HONEST_GAMES) {
    it(spec.variant, async () => {
      const game = await playGame(spec);
      if (spec.variant === 'mexican-train') mexican = game;
      // the file round trip changes nothing
      const parsed = parseRecord(recordText(game.record));
      expect(parsed).toEqual({ ok: true, value: game.record });
      const verdict = verifyRecord(game.record);
      expect(verdict).toMatchObject({ fair: true, violations: [], refused: null });
      const entries = game.record.segments.reduce((n, s) => n + s.log.length, 0);
      expect(verdict.entries).toBe(entries);
      expect(verdict.rounds.length).toBeGreaterThan(0);
      for (const r of verdict.rounds)
        expect(r).toMatchObject({ status: 'audited', replayed: true });
      // every seed is in the log: the replay knows every hand from the deal on
      const verifier = new RecordVerifier(game.record);
      verifier.run();
      const frames = replayFrames(verifier.traces);
      const dealt = frames.filter((f) => f.step !== null);
      expect(dealt.length).toBeGreaterThan(verdict.rounds.length);
      for (const f of dealt) expect(f.open).toBe(true);
      expect(frames.at(-1)!.state.phase).toMatch(/roundOver|gameOver/);
    });
  }
});

function honest(): PlayedGame {
  if (!mexican) throw new Error('the Mexican Train game did not play');
  return mexican;
}

function log(record: GameRecord): readonly string[] {
  return record.segments[0]!.log;
}

describe('a damaged record is refused at the entry', () => {
  it('a flipped bit in any entry: every kind of entry, in its signature, body or anywhere', () => {
    const { record } = honest();
    const entries = log(record);
    const kinds = new Map<string, number>();
    entries.forEach((e, i) => {
      const { kind } = decode(e);
      if (!kinds.has(kind)) kinds.set(kind, i);
    });
    const picks = [...new Set([0, ...kinds.values(), entries.length - 1])];
    expect(picks.length).toBeGreaterThanOrEqual(8);
    for (const seq of picks) {
      const original = entries[seq]!;
      const cases: [string, string][] = [
        ['sig', flipBase64Bit(original, 'sig')],
        ['raw', flipBit(original, Math.floor(original.length / 2), 2)],
      ];
      if (/"body":\{[^}]*"[A-Za-z0-9_-]{40,}"/.test(original)) {
        cases.push(['body', flipBase64Bit(original, 'body')]);
      }
      for (const [where, damaged] of cases) {
        const verdict = verifyRecord(withLog(record, 0, entries.with(seq, damaged)));
        expect(verdict.fair, `${where} bit at ${seq}`).toBe(false);
        expect(verdict.refused, `${where} bit at ${seq}`).toMatchObject({ segment: 0, seq });
        if (where !== 'raw') expect(verdict.refused!.code).toBe('BAD_SIGNATURE');
        expect(verdict.entries).toBe(seq);
      }
    }
  });

  it('a dropped entry: the next one is out of sequence (BAD_SEQ)', () => {
    const { record } = honest();
    const entries = log(record);
    for (const seq of [0, 5, Math.floor(entries.length / 2), entries.length - 2]) {
      const verdict = verifyRecord(withLog(record, 0, entries.toSpliced(seq, 1)));
      expect(verdict.fair).toBe(false);
      expect(verdict.refused).toMatchObject({ segment: 0, seq, code: 'BAD_SEQ' });
    }
  });

  it('two entries swapped: BAD_SEQ; an entry repeated: BAD_SEQ', () => {
    const { record } = honest();
    const entries = log(record);
    const swapped = entries.with(3, entries[4]!).with(4, entries[3]!);
    expect(verifyRecord(withLog(record, 0, swapped)).refused).toMatchObject({
      seq: 3,
      code: 'BAD_SEQ',
    });
    const repeated = entries.toSpliced(7, 0, entries[6]!);
    expect(verifyRecord(withLog(record, 0, repeated)).refused).toMatchObject({
      seq: 7,
      code: 'BAD_SEQ',
    });
  });

  it('a swapped shuffle: two points exchanged, re-signed by its author (BAD_SHUFFLE_PROOF)', () => {
    const { record, signing } = honest();
    const { seq, entry } = findEntry(record, (e) => e.kind === 'shuffle-hop' && e.seat === 1);
    const body = entry.body as { points: string[] };
    const points = body.points.with(0, body.points[1]!).with(1, body.points[0]!);
    const forged = resigned(log(record)[seq]!, { ...body, points } as JsonValue, signing[1]!);
    const verdict = verifyRecord(withLog(record, 0, log(record).with(seq, forged)));
    expect(verdict.fair).toBe(false);
    expect(verdict.refused).toMatchObject({ segment: 0, seq, code: 'BAD_SHUFFLE_PROOF' });
  });

  it('a swapped lock: two points exchanged, re-signed by its author (BAD_LOCK_PROOF)', () => {
    const { record, signing } = honest();
    const { seq, entry } = findEntry(record, (e) => e.kind === 'lock-hop');
    const body = entry.body as { points: string[] };
    const points = body.points.with(2, body.points[3]!).with(3, body.points[2]!);
    const forged = resigned(
      log(record)[seq]!,
      { ...body, points } as JsonValue,
      signing[entry.seat]!,
    );
    const verdict = verifyRecord(withLog(record, 0, log(record).with(seq, forged)));
    expect(verdict.refused).toMatchObject({ segment: 0, seq, code: 'BAD_LOCK_PROOF' });
  });

  it('an entry re-signed by another seat: BAD_SIGNATURE', () => {
    const { record, signing } = honest();
    const { seq, entry } = findEntry(record, (e) => e.kind === 'move' && e.seat === 0);
    const forged = resigned(log(record)[seq]!, entry.body, signing[1]!);
    const verdict = verifyRecord(withLog(record, 0, log(record).with(seq, forged)));
    expect(verdict.refused).toMatchObject({ seq, code: 'BAD_SIGNATURE' });
  });

  it('the setup: a changed option, a missing signature, a foreign room', () => {
    const { record } = honest();
    const seg = record.segments[0]!;
    const changed = { ...seg, setup: seg.setup.replace('"handSize":4', '"handSize":5') };
    expect(verifyRecord({ ...record, segments: [changed] }).refused).toMatchObject({
      seq: null,
      code: 'GAME_ID_MISMATCH',
    });
    const unsigned = { ...seg, agreements: seg.agreements.slice(1) };
    expect(verifyRecord({ ...record, segments: [unsigned] }).refused).toMatchObject({
      code: 'BAD_AGREEMENT',
    });
    expect(verifyRecord({ ...record, room: 'elsewhere' }).refused).toMatchObject({
      code: 'WRONG_ROOM',
    });
  });

  it('a record cut short: its last round awaits seeds, and is not counted as a cheat', () => {
    const { record } = honest();
    const entries = log(record);
    const verdict = verifyRecord(withLog(record, 0, entries.slice(0, -1)));
    expect(verdict.refused).toBeNull();
    expect(verdict.fair).toBe(true);
    expect(verdict.violations).toEqual([]);
    expect(verdict.rounds.at(-1)).toMatchObject({ status: 'awaiting-seeds', unchecked: 1 });
    // the last seed not in yet: its seat is unchecked (owed), and the verdict is not complete
    expect(verdict.complete).toBe(false);
    expect(verdict.unchecked).toEqual([
      expect.objectContaining({ segment: 0, code: 'SEED_NOT_REVEALED', owed: true }),
    ]);
    expect(verifyRecord(record)).toMatchObject({ complete: true, unchecked: [] });
    const early = verifyRecord(withLog(record, 0, entries.slice(0, 12)));
    expect(early.rounds.at(-1)!.status).toBe('in-play');
  });

  it('works in slices with progress', () => {
    const { record } = honest();
    const verifier = new RecordVerifier(record);
    let slices = 0;
    while (!verifier.run(5)) slices++;
    expect(slices).toBeGreaterThan(5);
    expect(verifier.progress.done).toBe(verifier.progress.total);
    expect(verifier.verdict().fair).toBe(true);
  });
});

describe('a false pass, signed by its author, is named by the audit', () => {
  it('Railominos: seat 1 passes holding a playable tile (R-7)', async () => {
    const { record, passSeq } = await playFalsePass();
    expect(decode(log(record)[passSeq]!)).toMatchObject({
      seat: 1,
      kind: 'move',
      body: { move: { seat: 1, type: 'pass' } },
    });
    const verdict = verifyRecord(record);
    expect(verdict.refused).toBeNull();
    expect(verdict.fair).toBe(false);
    expect(verdict.violations).toEqual([
      { segment: 0, round: 1, seat: 1, seq: passSeq, code: 'ILLEGAL_MOVE', rule: 'R-7' },
    ]);
    // the replay shows it on the pass itself
    const verifier = new RecordVerifier(record);
    verifier.run();
    const flagged = replayFrames(verifier.traces).filter((f) => f.findings.length > 0);
    expect(flagged).toHaveLength(1);
    expect(flagged[0]).toMatchObject({ seq: passSeq, step: { seat: 1, type: 'pass' } });
  });
});
