// What a browser keeps per table to resume after a reload, and its validator (pure;
// store.ts keeps the records). The validator reads only the fields it knows, within
// bounds, into a fresh copy: throwing getters, proxies, cycles and extras stay out.
// Leaf modules, not the barrels: the landing page loads this validator (its Continue
// list), and the barrels would bring the bots and the protocol's cryptography along.
import { BOT_LEVELS } from '$lib/bots/levels';
import { VARIANT_IDS } from '$lib/engine';
import { fromBase64url } from '$lib/protocol/crypto/bytes';
import { MAX_ENTRY_LENGTH, MAX_GAME_ID_LENGTH, MAX_SEATS } from '$lib/protocol/limits';
import { MAX_LOG_ENTRIES, MAX_NAME_LENGTH, MAX_SEGMENTS, MAX_SETUP_LENGTH } from '../limits';

export const STORED_TABLE_VERSION = 1;

export interface StoredSegment {
  /** The agreed table setup as canonical JSON text (the session parses it). */
  readonly setup: string;
  /** The game id that setup hashes to. */
  readonly game: string;
  /** Every seat's signed agreement to the setup: { seat, sig } (base64url). */
  readonly agreements: readonly { readonly seat: number; readonly sig: string }[];
  /** Every accepted log entry, encoded, in order. */
  readonly log: readonly string[];
  /** Equivocations seen: a seat's two signed entries for one position (checked on resume). */
  readonly evidence?: readonly {
    readonly seat: number;
    readonly seq: number;
    readonly entries: readonly [string, string];
  }[];
}

export interface StoredSeatKeys {
  /** The segment these keys play in. */
  readonly game: string;
  readonly seat: number;
  readonly kind: 'human' | 'bot';
  /** The bot's level, or the autoplay level of a human seat. */
  readonly level: 'easy' | 'medium' | 'hard' | null;
  /** The Ed25519 secret key, 64 bytes as base64url. */
  readonly signingSecret: string;
  /** The seat's protocol secret, 32 bytes as base64url. */
  readonly secret: string;
  /**
   * The entry this seat signed for the head that the log does not hold yet: on
   * resume it is sent again as it was, never signed over (checked against the log then).
   */
  readonly pending?: string;
}

export interface StoredTable {
  readonly version: typeof STORED_TABLE_VERSION;
  /** 1…64 characters of [A-Za-z0-9_-]. */
  readonly room: string;
  /** Milliseconds since the epoch; the caller supplies it. */
  readonly savedAt: number;
  /** This browser's member id at the table. */
  readonly device: string;
  /** This player's name, plain text of at most 40 characters. */
  readonly name: string;
  readonly variant: string;
  readonly round: number;
  readonly finished: boolean;
  readonly segments: readonly StoredSegment[];
  readonly keys: readonly StoredSeatKeys[];
  readonly settings: Readonly<Record<string, string | number | boolean>>;
  /** The rematches this browser's person accepted: each game, and the finished game it follows. */
  readonly accepted?: readonly { readonly game: string; readonly after: string }[];
}

/** Accepted rematches kept (one is pending at a time; a few spare). */
export const MAX_ACCEPTED = 8;

function accepted(value: unknown, path: string): { game: string; after: string }[] {
  return list(value, path, MAX_ACCEPTED).map((a, i) => {
    const at = `${path}[${i}]`;
    const v = record(a, at);
    return {
      game: text(get(v, 'game', `${at}.game`), `${at}.game`, 1, MAX_GAME_ID_LENGTH),
      after: text(get(v, 'after', `${at}.after`), `${at}.after`, 1, MAX_GAME_ID_LENGTH),
    };
  });
}

export type StoreErrorCode =
  | 'CORRUPT'
  | 'WRONG_VERSION'
  | 'WRONG_ROOM'
  | 'NOT_FOUND'
  | 'STORAGE_UNAVAILABLE'
  | 'STORAGE_FAILED';

export interface StoreError {
  readonly code: StoreErrorCode;
  readonly detail: string;
}

export type StoreResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: StoreError };

const ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const MAX_EVIDENCE = 64;
const MAX_SETTINGS = 64;
const MAX_SETTING_KEY_LENGTH = 64;
const MAX_SETTING_TEXT_LENGTH = 1024;
const SIGNATURE_BYTES = 64;
const SIGNING_SECRET_BYTES = 64;
const SECRET_BYTES = 32;
const CONTROL = /\p{Cc}/u;

class Corrupt extends Error {}

function bad(path: string, expected: string): never {
  throw new Corrupt(`${path}: expected ${expected}`);
}

function get(value: object, key: string | number, path: string): unknown {
  try {
    return (value as Record<string | number, unknown>)[key];
  } catch {
    return bad(path, 'a readable value');
  }
}

function isList(value: unknown, path: string): value is readonly unknown[] {
  try {
    return Array.isArray(value);
  } catch {
    return bad(path, 'a readable value');
  }
}

function record(value: unknown, path: string): object {
  if (typeof value !== 'object' || value === null || isList(value, path)) bad(path, 'an object');
  return value;
}

function list(value: unknown, path: string, max: number): readonly unknown[] {
  if (!isList(value, path)) bad(path, `a list of at most ${max}`);
  const length = get(value, 'length', path);
  if (typeof length !== 'number' || length > max) bad(path, `a list of at most ${max}`);
  return Array.from({ length }, (_, i) => get(value, i, `${path}[${i}]`));
}

function text(value: unknown, path: string, min: number, max: number): string {
  if (typeof value !== 'string' || value.length < min || value.length > max) {
    bad(path, `text of ${min}…${max} characters`);
  }
  return value;
}

function matching(value: unknown, path: string, pattern: RegExp, what: string): string {
  if (typeof value !== 'string' || !pattern.test(value)) bad(path, what);
  return value;
}

function boolean(value: unknown, path: string): boolean {
  if (typeof value !== 'boolean') bad(path, 'true or false');
  return value;
}

function integer(value: unknown, path: string, min: number, max: number): number {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < min || value > max) {
    bad(path, `an integer in ${min}…${max}`);
  }
  return value;
}

function oneOf<T extends string | null>(value: unknown, path: string, options: readonly T[]): T {
  if (!(options as readonly unknown[]).includes(value)) bad(path, `one of ${options.join(', ')}`);
  return value as T;
}

/** Unpadded base64url of exactly `bytes` bytes, in its one canonical spelling. */
function base64url(value: unknown, path: string, bytes: number): string {
  if (typeof value !== 'string' || fromBase64url(value, bytes) === null) {
    bad(path, `${bytes} bytes as unpadded base64url`);
  }
  return value;
}

/** Counted in code points; no control characters. */
function plainName(value: unknown, path: string): string {
  if (
    typeof value !== 'string' ||
    value.length > 2 * MAX_NAME_LENGTH ||
    [...value].length > MAX_NAME_LENGTH ||
    CONTROL.test(value)
  ) {
    bad(path, `plain text of at most ${MAX_NAME_LENGTH} characters`);
  }
  return value;
}

function seat(value: unknown, path: string): number {
  return integer(value, path, 0, MAX_SEATS - 1);
}

function segment(value: unknown, path: string): StoredSegment {
  const v = record(value, path);
  const field = (key: string): unknown => get(v, key, `${path}.${key}`);
  const setup = text(field('setup'), `${path}.setup`, 1, MAX_SETUP_LENGTH);
  const game = text(field('game'), `${path}.game`, 1, MAX_GAME_ID_LENGTH);
  const agreements = list(field('agreements'), `${path}.agreements`, MAX_SEATS).map((a, i) => {
    const at = `${path}.agreements[${i}]`;
    const agreement = record(a, at);
    return {
      seat: seat(get(agreement, 'seat', `${at}.seat`), `${at}.seat`),
      sig: base64url(get(agreement, 'sig', `${at}.sig`), `${at}.sig`, SIGNATURE_BYTES),
    };
  });
  agreements.forEach((a, i) => {
    if (agreements.findIndex((b) => b.seat === a.seat) !== i) {
      bad(`${path}.agreements[${i}].seat`, 'one agreement per seat');
    }
  });
  const log = list(field('log'), `${path}.log`, MAX_LOG_ENTRIES).map((entry, i) =>
    text(entry, `${path}.log[${i}]`, 1, MAX_ENTRY_LENGTH),
  );
  const stored = field('evidence');
  if (stored === undefined) return { setup, game, agreements, log };
  const evidence = list(stored, `${path}.evidence`, MAX_EVIDENCE).map((e, i) => {
    const at = `${path}.evidence[${i}]`;
    const v = record(e, at);
    const entries = list(get(v, 'entries', `${at}.entries`), `${at}.entries`, 2).map((x, k) =>
      text(x, `${at}.entries[${k}]`, 1, MAX_ENTRY_LENGTH),
    );
    const [a, b] = entries;
    if (a === undefined || b === undefined) bad(`${at}.entries`, 'two entries');
    return {
      seat: seat(get(v, 'seat', `${at}.seat`), `${at}.seat`),
      seq: integer(get(v, 'seq', `${at}.seq`), `${at}.seq`, 0, MAX_LOG_ENTRIES),
      entries: [a, b] as const,
    };
  });
  return { setup, game, agreements, log, evidence };
}

