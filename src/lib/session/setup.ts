// A table's setup: what every seat signs before the first deal. The game id is
// a hash of the whole setup (variant, options, seats with names and keys, a
// nonce, and where the game starts), so every log entry, tile point and secret
// derivation is bound to exactly this table, and a peer never plays under a
// setup it did not sign.
import {
  checkOptionSpecs,
  joinNewcomer,
  variantOf,
  VARIANT_IDS,
  type BaseState,
  type Options,
  type Result,
  type VariantId,
} from '$lib/engine';
import { BOT_LEVELS, type BotLevel } from '$lib/bots';
import {
  canonicalJson,
  isJsonRecord,
  sign,
  verifySignature,
  type JsonValue,
  type TableConfig,
  type TableState,
} from '$lib/protocol';
import { fromBase64url, toBase64url, utf8 } from '$lib/protocol/crypto/bytes';
import { taggedHash } from '$lib/protocol/crypto/hashing';
import { fail, ok, type SessionResult } from './errors';
import { MAX_NAME_LENGTH, MAX_SETUP_LENGTH } from './limits';

export { MAX_NAME_LENGTH } from './limits';
export const ROOM_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

export interface SeatSetup {
  readonly name: string;
  /** Base64url Ed25519 public key the seat signs with. */
  readonly key: string;
  /** A bot's level; null for a person. */
  readonly bot: BotLevel | null;
  /** The member (browser) that plays this seat: a bot's runner sees its hand. */
  readonly member: string;
}

/** Where a game under this setup begins: a reseated table goes on from a round's pre-deal view. */
export interface SetupStart {
  readonly round: number;
  readonly view: BaseState;
  /** The game id this one continues. */
  readonly after: string;
}

/** A turn clock's seconds per turn (a table setting, not a rule: the engine never sees it). */
export const TURN_CLOCKS = [30, 60, 120] as const;
export type TurnClock = (typeof TURN_CLOCKS)[number];

export function isTurnClock(v: unknown): v is TurnClock {
  return (TURN_CLOCKS as readonly unknown[]).includes(v);
}

export interface TableSetup {
  readonly room: string;
  readonly variant: VariantId;
  readonly options: Options;
  /** Absent when off, so a setup without a clock keeps the game id it always had. */
  readonly turnClock?: TurnClock;
  readonly seats: readonly SeatSetup[];
  readonly nonce: string;
  readonly start: SetupStart | null;
}

export interface Agreement {
  readonly seat: number;
  readonly sig: string;
}

/** A name as plain text: control characters dropped, spaces collapsed, length-limited. */
export function cleanName(raw: unknown): string {
  if (typeof raw !== 'string') return '';
  const plain = [...raw.replace(/[\p{Cc}\p{Cf}\u2028\u2029]/gu, '').replace(/\s+/g, ' ')]
    .slice(0, MAX_NAME_LENGTH)
    .join('');
  return plain.trim();
}

/**
 * Every option of the variant within its spec (defaults filled in), as a lobby
 * edits them one at a time; `parseSetup` checks them as a whole.
 */
export function checkOptions(
  variant: VariantId,
  players: number,
  given: Readonly<Record<string, unknown>>,
): SessionResult<Options> {
  const v = variantOf(variant);
  return asSetup(checkOptionSpecs(v.title, v.optionSpecs, players, given));
}

/** An engine refusal of options as the session's BAD_SETUP, rule kept. */
function asSetup(checked: Result<Options>): SessionResult<Options> {
  return checked.ok
    ? ok(checked.value)
    : fail('BAD_SETUP', checked.error.message, checked.error.rule);
}

function isVariant(v: unknown): v is VariantId {
  return typeof v === 'string' && (VARIANT_IDS as readonly string[]).includes(v);
}

function parseSeat(raw: unknown): SeatSetup | null {
  if (!isJsonRecord(raw)) return null;
  const { name, key, bot, member } = raw;
  if (typeof name !== 'string' || cleanName(name) !== name || name.length === 0) return null;
  if (typeof key !== 'string' || fromBase64url(key, 32) === null) return null;
  if (bot !== null && !(BOT_LEVELS as readonly unknown[]).includes(bot)) return null;
  if (typeof member !== 'string' || !ROOM_PATTERN.test(member)) return null;
  return { name, key, bot: bot as BotLevel | null, member };
}

