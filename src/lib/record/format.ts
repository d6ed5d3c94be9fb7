// The game record: one JSON file holding everything a player needs to check a
// table on their own — each setup every seat signed (with the signatures) and
// every signed log entry under it. The seeds revealed at each round's end are
// log entries themselves (seed-reveal), so a record of finished rounds holds
// every seed. Versioned; docs/record-format.md describes it.
//
// Parsing never throws: a file that is not a record comes back as a value with
// a stable code (RecordErrorCode), a path to the field at fault and a message.
import { isJsonRecord } from '$lib/protocol';
import type { EquivocationEvidence } from '$lib/session/session';
import { setupJson, type Agreement, type TableSetup } from '$lib/session/setup';

export const RECORD_FORMAT = 'trainyard-record';
export const RECORD_VERSION = 1;
/**
 * The largest record file read (bytes): a long tournament's record is a few
 * MB; a reader stops after this many, so endless input cannot exhaust memory.
 */
export const MAX_RECORD_BYTES = 32 * 1024 * 1024;

/** One setup's part of the game: from its signing to the next change of seats. */
export interface RecordSegment {
  /** The setup's canonical JSON text, exactly as every seat signed it. */
  readonly setup: string;
  /** Its game id (gameId of the setup): every entry below names it. */
  readonly game: string;
  /** Each seat's signature over the setup. */
  readonly agreements: readonly Agreement[];
  /** The signed, hash-chained log entries, encoded, in order (entry i has seq i). */
  readonly log: readonly string[];
  /**
   * Equivocations the table saw in this segment: a seat, a position, and the two
   * different entries it signed for it (absent when there were none).
   */
  readonly evidence?: readonly EquivocationEvidence[];
}

/** Most equivocations a segment may claim (a session keeps at most 64). */
export const MAX_EVIDENCE = 256;

export interface GameRecord {
  readonly format: typeof RECORD_FORMAT;
  readonly version: typeof RECORD_VERSION;
  /** The room the table ran in; every setup names it. */
  readonly room: string;
  readonly segments: readonly RecordSegment[];
}

export const RECORD_ERROR_CODES = [
  /** The file is empty (or only white space). */
  'EMPTY',
  /** The file stops before its JSON does: a download or copy that was cut short. */
  'TRUNCATED',
  /** The file is not JSON. */
  'NOT_JSON',
  /** JSON, but not a Trainyard record (no or another `format`). */
  'NOT_A_RECORD',
  /** A record of a version this verifier does not read. */
  'UNSUPPORTED_VERSION',
  /** A field the format requires is absent. */
  'MISSING_FIELD',
  /** A field is there but of the wrong type or shape. */
  'BAD_FIELD',
  /** The file could not be read at all (the command line: no such file, …). */
  'UNREADABLE',
  /** The file is larger than MAX_RECORD_BYTES. */
  'TOO_LARGE',
] as const;
export type RecordErrorCode = (typeof RECORD_ERROR_CODES)[number];

export interface RecordError {
  readonly code: RecordErrorCode;
  /** Where in the file, e.g. `segments[1].log[7]` (empty for the whole file). */
  readonly path: string;
  readonly message: string;
}

export type RecordResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: RecordError };

function bad<T>(code: RecordErrorCode, path: string, message: string): RecordResult<T> {
  return { ok: false, error: { code, path, message } };
}

/** A segment as the session holds it (`session.segments()`) or as recorded (setup as text). */
export interface SegmentSource {
  readonly setup: TableSetup | string;
  readonly game: string;
  readonly agreements: readonly Agreement[];
  readonly log: readonly string[];
  readonly evidence?: readonly EquivocationEvidence[];
}

/** The record of a table: its room and every segment so far (`session.segments()`). */
export function recordOf(segments: readonly SegmentSource[], room: string): GameRecord {
  return {
    format: RECORD_FORMAT,
    version: RECORD_VERSION,
    room,
    segments: segments.map((s) => ({
      setup: typeof s.setup === 'string' ? s.setup : setupJson(s.setup),
      game: s.game,
      agreements: s.agreements.map(({ seat, sig }) => ({ seat, sig })),
      log: [...s.log],
      ...(s.evidence?.length
        ? { evidence: s.evidence.map(({ seat, seq, entries }) => ({ seat, seq, entries })) }
        : {}),
    })),
  };
}