function seatKeys(value: unknown, path: string): StoredSeatKeys {
  const v = record(value, path);
  const field = (key: string): unknown => get(v, key, `${path}.${key}`);
  const pending = field('pending');
  return {
    game: text(field('game'), `${path}.game`, 1, MAX_GAME_ID_LENGTH),
    seat: seat(field('seat'), `${path}.seat`),
    kind: oneOf(field('kind'), `${path}.kind`, ['human', 'bot'] as const),
    level: oneOf(field('level'), `${path}.level`, [...BOT_LEVELS, null]),
    signingSecret: base64url(field('signingSecret'), `${path}.signingSecret`, SIGNING_SECRET_BYTES),
    secret: base64url(field('secret'), `${path}.secret`, SECRET_BYTES),
    ...(pending === undefined
      ? {}
      : { pending: text(pending, `${path}.pending`, 1, MAX_ENTRY_LENGTH) }),
  };
}

function settings(value: unknown, path: string): StoredTable['settings'] {
  const v = record(value, path);
  let keys: string[];
  try {
    keys = Object.keys(v);
  } catch {
    return bad(path, 'a readable object');
  }
  if (keys.length > MAX_SETTINGS) bad(path, `at most ${MAX_SETTINGS} settings`);
  const entries = keys.map((key): [string, string | number | boolean] => {
    const at = `${path}.${key}`;
    text(key, at, 1, MAX_SETTING_KEY_LENGTH);
    const setting = get(v, key, at);
    if (typeof setting === 'string') return [key, text(setting, at, 0, MAX_SETTING_TEXT_LENGTH)];
    if (typeof setting === 'boolean') return [key, setting];
    if (typeof setting !== 'number' || !Number.isFinite(setting)) {
      bad(at, 'text, a finite number or a boolean');
    }
    return [key, setting];
  });
  return Object.fromEntries(entries);
}

function parse(value: unknown, room: string | undefined): StoreResult<StoredTable> {
  const v = record(value, 'record');
  const field = (key: string): unknown => get(v, key, key);
  const version = integer(field('version'), 'version', 1, Number.MAX_SAFE_INTEGER);
  if (version !== STORED_TABLE_VERSION) {
    return { ok: false, error: { code: 'WRONG_VERSION', detail: `version ${version}` } };
  }
  const given = field('accepted');
  const table: StoredTable = {
    version,
    room: matching(field('room'), 'room', ID_PATTERN, '1…64 characters of [A-Za-z0-9_-]'),
    savedAt: integer(field('savedAt'), 'savedAt', 0, Number.MAX_SAFE_INTEGER),
    device: matching(field('device'), 'device', ID_PATTERN, '1…64 characters of [A-Za-z0-9_-]'),
    name: plainName(field('name'), 'name'),
    variant: oneOf(field('variant'), 'variant', VARIANT_IDS),
    round: integer(field('round'), 'round', 0, Number.MAX_SAFE_INTEGER),
    finished: boolean(field('finished'), 'finished'),
    segments: list(field('segments'), 'segments', MAX_SEGMENTS).map((s, i) =>
      segment(s, `segments[${i}]`),
    ),
    keys: list(field('keys'), 'keys', MAX_SEGMENTS * MAX_SEATS).map((k, i) =>
      seatKeys(k, `keys[${i}]`),
    ),
    settings: settings(field('settings'), 'settings'),
    ...(given === undefined ? {} : { accepted: accepted(given, 'accepted') }),
  };
  table.segments.forEach((s, i) => {
    if (table.segments.findIndex((t) => t.game === s.game) !== i) {
      bad(`segments[${i}].game`, 'a game id no other segment has');
    }
  });
  table.keys.forEach((k, i) => {
    if (table.keys.findIndex((l) => l.game === k.game && l.seat === k.seat) !== i) {
      bad(`keys[${i}].seat`, 'one set of keys per seat and game');
    }
  });
  if (room !== undefined && table.room !== room) {
    return { ok: false, error: { code: 'WRONG_ROOM', detail: `room ${table.room}, not ${room}` } };
  }
  return { ok: true, value: table };
}