/** A setup received from another peer, checked field by field. */
export function parseSetup(raw: unknown): SessionResult<TableSetup> {
  if (!isJsonRecord(raw)) return fail('BAD_SETUP', 'not an object');
  const { room, variant, options, seats, nonce, start, turnClock } = raw;
  if (typeof room !== 'string' || !ROOM_PATTERN.test(room)) return fail('BAD_SETUP', 'room');
  if (!isVariant(variant)) return fail('BAD_SETUP', 'variant');
  if (!Array.isArray(seats)) return fail('BAD_SETUP', 'seats');
  const v = variantOf(variant);
  if (seats.length < v.minPlayers || seats.length > v.maxPlayers) {
    return fail('BAD_SETUP', `${v.title} takes ${v.minPlayers}…${v.maxPlayers} players`);
  }
  const parsed = seats.map(parseSeat);
  if (parsed.some((s) => s === null)) return fail('BAD_SETUP', 'a seat');
  const keys = new Set(parsed.map((s) => s?.key));
  if (keys.size !== parsed.length) return fail('BAD_SETUP', 'two seats share a key');
  if (!isJsonRecord(options)) return fail('BAD_SETUP', 'options');
  // The options as a whole for these seats (tiles enough for every hand…), before any deal.
  const checked = asSetup(v.checkOptions(seats.length, options));
  if (!checked.ok) return checked;
  if (turnClock !== undefined && !isTurnClock(turnClock)) return fail('BAD_SETUP', 'turnClock');
  if (typeof nonce !== 'string' || fromBase64url(nonce, 16) === null) {
    return fail('BAD_SETUP', 'nonce');
  }
  let from: SetupStart | null = null;
  if (start !== null) {
    if (!isJsonRecord(start)) return fail('BAD_SETUP', 'start');
    const { round, view, after } = start;
    const valid =
      typeof round === 'number' &&
      Number.isSafeInteger(round) &&
      round >= 1 &&
      typeof after === 'string' &&
      isJsonRecord(view) &&
      view.variant === variant &&
      view.players === seats.length &&
      view.phase === 'deal';
    if (!valid) return fail('BAD_SETUP', 'start');
    const known = knownFields(v.newGame(seats.length, checked.value), view);
    if (!known) return fail('BAD_SETUP', 'start: a view the engine does not know');
    from = { round, view: known, after };
  }
  const setup: TableSetup = {
    room,
    variant,
    options: checked.value,
    ...(turnClock === undefined ? {} : { turnClock }),
    seats: parsed as SeatSetup[],
    nonce,
    start: from,
  };
  // As it is signed and stored: what play takes, the store keeps.
  const length = setupJson(setup).length;
  if (length > MAX_SETUP_LENGTH) {
    return fail('BAD_SETUP', `${length} characters as stored (at most ${MAX_SETUP_LENGTH})`);
  }
  return ok(setup);
}

/**
 * A start's view rebuilt from the fields the engine's own state has (those of a
 * new game of the variant, `template`): none missing, any other left out. What
 * the session signs, plays and stores is then what the engine knows, not what a
 * proposer sent (the setup's size is bounded where its text comes in).
 */
function knownFields(
  template: BaseState,
  view: Readonly<Record<string, unknown>>,
): BaseState | null {
  const rebuilt: Record<string, unknown> = {};
  for (const key of Object.keys(template)) {
    if (!Object.hasOwn(view, key)) return null;
    rebuilt[key] = view[key];
  }
  // Exactly the engine state's fields, with values as received: a start is used
  // only once it equals this browser's own ledger (`startMismatch`).
  return rebuilt as unknown as BaseState;
}

export function setupJson(setup: TableSetup): string {
  return canonicalJson(setup);
}

/** The game id: a hash of the canonical setup. */
export function gameId(setup: TableSetup): string {
  return toBase64url(taggedHash('trainyard/game-id/v1', [setupJson(setup)])).slice(0, 64);
}

function agreementMessage(setup: TableSetup): Uint8Array {
  return utf8(`trainyard/agree/v1\n${gameId(setup)}\n${setupJson(setup)}`);
}

export function signAgreement(setup: TableSetup, seat: number, secretKey: Uint8Array): Agreement {
  return { seat, sig: toBase64url(sign(agreementMessage(setup), secretKey)) };
}

/** What a hello signs: both ends of this very link and both of its fresh nonces. */
export interface HelloBinding {
  readonly room: string;
  readonly member: string;
  readonly name: string;
  /** The sender's transport id, and the receiver's. */
  readonly from: string;
  readonly to: string;
  /** The nonce the receiver sent on this link (its challenge), and the sender's own. */
  readonly challenge: string;
  readonly nonce: string;
}

function helloMessage(h: HelloBinding): Uint8Array {
  const { room, member, name, from, to, challenge, nonce } = h;
  return utf8(
    `trainyard/hello/v2\n${room}\n${member}\n${from}\n${to}\n${challenge}\n${nonce}\n${name}`,
  );
}

/**
 * A browser's hello is signed with its person's key over the link's two ends
 * and two fresh nonces: it proves that key on this one link, and no other.
 */
