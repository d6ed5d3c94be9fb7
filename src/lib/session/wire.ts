// The session's messages between browsers at one table, and their parser: a
// message that is not one of these, exactly, is dropped with a code. Log entries
// travel as their encoded text and are checked by the protocol, not here.
import { BOT_LEVELS } from '$lib/bots';
import { isJsonRecord, MAX_ENTRY_LENGTH, type JsonValue } from '$lib/protocol';
import { fail, ok, type SessionResult } from './errors';
import { MAX_LOG_ENTRIES, MAX_SETUP_LENGTH } from './limits';
import { isReaction, type ReactionId } from './snapshot';
import { isTurnClock, ROOM_PATTERN, type Agreement, type SeatSetup, type TurnClock } from './setup';

/** Largest session message, in UTF-16 code units (the transport's own limit). */
export const MAX_MESSAGE = 1 << 20;
/** Entries per `entries` message, so a reply stays under MAX_MESSAGE. */
export const MAX_BATCH_CHARS = 1 << 19;

/**
 * How far around this browser's log head entries (beyond it, from the sequencer
 * only), state hashes and round readiness are kept: bounds come from the head,
 * not from trusting the sender.
 */
export const WINDOW = 256;

export interface LobbyDraft {
  readonly variant: string;
  readonly options: Readonly<Record<string, number>>;
  readonly seats: readonly SeatSetup[];
  /** Absent when off. */
  readonly turnClock?: TurnClock;
  /**
   * The host lets watchers react (absent: not allowed). Not part of the setup, so
   * no game id changes; guests take it from the host's lobby during the game too.
   */
  readonly watchersReact?: true;
}

export interface MemberInfo {
  readonly member: string;
  readonly name: string;
  /** Its transport id, for the others to link to it. */
  readonly peer: string;
}

