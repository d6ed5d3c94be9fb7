// The split alarm's evidence. A person whose seat this side gave to a bot, heard
// beating a game this browser never had, may be on the other half of a split
// table (links went down, each side took the other's seats, both played on) — or
// may be making the game up: a beat is unsigned chatter. So before the desync
// alarm says the table split, this browser asks that member for the signed setup
// of the game it names (`show`), then for that of each game the last one shown
// continues (`shown`), until one continues a segment this browser holds. The
// alarm is raised only when that chain is evidence of a fork (forkStep): every
// setup signed by all its seats; the claimed one seats the member as a person;
// the last one continues a segment this browser holds but has since left (a
// successor of its current one is a begin on its way, not a fork), with the same
// variant and options, signed by at least half of that segment's browsers under
// keys they held in it, the claimer among them: the same half that lets a host
// hand seats to bots (Seats.mayReseat). Anything less raises nothing: a log line,
// and the member is not asked again for the away limit.
// Bounds: one claim per member that sat as a person in this game (those alone are
// asked); a member asked at most once per away limit (a new claim, a lost answer
// or a failed one waits for it) but for the setups one claim's answers lead to,
// at most MAX_FORK_HOPS, each at most MAX_SETUP_LENGTH with its agreements (one
// per seat) checked once. Answering costs a lookup among this browser's own
// segments, within the asker's `want` budget.
import type { PeerId } from '$lib/net';
import type { Core } from '../core';
import { fail, ok, type SessionResult } from '../errors';
import { MAX_SETUP_LENGTH } from '../limits';
import type { Segment } from '../play/segment';
import {
  checkAgreements,
  gameId,
  parseSetup,
  sameJson,
  setupJson,
  type Agreement,
  type TableSetup,
} from '../setup';

/** Signed setups followed back from a claimed game before it must reach one this browser holds. */
export const MAX_FORK_HOPS = 8;

/** What the split evidence may touch of the session's core (core.ts). */
export type SplitCore = Pick<
  Core,
  | 'room'
  | 'now'
  | 'timing'
  | 'segment'
  | 'past'
  | 'presence'
  | 'hashes'
  | 'drop'
  | 'send'
  | 'wantAllowed'
>;

/** A member's beats naming a game this browser never had, and what it has shown of it. */
interface Claim {
  readonly game: string;
  /** When its beats first named this game. */
  readonly since: number;
  /** The link it was last heard on (the question goes there). */
  readonly peer: PeerId;
  /** The game whose signed setup is asked of it now (null: none yet). */
  readonly asking: string | null;
  /** Setups it has shown for this claim. */
  readonly hops: number;
  /** Its signed setups show that the claimed game forks this table. */
  readonly forks: boolean;
}

/** What the evidence reads of a segment this browser holds. */
export type Held = Pick<Segment, 'game' | 'setup'>;

/** What one shown setup proves: the fork, or only that the game it continues must be asked for. */
type Step = { readonly kind: 'forks' } | { readonly kind: 'continues'; readonly after: string };

/**
 * Why the signed setup `text` (with `agreements`), shown by `member` as game
 * `game`, the `hop`-th setup of its claim, is no evidence that its game forks
 * the table whose segments here are `lineage` (the current one last); or what
 * it proves.
 */
export function forkStep(
  lineage: readonly Held[],
  room: string,
  member: string,
  game: string,
  hop: number,
  text: string,
  agreements: readonly Agreement[],
): SessionResult<Step> {
  if (text.length > MAX_SETUP_LENGTH) return fail('BAD_SETUP', 'a setup too long');
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return fail('BAD_SETUP', 'a setup that is not JSON');
  }
  const parsed = parseSetup(raw);
  if (!parsed.ok) return parsed;
  const setup = parsed.value;
  if (setup.room !== room) return fail('WRONG_ROOM', setup.room);
  if (gameId(setup) !== game) return fail('WRONG_GAME', 'a setup that is not the game asked for');
  if (hop === 0 && !setup.seats.some((s) => s.member === member && s.bot === null)) {
    return fail('BAD_SETUP', `a game that does not seat ${member}`);
  }
  const after = setup.start?.after;
  if (after === undefined) return fail('WRONG_GAME', 'a game that continues no other');
  const at = lineage.findIndex((s) => s.game === after);
  if (at >= 0 && at === lineage.length - 1) {
    return fail('WRONG_GAME', 'it continues this browser’s own game (no fork: its begin may come)');
  }
  if (at < 0 && hop + 1 >= MAX_FORK_HOPS) {
    return fail('WRONG_GAME', `no game this table played within ${MAX_FORK_HOPS} setups`);
  }
  // The signatures last: the checks above cost nothing.
  const signed = checkAgreements(setup, agreements);
  if (!signed.ok) return signed;
  const parent = lineage[at];
  if (!parent) return ok({ kind: 'continues', after });
  return backingRefusal(parent, setup, member) ?? ok({ kind: 'forks' });
}

