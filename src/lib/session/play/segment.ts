// One setup's part of a game at this browser: its setup, agreements, ledger and the seats played here.
import type { BotLevel } from '$lib/bots';
import type { Seat } from '$lib/engine';
import { dues } from '$lib/protocol';
import { fail, ok, type SessionResult } from '../errors';
import { Ledger, type LocalKeys } from './ledger';
import { checkAgreements, gameId, parseSetup, type Agreement, type TableSetup } from '../setup';
import { MAX_LOG_ENTRIES } from '../limits';

/** A seat's keys, for the person's seat or a bot this browser runs. */
export interface SeatKeys {
  readonly signing: Uint8Array;
  readonly publicKey: string;
  readonly secret: Uint8Array;
}

/** A seat this browser plays: its keys, who decides its moves, and its E-2 choices. */
export interface SeatRuntime {
  readonly seat: Seat;
  readonly signing: Uint8Array;
  readonly secret: Uint8Array;
  readonly bot: BotLevel | null;
  /** A person's autoplay level: set only by Core (setAutoplay, beginSegment, resume). */
  autoplay: BotLevel | null;
  readonly seed: number;
  readonly choices: Map<string, number>;
}

export interface Segment {
  readonly setup: TableSetup;
  readonly game: string;
  readonly agreements: readonly Agreement[];
  readonly ledger: Ledger;
  readonly seats: Map<Seat, SeatRuntime>;
}

/**
 * Opens a signed setup (its JSON text and every seat's agreement) in `room`, with
 * the seats `member` holds keys for played here.
 */
export function openSegment(
  text: string,
  agreements: readonly Agreement[],
  room: string,
  member: string,
  keys: ReadonlyMap<string, SeatKeys>,
): SessionResult<Segment> {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return fail('BAD_SETUP', 'not JSON');
  }
  const parsed = parseSetup(raw);
  if (!parsed.ok) return parsed;
  const setup = parsed.value;
  if (setup.room !== room) return fail('WRONG_ROOM', setup.room);
  const signedAll = checkAgreements(setup, agreements);
  if (!signedAll.ok) return signedAll;
  const game = gameId(setup);
  const local: LocalKeys[] = [];
  const seats = new Map<Seat, SeatRuntime>();
  setup.seats.forEach((s, seat) => {
    const k = s.member === member ? keys.get(s.key) : undefined;
    if (!k) return;
    local.push({ seat, signingSecret: k.signing, secret: k.secret });
    const seed = (k.secret[0] ?? 0) * 65536 + (k.secret[1] ?? 0) * 256 + seat;
    seats.set(seat, {
      seat,
      signing: k.signing,
      secret: k.secret,
      bot: s.bot,
      autoplay: null,
      seed,
      choices: new Map(),
    });
  });
  const ledger = Ledger.open(setup, game, local);
  if (!ledger.ok) return fail('BAD_SETUP', `${ledger.error.code} ${ledger.error.detail ?? ''}`);
  return ok({ setup, game, agreements, ledger: ledger.value, seats });
}

/** Whether a segment's log holds as many entries as the store keeps: play ends there. */
export function logFull(seg: Segment): boolean {
  return seg.ledger.seq >= MAX_LOG_ENTRIES;
}

/** Applies a stored log; the first entry that does not apply refuses the whole. */
export function replay(ledger: Ledger, log: readonly string[]): SessionResult<true> {
  for (const [i, e] of log.entries()) {
    const r = ledger.apply(e);
    if (!r.ok) return fail('REFUSED', `stored entry ${i}: ${r.error.code} ${r.error.detail ?? ''}`);
  }
  return ok(true);
}

/**
 * Between rounds, before the next deal: which seats have said ready (a bot always
 * is), or null when the table is not waiting for anyone's ready. A setup that
 * changed seats at a later round's deal (a newcomer, TT-9; a seat handed back)
 * waits too: readiness is kept by round and seat across setups, so those who
 * said ready stay so, and a round replayed after a stall was readied already.
 */
export function betweenRounds(
  seg: Segment,
  readyByRound: ReadonlyMap<number, ReadonlySet<Seat>>,
): { round: number; ready: boolean[] } | null {
  const table = seg.ledger.any;
  const { record } = table;
  const fresh = record.steps.length === 0 && table.deal.seeds.commits.every((c) => c === null);
  if (record.round <= 1 || !fresh || !dues(table).some((d) => d.kind === 'seed-commit')) {
    return null;
  }
  const ready = readyByRound.get(record.round) ?? new Set<Seat>();
  const flags = seg.setup.seats.map((s, seat) => s.bot !== null || ready.has(seat));
  return flags.every(Boolean) ? null : { round: record.round, ready: flags };
}