export type Wire =
  /**
   * A fresh nonce for this link, sent by each side when a link opens. Anyone on
   * the link may send it; checked: the room. It makes this browser sign a hello
   * for the link (a few per link, then the link is dropped); a new nonce on a
   * link means the other side started afresh and must prove itself again.
   */
  | { t: 'challenge'; room: string; n: string }
  /**
   * A browser at the table: who it is and its person's key, signed with that key
   * over both ends of this link, the challenge it answers and its own nonce `n`.
   * Anyone may send it, on a link whose challenge it answers (again on a rename).
   * Checked: the signature against this
   * link's nonces; the key against the member's seat key in every signed setup
   * (else the key first proven here); one member per link, at most 64, not
   * removed by the host. It binds the member to this link (messages on it are
   * then that member's) and may seat it in the lobby; a link that claims a
   * second member is dropped. Costs one signature check.
   */
  | { t: 'hello'; room: string; member: string; name: string; key: string; n: string; sig: string }
  /**
   * The host's lobby: the setup being drawn up and who is at the table. Only
   * from the proven host (a newcomer takes the first, from whoever admitted it:
   * during a game a guest sends one to a member new to it, whose invite named a
   * browser that no longer hosts); at most 64 members. Once a game is on, its
   * draft's seats are the current game's (they rank who hosts). It replaces the
   * draft while in the lobby, sets the order of arrival (who hosts next) and
   * where each member can be linked; keys still come from each member's own
   * hello. During the game only the draft's `watchersReact` is taken from it, and
   * only from the host. Costs a link attempt per new member (a newcomer also
   * links to the seats' browsers ranked ahead of the sender, at most 8).
   */
  | { t: 'lobby'; room: string; draft: LobbyDraft; members: readonly MemberInfo[] }
  /**
   * A setup to sign (JSON text of a TableSetup). From the host only. Signed only
   * if it seats this browser's keys as they are and — once a game is on — is a
   * change of seats that is due (a stall, a seat handed back, a TT-9 newcomer)
   * starting exactly where this browser's own ledger stands (one whose start is
   * ahead of it is judged again as this browser catches up, for a while).
   * No change of seats once the game is over or ended. Changes: nothing until every seat
   * signs; while one is pending the host orders nothing. Refused ones are logged
   * naming the proposer.
   * A rematch is a new game (`start: null`) proposed while one is on: taken
   * from the host only once this browser's own game is over, with the same
   * variant and clock (house rules as the host chose, shown to the person) and
   * the same seats moved one to the left (people
   * may be left out, bots keep name and level under the host), a nonce naming the
   * finished game (no old game begun again), and only one at a
   * time (a pending offer is replaced only by the same one with fewer people, by
   * a new host's, or once it has waited twice the away limit). It is kept to
   * show, never signed until this browser's person accepts. Costs: one setup
   * kept (lobby/rematch.ts).
   */
  | { t: 'propose'; setup: string }
  /**
   * A seat's signature over a proposed setup. From anyone; checked against that
   * seat's key in the setup. Changes: the agreements of the pending proposal.
   */
  | { t: 'agree'; game: string; agreement: Agreement }
  /**
   * Every seat signed: play under this setup. From the host (or whoever proposed
   * what this browser signed; a rematch also from a person seated in it, judged as
   * the host's: a browser whose link was down over the end hears it from there;
   * to a browser it seats nobody of that missed more than one rematch, a game
   * that does not follow its own is taken as a newcomer takes one);
   * taken only for a setup this browser signed (a
   * browser with no seat in it: one it would have signed) with every agreement
   * valid. Changes: the current game (the old one is kept as a past segment; a
   * rematch's ends the finished game, kept whole, and starts a record of its own).
   */
  | { t: 'begin'; setup: string; agreements: readonly Agreement[] }
  /**
   * An entry to order. From any member (its author, or a browser passing it
   * on); the entry proves its author. The host orders or refuses it; another
   * seat's browser keeps it as pending (one per seat, at the head only, after
   * the protocol's check) and passes it to the host, and passes over a host that
   * leaves it unordered for the away limit; a watcher drops it. Its author sends
   * it to every seat after a few unanswered resends. Changes: the log (via the host).
   */
  | { t: 'submit'; game: string; entry: string }
  /**
   * A costly entry just submitted, shown to the other peers so they check it
   * while it is ordered. From any member but the host; checked once per position,
   * at the head only. Changes: nothing (a checked proof is not checked again).
   */
  | { t: 'ahead'; game: string; entry: string }
  /**
   * An ordered entry, from whoever holds it. Applied only at the head after the
   * protocol's full check; one the host ordered and this browser refuses raises
   * the desync alarm, from anyone else it is dropped. One beyond the head is
   * kept only from the host and only within WINDOW of the head, while this
   * browser asks the host for the gap (a `want`, at most once a beat); older
   * ones are ignored. A hop's proof is checked on the proof workers, at most
   * MAX_CHECKING at once (play/deck-work.ts), else in line. Changes: the log.
   */
  | { t: 'entry'; game: string; seq: number; entry: string }
  /**
   * An entry the sequencer refused, for every peer to check and name. From the
   * host only; checked again here (only a signed entry's refusal names a seat; a
   * second entry for a logged position is kept as equivocation evidence).
   * Changes: the refusals and equivocations shown, never the log.
   */
  | { t: 'refused'; game: string; entry: string }
  /**
   * The sender's public-state hashes after entries from, from + 1, … From any
   * member; only a seat's browser's count, and only those within WINDOW of the
   * head are kept. Changes: a differing hash raises the desync alarm.
   */
  | { t: 'hashes'; game: string; from: number; list: readonly string[] }
  /**
   * Asks for the log from a position. From any member of this game, at most a
   * few per member at once and two a second after that, and of those only one
   * in five seconds from more than 32 entries back (the whole log, say); the
   * budget is the member's, not its link's, and outlives the link
   * (peers/budgets.ts). Answered with `entries` from this browser's own log, in
   * batches under MAX_MESSAGE. Changes: nothing here.
   */
  | { t: 'want'; game: string; from: number }
  /**
   * Log entries from a position, from any member: each is applied only as an
   * ordered entry would be (full check, at the head); those beyond the head are
   * kept only from the host and within WINDOW of the head, the rest dropped. The
   * answer a new host waits for after a hand-over (from the seats' browsers, at
   * most the away limit). Changes: the log.
   */
  | { t: 'entries'; game: string; from: number; list: readonly string[]; head: number }
  /**
   * A seat is ready for the next round. From the browser that plays that seat
   * (checked against the setup), for a round within one of the current one.
   * Changes: who is ready between rounds.
   */
  | { t: 'ready'; game: string; round: number; seat: number }
  /**
   * Asks for the signed setup of a game the sender says it plays or continues:
   * evidence that a table split (lobby/split.ts). From any member, within its
   * `want` budget; answered with `shown` only for a game of this browser's own
   * (its current one or one it continues). Changes: nothing here.
   */
  | { t: 'show'; game: string }
  /**
   * A game's signed setup (JSON text of a TableSetup) and every seat's agreement,
   * answering a `show`. Only from the member it was asked of, for the very game
   * asked (else NOT_ALLOWED); checked: the setup (at most MAX_SETUP_LENGTH), its
   * game id, room and every agreement, then whether it continues a segment this
   * browser holds (at most MAX_FORK_HOPS setups followed). Changes: nothing but
   * the split alarm, once the setups prove a fork (split.ts forkStep).
   */
  | { t: 'shown'; game: string; setup: string; agreements: readonly Agreement[] }
  /**
   * Heartbeat: the sender's game, log length, hash after its last entry, whom
   * it takes for host, and whether it is catching up (play/sync.ts: it orders and
   * signs nothing until it has heard every seat's browser). From any proven member. Keeps the sender present, counts
   * its host claim for the quorum (and a seat is handed back only to a browser
   * that names this host); a longer log makes this browser ask it for entries (a
   * `want`, at most once a beat), an equal one compares the hash. A game this
   * browser never had, from a person whose seat went to a bot, is only a claim:
   * this browser asks for its signed setup (`show`) before it says the table split.
   * A game behind the host's (a segment this game left, or the game the last
   * rematch finished): that browser missed what came next, and the host sends it
   * the entries it lacks, then the next `begin`; a watcher on a game the host never
   * had is sent the begin of the game in play (at most once a beat, within its
   * `want` budget). `ended`: the game has ended here by its host's `end`, which
   * is not in the log; the host that announced it tells it again (at most once a
   * beat) to a browser whose beat on that game says it has not, even past a rematch.
   */
  | {
      t: 'beat';
      game: string | null;
      seq: number;
      hash: string;
      host: string | null;
      catching: boolean;
      ended: boolean;
    }
  /**
   * The host ends the game with the standings so far. From the host only, for
   * the current game. Changes: the game ends here, with this browser's own scores.
   */
  | { t: 'end'; game: string; reason: string }
  /**
   * A reaction (a quick phrase or emoji, by id: every browser shows it in its own
   * words). From a member to every member it is linked to, never passed on, so
   * the link proves who sent it. Checked: the id is one of REACTIONS (parser),
   * the game is this browser's current one, the sender holds a seat in it — or the
   * host lets watchers react (its lobby's draft says so) — and at most one per
   * REACTION_GAP_MS and REACTION_BURST per REACTION_SPAN_MS from each member (the
   * rest dropped as TOO_FREQUENT). Changes: only what is shown, each member's latest
   * reaction for a few seconds. Costs: one small entry per member (at most
   * MAX_MEMBERS), nothing sent back.
   */
  | { t: 'react'; game: string; reaction: ReactionId };