/** The record as file text: indented JSON, one line per entry. */
export function recordText(record: GameRecord): string {
  return `${JSON.stringify(record, null, 2)}\n`;
}

/** A file name for a record: `trainyard-<room>-<game id prefix>[-<date>].json`. */
export function recordFileName(room: string, game?: string, date?: Date): string {
  const safe = (s: string) => s.replace(/[^A-Za-z0-9_-]/g, '').slice(0, 24);
  const parts = ['trainyard', safe(room) || 'table'];
  if (game) parts.push(safe(game).slice(0, 8));
  if (date && !Number.isNaN(date.getTime())) {
    const pad = (n: number) => String(n).padStart(2, '0');
    parts.push(
      `${date.getFullYear()}${pad(date.getMonth() + 1)}${pad(date.getDate())}` +
        `-${pad(date.getHours())}${pad(date.getMinutes())}`,
    );
  }
  return `${parts.join('-')}.json`;
}

/**
 * Whether `text` reads as the beginning of a JSON object or array that stops
 * before it closes (inside a string, or with brackets still open).
 */
function looksCut(text: string): boolean {
  const t = text.trimStart();
  if (!t.startsWith('{') && !t.startsWith('[')) return false;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (const ch of t) {
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
    } else if (ch === '"') inString = true;
    else if (ch === '{' || ch === '[') depth++;
    else if (ch === '}' || ch === ']') depth--;
  }
  return inString || depth > 0;
}

function parseAgreement(raw: unknown, path: string): RecordResult<Agreement> {
  if (!isJsonRecord(raw)) return bad('BAD_FIELD', path, 'an agreement is {seat, sig}');
  const { seat, sig } = raw;
  if (seat === undefined) return bad('MISSING_FIELD', `${path}.seat`, 'no seat');
  if (sig === undefined) return bad('MISSING_FIELD', `${path}.sig`, 'no signature');
  if (typeof seat !== 'number' || !Number.isSafeInteger(seat) || seat < 0) {
    return bad('BAD_FIELD', `${path}.seat`, 'a seat is a whole number');
  }
  if (typeof sig !== 'string') return bad('BAD_FIELD', `${path}.sig`, 'a signature is text');
  return { ok: true, value: { seat, sig } };
}

function parseEvidence(raw: unknown, path: string): RecordResult<EquivocationEvidence> {
  const shape = 'an equivocation is {seat, seq, entries: [two entries]}';
  if (!isJsonRecord(raw)) return bad('BAD_FIELD', path, shape);
  const { seat, seq, entries } = raw;
  for (const [k, v] of [
    ['seat', seat],
    ['seq', seq],
  ] as const) {
    if (typeof v !== 'number' || !Number.isSafeInteger(v) || v < 0) {
      return bad('BAD_FIELD', `${path}.${k}`, `${k} is a whole number`);
    }
  }
  const [a, b] = Array.isArray(entries) ? entries : [];
  if (
    !Array.isArray(entries) ||
    entries.length !== 2 ||
    typeof a !== 'string' ||
    typeof b !== 'string'
  ) {
    return bad('BAD_FIELD', `${path}.entries`, shape);
  }
  return { ok: true, value: { seat: seat as number, seq: seq as number, entries: [a, b] } };
}