export function signHello(binding: HelloBinding, secretKey: Uint8Array): string {
  return toBase64url(sign(helloMessage(binding), secretKey));
}

export function checkHello(binding: HelloBinding, key: string, sig: string): boolean {
  const k = fromBase64url(key, 32);
  const s = fromBase64url(sig, 64);
  return !!k && !!s && verifySignature(helloMessage(binding), s, k);
}

/** What a relayed WebRTC offer or answer signs: who sends which SDP to whom, at which table. */
function offerMessage(room: string, member: string, from: string, to: string, sdp: string) {
  return utf8(`trainyard/offer/v1\n${room}\n${member}\n${from}\n${to}\n${sdp}`);
}

export function signOffer(
  room: string,
  member: string,
  link: { readonly from: string; readonly to: string; readonly sdp: string },
  secretKey: Uint8Array,
): string {
  return toBase64url(sign(offerMessage(room, member, link.from, link.to, link.sdp), secretKey));
}

export function checkOffer(
  room: string,
  member: string,
  link: { readonly from: string; readonly to: string; readonly sdp: string },
  key: string,
  sig: string,
): boolean {
  const k = fromBase64url(key, 32);
  const s = fromBase64url(sig, 64);
  const message = offerMessage(room, member, link.from, link.to, link.sdp);
  return !!k && !!s && verifySignature(message, s, k);
}

/** Whether one seat's agreement is its signature over this setup. */
export function checkAgreement(setup: TableSetup, agreement: Agreement): SessionResult<true> {
  const seat = setup.seats[agreement.seat];
  const sig = fromBase64url(agreement.sig, 64);
  const key = seat && fromBase64url(seat.key, 32);
  if (!sig || !key || !verifySignature(agreementMessage(setup), sig, key)) {
    return fail('BAD_AGREEMENT', `seat ${agreement.seat} did not sign this setup`);
  }
  return ok(true);
}

/** Whether every seat signed this setup, each with its own key. */
export function checkAgreements(
  setup: TableSetup,
  agreements: readonly Agreement[],
): SessionResult<true> {
  for (const seat of setup.seats.keys()) {
    const a = agreements.find((x) => x.seat === seat);
    const checked = a
      ? checkAgreement(setup, a)
      : fail('BAD_AGREEMENT', `seat ${seat} did not sign`);
    if (!checked.ok) return checked;
  }
  return ok(true);
}

/** The protocol's table configuration for a setup. */
export function tableConfig(setup: TableSetup): TableConfig {
  const config: TableConfig = {
    game: gameId(setup),
    variant: setup.variant,
    players: setup.seats.length,
    options: setup.options,
    seatKeys: setup.seats.map((s) => fromBase64url(s.key, 32) ?? new Uint8Array(32)),
  };
  return setup.start ? { ...config, start: setup.start } : config;
}

/** Whether two JSON values are the same once canonical. */
export function sameJson(a: unknown, b: unknown): boolean {
  const norm = (v: unknown) => canonicalJson(JSON.parse(JSON.stringify(v)) as JsonValue);
  try {
    return norm(a) === norm(b);
  } catch {
    return false;
  }
}

/** A pre-deal view with `count` newcomers seated (TT-9), or null where the rules refuse it. */
function withNewcomers(view: BaseState, count: number): BaseState | null {
  if (count < 0) return null;
  let v = view;
  for (let i = 0; i < count; i++) {
    const joined = joinNewcomer(v);
    if (!joined.ok) return null;
    v = joined.value;
  }
  return v;
}

export function isOver(table: TableState): boolean {
  const { phase } = table.view;
  return phase === 'roundOver' || phase === 'gameOver';
}

/**
 * Why a change of seats' `start` does not follow from `last`, the table where the
 * game it continues stands, if it does not: it must go on from where the round in
 * hand was dealt (a change of seats redeals it) or — its play over, a seed
 * withheld — from the next round, with each newcomer seated by TT-9. The record
 * verifier checks each segment with it, and a browser checks a proposed change
 * with it against its own ledger before it signs.
 */
export function startMismatch(last: TableState, start: SetupStart | null): string | null {
  if (!start) return 'no start';
  const { record } = last;
  const bases: [number, BaseState][] = [[record.round, record.preDeal]];
  if (isOver(last) && !record.audit) {
    bases.push([record.round + 1, last.variant.nextRound(last.view)]);
  }
  for (const [round, base] of bases) {
    const expected = withNewcomers(base, start.view.players - base.players);
    if (start.round === round && expected && sameJson(start.view, expected)) return null;
  }
  return `the game goes on from round ${start.round}, not where the segment before stopped`;
}