export type WireKind = Wire['t'];

type Check = (v: JsonValue | undefined) => boolean;
const str =
  (max: number): Check =>
  (v) =>
    typeof v === 'string' && v.length <= max;
const id: Check = (v) => typeof v === 'string' && ROOM_PATTERN.test(v);
const game: Check = (v) => typeof v === 'string' && v.length >= 1 && v.length <= 128;
const index: Check = (v) => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;
const entry = str(MAX_ENTRY_LENGTH);
const nullable =
  (c: Check): Check =>
  (v) =>
    v === null || c(v);
const list =
  (c: Check, max: number): Check =>
  (v) =>
    Array.isArray(v) && v.length <= max && v.every((x: JsonValue) => c(x));
const record =
  (fields: Readonly<Record<string, Check>>): Check =>
  (v) =>
    isJsonRecord(v) &&
    Object.keys(v).length === Object.keys(fields).length &&
    Object.entries(fields).every(([k, c]) => Object.hasOwn(v, k) && c(v[k]));
const agreement = record({ seat: index, sig: str(100) });
const seat = record({
  name: str(40),
  key: str(64),
  bot: (v) => v === null || (BOT_LEVELS as readonly JsonValue[]).includes(v ?? ''),
  member: id,
});
const options: Check = (v) =>
  isJsonRecord(v) &&
  Object.values(v).every((x) => typeof x === 'number' && Number.isSafeInteger(x));