/** CORRUPT names the first field at fault. */
export function parseStoredTable(value: unknown, room?: string): StoreResult<StoredTable> {
  try {
    return parse(value, room);
  } catch (error) {
    const detail = error instanceof Corrupt ? error.message : 'record: unreadable';
    return { ok: false, error: { code: 'CORRUPT', detail } };
  }
}

/** A finished game kept in this browser's history: who played, the totals, the signed record. */
export interface FinishedGame {
  /** The table's room (a table that played a rematch has one entry per game: historyId). */
  readonly room: string;
  /** Milliseconds since the epoch. */
  readonly finishedAt: number;
  readonly variant: (typeof VARIANT_IDS)[number];
  /** Every seat, in seat order; `me` marks the seats this browser's people played. */
  readonly players: readonly {
    readonly name: string;
    readonly bot: (typeof BOT_LEVELS)[number] | null;
    readonly me: boolean;
    readonly total: number;
  }[];
  /** The seats that won (none when the game was ended early). */
  readonly winners: readonly number[];
  /** The signed record's segments, as stored tables keep them. */
  readonly segments: readonly StoredSegment[];
}

const MAX_TOTAL = 1_000_000_000;

function finishedGame(value: unknown): FinishedGame {
  const v = record(value, 'game');
  const field = (key: string): unknown => get(v, key, key);
  const players = list(field('players'), 'players', MAX_SEATS).map((p, i) => {
    const at = `players[${i}]`;
    const player = record(p, at);
    const part = (key: string): unknown => get(player, key, `${at}.${key}`);
    return {
      name: plainName(part('name'), `${at}.name`),
      bot: oneOf(part('bot'), `${at}.bot`, [...BOT_LEVELS, null]),
      me: boolean(part('me'), `${at}.me`),
      total: integer(part('total'), `${at}.total`, -MAX_TOTAL, MAX_TOTAL),
    };
  });
  return {
    room: matching(field('room'), 'room', ID_PATTERN, '1…64 characters of [A-Za-z0-9_-]'),
    finishedAt: integer(field('finishedAt'), 'finishedAt', 0, Number.MAX_SAFE_INTEGER),
    variant: oneOf(field('variant'), 'variant', VARIANT_IDS),
    players,
    winners: list(field('winners'), 'winners', MAX_SEATS).map((w, i) => {
      const s = seat(w, `winners[${i}]`);
      return s < players.length ? s : bad(`winners[${i}]`, 'a seat of the game');
    }),
    segments: list(field('segments'), 'segments', MAX_SEGMENTS).map((s, i) =>
      segment(s, `segments[${i}]`),
    ),
  };
}

/** A finished game's key in the history: its table's room and its own game id (the last segment's). */
export function historyId(game: FinishedGame): string {
  return `${game.room}.${game.segments.at(-1)?.game ?? ''}`;
}

/** A finished game from the history, as a fresh copy of the fields it knows; CORRUPT names the first field at fault. */
export function parseFinishedGame(value: unknown): StoreResult<FinishedGame> {
  try {
    return { ok: true, value: finishedGame(value) };
  } catch (error) {
    const detail = error instanceof Corrupt ? error.message : 'game: unreadable';
    return { ok: false, error: { code: 'CORRUPT', detail } };
  }
}
