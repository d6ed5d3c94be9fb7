// The record file's parser: every way a file can fail to be a record comes back
// as a value with a stable code and the path at fault.
import { describe, expect, it } from 'vitest';
import {
  MAX_RECORD_BYTES,
  parseRecord,
  recordFileName,
  recordText,
  type GameRecord,
} from '$lib/record';

const RECORD: GameRecord = {
  format: 'trainyard-record',
  version: 1,
  room: 'room1',
  segments: [{ setup: '{}', game: 'g', agreements: [{ seat: 0, sig: 'AA' }], log: ['{}'] }],
};
const text = recordText(RECORD);

function code(t: string) {
  const r = parseRecord(t);
  return r.ok ? 'ok' : `${r.error.code} ${r.error.path}`.trim();
}

describe('parseRecord', () => {
  it('reads what recordText writes', () => {
    expect(parseRecord(text)).toEqual({ ok: true, value: RECORD });
  });

  it('a leading byte-order mark (as some editors save) is not part of the JSON', () => {
    expect(parseRecord(`\uFEFF${text}`)).toEqual({ ok: true, value: RECORD });
    expect(code('\uFEFF')).toBe('EMPTY');
    expect(code(`\uFEFF\uFEFF${text}`)).toBe('NOT_JSON');
  });

  it('a text longer than the cap is too large, read no further', () => {
    const long = ' '.repeat(MAX_RECORD_BYTES + 1);
    expect(parseRecord(long)).toMatchObject({
      ok: false,
      error: { code: 'TOO_LARGE', message: expect.stringContaining('32 MiB') },
    });
    expect(code(text + ' '.repeat(MAX_RECORD_BYTES - text.length))).toBe('ok');
  });

  it('an empty file, a cut one, one that is not JSON', () => {
    expect(code('')).toBe('EMPTY');
    expect(code('  \n')).toBe('EMPTY');
    for (const n of [1, 10, 40, text.length - 3]) expect(code(text.slice(0, n))).toBe('TRUNCATED');
    expect(code('hello')).toBe('NOT_JSON');
    expect(code('{"format": trainyard}')).toBe('NOT_JSON');
    expect(code('<html></html>')).toBe('NOT_JSON');
  });

  it('JSON that is not a record, or another version', () => {
    expect(code('[]')).toBe('NOT_A_RECORD');
    expect(code('{"format":"other"}')).toBe('NOT_A_RECORD format');
    expect(code(JSON.stringify({ ...RECORD, version: 2 }))).toBe('UNSUPPORTED_VERSION version');
    const { version: _, ...noVersion } = RECORD;
    expect(code(JSON.stringify(noVersion))).toBe('MISSING_FIELD version');
  });

  it('missing and malformed fields, with their path', () => {
    const seg = RECORD.segments[0]!;
    const { room: _r, ...noRoom } = RECORD;
    expect(code(JSON.stringify(noRoom))).toBe('MISSING_FIELD room');
    expect(code(JSON.stringify({ ...RECORD, segments: [] }))).toBe('BAD_FIELD segments');
    const { log: _l, ...noLog } = seg;
    expect(code(JSON.stringify({ ...RECORD, segments: [seg, noLog] }))).toBe(
      'MISSING_FIELD segments[1].log',
    );
    expect(code(JSON.stringify({ ...RECORD, segments: [{ ...seg, log: ['{}', 7] }] }))).toBe(
      'BAD_FIELD segments[0].log[1]',
    );
    expect(
      code(
        JSON.stringify({ ...RECORD, segments: [{ ...seg, agreements: [{ seat: -1, sig: '' }] }] }),
      ),
    ).toBe('BAD_FIELD segments[0].agreements[0].seat');
    expect(code(JSON.stringify({ ...RECORD, segments: [{ ...seg, setup: {} }] }))).toBe(
      'BAD_FIELD segments[0].setup',
    );
  });
});

describe('recordFileName', () => {
  it('names the room, the game and the time, in safe characters', () => {
    const when = new Date(2026, 0, 2, 3, 4);
    expect(recordFileName('room1', 'abcdefghijkl', when)).toBe(
      'trainyard-room1-abcdefgh-20260102-0304.json',
    );
    expect(recordFileName('../x y')).toBe('trainyard-xy.json');
  });
});