const draftFields = record({ variant: str(64), options, seats: list(seat, 8) });
const draft: Check = (v) => {
  if (!isJsonRecord(v)) return false;
  const { turnClock, watchersReact, ...rest } = v;
  return (
    draftFields(rest) &&
    (turnClock === undefined || isTurnClock(turnClock)) &&
    (watchersReact === undefined || watchersReact === true)
  );
};

const SHAPES: { readonly [K in WireKind]: Readonly<Record<string, Check>> } = {
  challenge: { room: id, n: str(64) },
  hello: { room: id, member: id, name: str(200), key: str(64), n: str(64), sig: str(100) },
  lobby: {
    room: id,
    draft,
    members: list(record({ member: id, name: str(40), peer: str(128) }), 64),
  },
  propose: { setup: str(MAX_SETUP_LENGTH) },
  agree: { game, agreement },
  begin: { setup: str(MAX_SETUP_LENGTH), agreements: list(agreement, 8) },
  submit: { game, entry },
  ahead: { game, entry },
  entry: { game, seq: index, entry },
  refused: { game, entry },
  hashes: { game, from: index, list: list(str(100), 4096) },
  want: { game, from: index },
  show: { game },
  shown: { game, setup: str(MAX_SETUP_LENGTH), agreements: list(agreement, 8) },
  entries: { game, from: index, list: list(entry, MAX_LOG_ENTRIES), head: index },
  ready: { game, round: index, seat: index },
  beat: {
    game: nullable(game),
    seq: index,
    hash: str(100),
    host: nullable(id),
    catching: (v) => typeof v === 'boolean',
    ended: (v) => typeof v === 'boolean',
  },
  end: { game, reason: str(200) },
  react: { game, reaction: isReaction },
};

/** Parses a received payload; anything else is an error naming why. */
export function parseWire(data: unknown): SessionResult<Wire> {
  if (typeof data !== 'string') return fail('MALFORMED_MESSAGE', 'not text');
  if (data.length > MAX_MESSAGE) return fail('OVERSIZED', `${data.length} characters`);
  let value: JsonValue;
  try {
    value = JSON.parse(data) as JsonValue;
  } catch {
    return fail('MALFORMED_MESSAGE', 'not JSON');
  }
  if (!isJsonRecord(value) || typeof value.t !== 'string' || !Object.hasOwn(SHAPES, value.t)) {
    return fail('MALFORMED_MESSAGE', 'unknown kind');
  }
  const { t, ...rest } = value;
  const shape = SHAPES[t as WireKind];
  if (!record(shape)(rest)) return fail('MALFORMED_MESSAGE', `bad ${t}`);
  // SHAPES[t] checked every field of the kind named `t`: the value is that kind's
  // Wire, which TypeScript cannot tie to a kind read at run time.
  return ok(value as unknown as Wire);
}

export function encodeWire(message: Wire): string {
  return JSON.stringify(message);
}

/** Splits entries into batches that each fit one message. */
export function batches(list: readonly string[]): string[][] {
  const out: string[][] = [];
  let current: string[] = [];
  let size = 0;
  for (const e of list) {
    if (current.length > 0 && size + e.length > MAX_BATCH_CHARS) {
      out.push(current);
      current = [];
      size = 0;
    }
    current.push(e);
    size += e.length + 4;
  }
  if (current.length > 0) out.push(current);
  return out;
}