/**
 * Why `child`, which continues `parent`, is not a continuation the rules let a
 * side of a split make, or null: the same variant and options, signed (each of
 * its seats signs: checkAgreements) by at least half of the parent's browsers
 * under keys they held in it, `member` among them.
 */
function backingRefusal(parent: Held, child: TableSetup, member: string) {
  const was = parent.setup;
  if (child.variant !== was.variant || !sameJson(child.options, was.options)) {
    return fail('BAD_SETUP', 'a game with another variant or options');
  }
  const browsers = new Set(was.seats.map((s) => s.member));
  const backing = new Set(
    child.seats.flatMap((s) =>
      was.seats.some((p) => p.member === s.member && p.key === s.key) ? [s.member] : [],
    ),
  );
  if (!backing.has(member)) return fail('BAD_AGREEMENT', `${member} did not sign it as before`);
  if (backing.size * 2 < browsers.size) {
    return fail('BAD_AGREEMENT', 'fewer than half of the table’s browsers signed it');
  }
  return null;
}

/**
 * Claims of games this browser never had, each followed to its evidence. One
 * claim per member (only members that sat as persons in this game make one), and
 * a member is asked at most once per away limit, but for the setups a claim's
 * answers lead to (at most MAX_FORK_HOPS): a claim whose evidence fails, or a
 * new game claimed, waits for that too.
 */
export class Splits {
  readonly #t: SplitCore;
  readonly #claims = new Map<string, Claim>();
  /** When each member was last asked to start or repeat its evidence. */
  readonly #asked = new Map<string, number>();

  constructor(t: SplitCore) {
    this.#t = t;
  }

  /** Whether `game`'s setup is what this browser asked `member` for. */
  awaits(member: string, game: string): boolean {
    const c = this.#claims.get(member);
    return c !== undefined && !c.forks && c.asking === game;
  }

  /** `member` no longer claims a game this browser never had. */
  forget(member: string): void {
    this.#claims.delete(member);
  }

  /**
   * `member`, which sat as a person in this game and no longer does, beats
   * `game`, which this browser never had: the claim is asked after, and the
   * alarm raised once its evidence holds and the claim has lasted the away limit.
   */
  claim(seg: Segment, game: string, member: string, peer: PeerId): void {
    const now = this.#t.now();
    const was = this.#claims.get(member);
    const c: Claim =
      was?.game === game
        ? { ...was, peer }
        : { game, since: now, peer, asking: null, hops: 0, forks: false };
    this.#claims.set(member, c);
    if (c.forks) return this.#raise(seg, member, c);
    const asked = this.#asked.get(member);
    if (asked !== undefined && now - asked < this.#t.timing.awayMs) return;
    // First asked, or asked again: its answer may have been lost.
    this.#asked.set(member, now);
    this.#ask(member, c, c.asking ?? game);
  }

  /** Asks `member` for the signed setup of `game`, a step of claim `c`. */
  #ask(member: string, c: Claim, game: string): void {
    this.#claims.set(member, { ...c, asking: game });
    this.#t.send(c.peer, { t: 'show', game });
  }

  /** The signed setup `member` shows for `game`, asked for (awaits): one step of its evidence. */
  onShown(member: string, game: string, text: string, agreements: readonly Agreement[]): void {
    const c = this.#claims.get(member);
    const seg = this.#t.segment;
    if (!c || !seg || !this.awaits(member, game)) return;
    const lineage = [...this.#t.past, seg];
    const step = forkStep(lineage, this.#t.room, member, game, c.hops, text, agreements);
    if (!step.ok) {
      // Not believed: asked again (this claim or another) only after the away limit.
      this.#claims.delete(member);
      const { code, detail } = step.error;
      return this.#t.drop(code, `${member} claims game ${c.game} with no evidence: ${detail}`);
    }
    if (step.value.kind === 'continues') {
      return this.#ask(member, { ...c, hops: c.hops + 1 }, step.value.after);
    }
    const proven: Claim = { ...c, asking: null, hops: c.hops + 1, forks: true };
    this.#claims.set(member, proven);
    this.#raise(seg, member, proven);
  }

  /** A member asks for the signed setup of one of this browser's games (within its `want` budget). */
  onShow(peer: PeerId, game: string): void {
    if (!this.#t.wantAllowed(peer, 0)) return this.#t.drop('TOO_FREQUENT', `show from ${peer}`);
    const seg = this.#t.segment;
    const s = seg && [...this.#t.past, seg].find((x) => x.game === game);
    if (!s) return;
    this.#t.send(peer, { t: 'shown', game, setup: setupJson(s.setup), agreements: s.agreements });
  }

  /** The fork is proven: once the member has stayed in it for the away limit, the table split. */
  #raise(seg: Segment, member: string, c: Claim): void {
    if (this.#t.now() - c.since < this.#t.timing.awayMs) return;
    const name = this.#t.presence.get(member)?.name ?? member;
    const detail = `${name} played on in another game while the links were down: the table split`;
    this.#t.hashes.raise(seg, Math.max(0, seg.ledger.seq - 1), detail, false);
  }
}