function parseSegment(raw: unknown, path: string): RecordResult<RecordSegment> {
  if (!isJsonRecord(raw)) return bad('BAD_FIELD', path, 'a segment is an object');
  for (const key of ['setup', 'game', 'agreements', 'log'] as const) {
    if (raw[key] === undefined) return bad('MISSING_FIELD', `${path}.${key}`, `no ${key}`);
  }
  const { setup, game, agreements, log } = raw;
  if (typeof setup !== 'string') {
    return bad('BAD_FIELD', `${path}.setup`, 'the setup is its canonical JSON text');
  }
  if (typeof game !== 'string') return bad('BAD_FIELD', `${path}.game`, 'the game id is text');
  if (!Array.isArray(agreements)) {
    return bad('BAD_FIELD', `${path}.agreements`, 'agreements are a list');
  }
  const signed: Agreement[] = [];
  for (const [i, a] of agreements.entries()) {
    const parsed = parseAgreement(a, `${path}.agreements[${i}]`);
    if (!parsed.ok) return parsed;
    signed.push(parsed.value);
  }
  if (!Array.isArray(log)) return bad('BAD_FIELD', `${path}.log`, 'the log is a list');
  const i = log.findIndex((e) => typeof e !== 'string');
  if (i >= 0) return bad('BAD_FIELD', `${path}.log[${i}]`, 'a log entry is its encoded text');
  const value = { setup, game, agreements: signed, log: log as string[] };
  if (raw.evidence === undefined) return { ok: true, value };
  if (!Array.isArray(raw.evidence) || raw.evidence.length > MAX_EVIDENCE) {
    return bad('BAD_FIELD', `${path}.evidence`, `evidence is a list of at most ${MAX_EVIDENCE}`);
  }
  const evidence: EquivocationEvidence[] = [];
  for (const [k, e] of raw.evidence.entries()) {
    const parsed = parseEvidence(e, `${path}.evidence[${k}]`);
    if (!parsed.ok) return parsed;
    evidence.push(parsed.value);
  }
  return { ok: true, value: { ...value, evidence } };
}

/** The error for a file of more than MAX_RECORD_BYTES. */
export function tooLarge(): RecordError {
  const mib = MAX_RECORD_BYTES / (1024 * 1024);
  return {
    code: 'TOO_LARGE',
    path: '',
    message: `the file is larger than ${mib} MiB, more than any game's record`,
  };
}

/**
 * A record from a file's text; what is wrong with it otherwise, with a stable code.
 * A leading byte-order mark (some editors save one) is not part of the JSON.
 */
export function parseRecord(file: string): RecordResult<GameRecord> {
  // A UTF-8 string holds at most as many UTF-16 units as it had bytes.
  if (file.length > MAX_RECORD_BYTES) return { ok: false, error: tooLarge() };
  const text = file.startsWith('\uFEFF') ? file.slice(1) : file;
  if (text.trim() === '') return bad('EMPTY', '', 'the file is empty');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    const why = e instanceof Error ? e.message : String(e);
    return looksCut(text)
      ? bad('TRUNCATED', '', `the file ends before its JSON does (${why})`)
      : bad('NOT_JSON', '', `the file is not JSON (${why})`);
  }
  if (!isJsonRecord(raw)) return bad('NOT_A_RECORD', '', 'not a JSON object');
  if (raw.format !== RECORD_FORMAT) {
    return bad('NOT_A_RECORD', 'format', `format is not "${RECORD_FORMAT}"`);
  }
  if (raw.version === undefined) return bad('MISSING_FIELD', 'version', 'no version');
  if (raw.version !== RECORD_VERSION) {
    return bad(
      'UNSUPPORTED_VERSION',
      'version',
      `version ${JSON.stringify(raw.version)}; this verifier reads version ${RECORD_VERSION}`,
    );
  }
  const { room, segments } = raw;
  if (room === undefined) return bad('MISSING_FIELD', 'room', 'no room');
  if (typeof room !== 'string') return bad('BAD_FIELD', 'room', 'the room is text');
  if (segments === undefined) return bad('MISSING_FIELD', 'segments', 'no segments');
  if (!Array.isArray(segments) || segments.length === 0) {
    return bad('BAD_FIELD', 'segments', 'segments are a non-empty list');
  }
  const out: RecordSegment[] = [];
  for (const [i, s] of segments.entries()) {
    const parsed = parseSegment(s, `segments[${i}]`);
    if (!parsed.ok) return parsed;
    out.push(parsed.value);
  }
  return {
    ok: true,
    value: { format: RECORD_FORMAT, version: RECORD_VERSION, room, segments: out },
  };
}

/** Each segment's seat names, from its setup (`Seat n` where a name cannot be read). */
export function seatNames(record: GameRecord): string[][] {
  return record.segments.map((s) => {
    try {
      const setup = JSON.parse(s.setup) as { seats?: { name?: unknown }[] };
      return (setup.seats ?? []).map((x, i) =>
        typeof x.name === 'string' ? x.name : `Seat ${i + 1}`,
      );
    } catch {
      return [];
    }
  });
}
