// The hostile-schedule fuzzer (issue 30): a live table of three browsers over
// the in-memory network plus one adversary — the host's or a guest's browser
// compromised (it speaks on that browser's link while its session runs on), both
// of them at once (a pair in collusion, each step speaking as one or the other:
// the honest guest is the table's only honest seat), or a watcher of its own — that picks, step by step from a seeded PRNG (no
// Math.random), actions from a library: any wire message under any claimed id,
// replays of anything it saw (now, mutated, or held back and sent late), floods,
// severed links, honest browsers' links made slow (in order, up to 6 s late,
// past the away and stall limits) and healed, its own re-dials, honest browsers reloaded
// from their store (as saved a few steps before, or just now: saves lag what a
// browser sent, but never a person’s move it sent: that is stored first),
// double taps by the honest person who plays by hand, and the clock jumped past
// the away, stall and turn-clock limits; the host's person also answers a stall
// with a bot (a change of seats) and offers a rematch at game over, which each
// honest person accepts or not. After every step, and once more after
// the table settles, the invariants are checked at every honest browser:
// - agree: honest logs of one game never fork; once settled they are at one
//   head, or an alarm (desync, stall) names someone;
// - evidence: no honest seat in equivocation evidence or a record's violations;
// - segments: no segment begun that this browser's person and ledger did not
//   agree to then (a first game with no start, the host's own proposal; a change
//   of seats starting where its previous segment stopped; a rematch only once
//   this browser's person accepted it);
// - bounded: events, members, the snapshot, the record and proof checks (per
//   applied entry) stay within fixed bounds, and whole-log answers to the
//   adversary within its member's budget however often it re-dials;
// - verdict: verifyRecord says fair only when every segment passed `segments`;
// - names: once the game is on, a seat's member goes by its seat's name and no
//   one else by a seat's name;
// - crash: no intent or handler throws.
// A schedule runs on a virtual clock of its own (timers and Date, moved on only
// by the schedule) and seeded randomness: a seed replays it exactly.
import FakeTimers from '@sinonjs/fake-timers';
import { createRng, type Rng } from '$lib/engine';
import type { NetResult, Payload, PeerId, Transport } from '$lib/net';
import { ProvenCache } from '$lib/protocol/deck/proven';
import { recordOf, verifyRecord } from '$lib/record';
import { fromStored, joinTable, toStored, type Session, type StoredTable } from '$lib/session';
import { openSegment, replay } from '$lib/session/play/segment';
import { rematchNonce } from '$lib/session/lobby/rematch';
import { fromBase64url } from '$lib/protocol/crypto/bytes';
import { setupJson, startMismatch } from '$lib/session/setup';
import type { Wire } from '$lib/session/wire';
import { Adversary, adversaryKeys } from '../adversary';
import {
  driveClock,
  openTable,
  seededRandom,
  startAutoplay,
  transport,
  type Table,
} from '../harness';

export const ROLES = ['host', 'guest', 'watcher', 'pair'] as const;
export type Role = (typeof ROLES)[number];

export const ACTIONS = [
  'forge',
  'hello',
  'replay',
  'mutate',
  'delay',
  'slow',
  'flood',
  'sever',
  'reconnect',
  'reload',
  'doubleTap',
  'clock',
  'wait',
  'resolve',
  'rematch',
] as const;
export type Action = (typeof ACTIONS)[number];

export const INVARIANTS = [
  'agree',
  'evidence',
  'segments',
  'bounded',
  'verdict',
  'names',
  'crash',
] as const;
export type Invariant = (typeof INVARIANTS)[number];

export interface Finding {
  readonly invariant: Invariant;
  readonly step: number;
  readonly detail: string;
}

export interface ScheduleOptions {
  readonly seed: number;
  /** Adversary actions before the table is left to settle. */
  readonly steps?: number;
  /** Defaults to one picked by the seed. */
  readonly role?: Role;
  /** Milliseconds (virtual) between steps. */
  readonly stepMs?: number;
  /** Milliseconds (virtual) the table gets to settle at the end (twice, around a clock jump). */
  readonly settleMs?: number;
  /** The adversary's library (all of ACTIONS by default). */
  readonly actions?: readonly Action[];
}

export interface ScheduleResult {
  readonly seed: number;
  readonly role: Role;
  readonly actions: Readonly<Partial<Record<Action, number>>>;
  readonly findings: readonly Finding[];
  /** Log length at the honest browsers when it ended (the furthest). */
  readonly seq: number;
  /** Changes of seats (segments after a game's first) and rematches seen at any honest browser. */
  readonly changes: number;
  readonly rematches: number;
  /** Real milliseconds the schedule took. */
  readonly ms: number;
}

/** Bounds the `bounded` invariant holds every honest browser to. */
export const BOUNDS = {
  events: 200,
  members: 64,
  snapshotChars: 2_000_000,
  recordChars: 8_000_000,
  /** Answers from far back (the whole log) one browser sends one member: at once, and per second. */
  longAnswers: 2,
  longAnswersPerSecond: 0.2,
  /** Proof checks (proven-hop cache misses) per applied log entry, plus a fixed allowance. */
  proofsPerEntry: 2,
  proofsAllowance: 24,
} as const;

const MT = { rounds: 2, set: 5, handSize: 4 };
const TIMING = { beatMs: 50, awayMs: 2000, stallMs: 4000 };

/** The members this table seats: p0 hosts; p1 always plays by hand and is always honest. */
const PEOPLE = 3;
const BY_HAND = 1;
/** The honest watcher's member id. */
const WATCHER = 'w';

/** How long a store takes to hold what it was asked to save. */
const SAVE_MS = 40;

/** Where every schedule's virtual clock starts (any fixed time will do). */
const EPOCH = Date.UTC(2026, 0, 1);
type Clock = ReturnType<typeof FakeTimers.install>;

interface Browser {
  session: Session;
  readonly member: string;
  readonly cache: ProvenCache;
  /** Segment games already checked here (the first is the game's). */
  games: string[];
  reloads: number;
  /** What its store held a few steps ago (saves lag what a browser sent). */
  saved: StoredTable | null;
  /** A segment failed `segments` here: the verdict must not call its record fair. */
  unagreed: boolean;
  /** Rematches this browser's person accepted (or, at the host, offered). */
  readonly accepted: Set<string>;
  /** Its person offered a rematch (as host). */
  offered: boolean;
  /** Members seated in any segment this browser saw (a reload keeps only the latest). */
  readonly seatedOnce: Set<string>;
  /** Games this browser switched to, and segments begun after a game's first. */
  rematches: number;
  changes: number;
}

export async function runSchedule(options: ScheduleOptions): Promise<ScheduleResult> {
  const clock = FakeTimers.install({
    now: EPOCH,
    toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'],
  });
  driveClock(clock);
  try {
    return await scheduled(options, clock);
  } finally {
    driveClock(null);
    clock.uninstall();
  }
}

async function scheduled(options: ScheduleOptions, clock: Clock): Promise<ScheduleResult> {
  const started = performance.now();
  const sleep = async (ms: number): Promise<void> => {
    await clock.tickAsync(ms);
  };
  const rng = createRng(options.seed);
  // The seed's own pick is drawn even when a role is given, so `--role` replays the seed's run.
  const picked = ROLES[rng.int(ROLES.length)]!;
  const role = options.role ?? picked;
  const steps = options.steps ?? 40;
  const stepMs = options.stepMs ?? 15;
  const settleMs = options.settleMs ?? 1500;
  const library = options.actions ?? ACTIONS;
  let skew = 0;
  const now = () => Date.now() + skew;
  const caches = Array.from({ length: PEOPLE }, () => new ProvenCache());
  const turnClock = rng.int(3) === 0;
  const findings: Finding[] = [];
  const actions: Partial<Record<Action, number>> = {};
  let step = 0;
  const find = (invariant: Invariant, detail: string) => {
    if (findings.some((f) => f.invariant === invariant && f.detail === detail)) return;
    findings.push({ invariant, step, detail });
  };

  /**
   * A browser's store saving now, as a page's does before its person's move goes
   * out (SessionOptions.keep): it lands SAVE_MS later on the schedule's clock.
   */
  const store = (member: string, s: Session): Promise<boolean> =>
    new Promise((done) => {
      const record = structuredClone(toStored(s, now()));
      setTimeout(() => {
        const b = browsers.find((x) => x.member === member && x.session === s);
        if (b && record) b.saved = record;
        done(record !== null);
      }, SAVE_MS);
    });

  /** How late each member's messages go out now (its link made slow; 0: as usual). */
  const slowness = new Map<string, number>();
  const slow = new SlowLinks(now);
  const table: Table = await openTable({
    variant: 'mexican-train',
    options: MT,
    people: PEOPLE,
    timing: TIMING,
    seed: options.seed,
    now,
    caches,
    wrap: (i, t) => slow.wrap(t, () => slowness.get(`p${i}`) ?? 0),
    keep: (i) => (s) => store(`p${i}`, s),
  });
  const all: Session[] = [...table.sessions];
  const compromised =
    role === 'host' ? [0] : role === 'guest' ? [2] : role === 'pair' ? [0, 2] : [];
  const browsers: Browser[] = table.sessions.flatMap((session, i) =>
    compromised.includes(i) ? [] : [honestBrowser(session, caches[i]!)],
  );
  const host = table.sessions[0]!;
  const peers = table.sessions.map((s) => s.transport.id);
  let adversary: Adversary;
  let claimed: string;
  /** Every adversary of the schedule (a pair's two), each with the member it speaks as. */
  const adversaries: { adversary: Adversary; claimed: string }[] = [];
  if (compromised.length > 0) {
    for (const i of compromised) {
      const inside = Adversary.inside(
        table.sessions[i]!.transport,
        adversaryKeys(5 + adversaries.length),
      );
      adversaries.push({ adversary: inside, claimed: table.sessions[i]!.member });
    }
    ({ adversary, claimed } = adversaries[0]!);
  } else {
    claimed = 'mal';
    adversary = await Adversary.join(
      table.network,
      `${table.room}-mal`,
      peers,
      adversaryKeys(1 + (options.seed % 200)),
    );
    adversary.hello(table.room, claimed, 'Mallory');
    adversaries.push({ adversary, claimed });
  }

  let honestMembers = new Set(browsers.map((b) => b.member));
  try {
    if (turnClock) host.setTurnClock(30);
    await startAutoplay(table, 'easy', [BY_HAND]);
    // An honest watcher comes once the game is on (its link may be made slow, cut or reloaded too).
    const watching = await joinTable({
      transport: slow.wrap(
        transport(table.network, `${table.room}-w`),
        () => slowness.get(WATCHER) ?? 0,
      ),
      room: table.room,
      member: WATCHER,
      name: 'Gran',
      timing: TIMING,
      now,
      random: seededRandom(options.seed * 100 + 9),
      contact: host.transport.id,
      keep: (x) => store(WATCHER, x),
    });
    if (!watching.ok) throw new Error(`the watcher: ${watching.error.detail}`);
    all.push(watching.value);
    peers.push(watching.value.transport.id);
    browsers.push(honestBrowser(watching.value, new ProvenCache()));
    honestMembers = new Set(browsers.map((b) => b.member));
    await waitFor(clock, () => watching.value.snapshot.table !== null, 1000);
    // The game the honest host proposed (a compromised host's is judged by its start alone).
    const firstGame = compromised.includes(0) ? null : (host.segments()[0]?.game ?? null);

    const since = now();
    const check = (settled: boolean) => {
      checkAll(browsers, honestMembers, table.room, firstGame, settled, find);
      for (const a of adversaries) checkBudget(a.adversary, (now() - since) / 1000, find);
    };

    const delayed: { due: number; raw: string; to: string }[] = [];

    const target = (): string => (rng.int(3) === 0 ? 'all' : peers[rng.int(peers.length)]!);
    // The adversary's own link is no target: 'all' instead.
    const to = (t: string) => (t === adversary.transport.id ? 'all' : t);

    /** The person at the by-hand seat taps a legal move (twice in a row: a double tap). */
    const tap = (twice: boolean): void => {
      const s = browsers.find((x) => x.member === `p${BY_HAND}`)?.session;
      const local = s?.snapshot.table?.local.find((l) => l.seat === BY_HAND);
      if (!s || !local || local.legal.length === 0) return;
      s.move(BY_HAND, local.legal[rng.int(local.legal.length)]!);
      if (twice) {
        const again = s.snapshot.table?.local.find((l) => l.seat === BY_HAND)?.legal ?? [];
        s.move(BY_HAND, again[rng.int(Math.max(1, again.length))] ?? local.legal[0]!);
      }
    };

    /** An honest browser reloads: its session closes and comes back from what it stored. */
    const reload = (b: Browser): void => {
      // Half the time from a save that lags what it ordered or signed since.
      const stored = b.saved && rng.int(2) === 0 ? b.saved : toStored(b.session, now());
      if (!stored) return;
      const old = b.session;
      old.close();
      old.transport.close();
      b.reloads++;
      const back = fromStored(stored, {
        transport: slow.wrap(
          // Back on its own id, as a page is (tables/client.ts peerIdFor).
          transport(table.network, old.transport.id),
          () => slowness.get(b.member) ?? 0,
        ),
        random: seededRandom(options.seed * 1000 + b.reloads),
        timing: TIMING,
        now,
        keep: (x) => store(b.member, x),
      });
      if (!back.ok) return find('crash', `reload of ${b.member}: ${back.error.detail}`);
      b.session = back.value;
      // Its store held only segments checked here before (a lagging save: an older game's).
      b.games = back.value.segments().map((x) => x.game);
      all.push(back.value);
      for (const p of peers) if (p !== back.value.transport.id) void back.value.link(p);
      for (const l of back.value.snapshot.table?.local ?? []) {
        if (l.seat !== BY_HAND && l.bot === null) back.value.setAutoplay(l.seat, 'easy');
      }
    };

    const act = async (action: Action): Promise<void> => {
      switch (action) {
        case 'forge':
          return adversary.send(forge(rng, adversary, table.room, claimed), to(target()));
        case 'hello': {
          // A hello claiming any member (its own mostly) under a seat's name or its own,
          // signed with the adversary's own key.
          const member = ['p0', 'p1', 'p2', claimed, claimed][rng.int(5)]!;
          const name = ['Ada', 'Player 1', 'ada', 'Mallory'][rng.int(4)]!;
          return adversary.hello(table.room, member, name, to(target()));
        }
        case 'replay':
        case 'mutate': {
          const raw = pickSeen(rng, adversary);
          if (raw !== null)
            adversary.raw(action === 'mutate' ? mutate(rng, raw) : raw, to(target()));
          return;
        }
        case 'delay': {
          const raw = pickSeen(rng, adversary);
          if (raw !== null) delayed.push({ due: step + 1 + rng.int(8), raw, to: to(target()) });
          return;
        }
        case 'slow': {
          // An honest browser's link turns slow or heals: its messages come late, in
          // order, within the away limit or past it and the stall limit (it then
          // looks away; owing the round its secret, its seat is left unchecked, not
          // named: trust.md).
          const b = browsers[rng.int(browsers.length)]!;
          slowness.set(b.member, [0, 0, 80, 400, 1200, 3000, 6000][rng.int(7)]!);
          return;
        }
        case 'flood':
          for (let i = 0; i < 60; i++) {
            const raw = pickSeen(rng, adversary);
            if (raw !== null) adversary.raw(rng.int(2) ? mutate(rng, raw) : raw, to(target()));
          }
          return;
        case 'sever': {
          const a = peers[rng.int(peers.length)]!;
          const b = peers[rng.int(peers.length)]!;
          if (a !== b) table.network.sever(a, b);
          return;
        }
        case 'reconnect': {
          const peer = peers[rng.int(peers.length)]!;
          if (peer === adversary.transport.id) return;
          adversary.transport.disconnect(peer);
          await sleep(2);
          const linked = await adversary.transport.connect(peer);
          if (linked.ok && compromised.length === 0) {
            adversary.hello(table.room, claimed, 'Mallory', peer);
          }
          return;
        }
        case 'reload':
          return reload(browsers[rng.int(browsers.length)]!);
        case 'doubleTap':
          return tap(true);
        case 'clock': {
          const jumps = [3 * TIMING.beatMs, TIMING.awayMs + 100, TIMING.stallMs + 100, 31_000];
          skew += jumps[rng.int(jumps.length)]!;
          return;
        }
        case 'wait':
          return sleep(20 + rng.int(80));
        case 'resolve': {
          const h = browsers.find((b) => b.session.snapshot.isHost)?.session ?? host;
          if (h.snapshot.stall) h.resolveStall('bot');
          return;
        }
        case 'rematch': {
          const h = browsers.find((b) => b.session.snapshot.isHost);
          const offered = (h?.session ?? host).proposeRematch();
          if (offered.ok && h) {
            h.accepted.add(offered.value);
            h.offered = true;
          }
          for (const b of browsers) {
            const offer = b.session.snapshot.rematch;
            if (offer && rng.int(2) === 0 && b.session.acceptRematch(offer.game).ok) {
              b.accepted.add(offer.game);
            }
          }
          return;
        }
      }
    };

    for (step = 0; step < steps; step++) {
      // A pair speaks as one or the other (a draw only for a pair: other seeds run as before).
      if (adversaries.length > 1) ({ adversary, claimed } = adversaries[rng.int(2)]!);
      const action = library[rng.int(library.length)]!;
      actions[action] = (actions[action] ?? 0) + 1;
      try {
        await act(action);
      } catch (error) {
        find('crash', `${action}: ${String(error)}`);
      }
      for (const d of delayed.filter((x) => x.due <= step)) {
        adversary.raw(d.raw, d.to);
        delayed.splice(delayed.indexOf(d), 1);
      }
      tap(false);
      await sleep(stepMs);
      check(false);
      // Now and then a browser's store catches up with it (a copy: the record shares the live log).
      for (const b of browsers) {
        if (rng.int(4) === 0) b.saved = structuredClone(toStored(b.session, now()));
      }
    }

    // Settle: the person plays on (autoplay), the adversary is still, slow links
    // heal (what they hold still comes, in order); then the clock jumps past the
    // stall limit, so a table that cannot go on says so.
    browsers.find((b) => b.member === `p${BY_HAND}`)!.session.setAutoplay(BY_HAND, 'easy');
    slowness.clear();
    const settledNow = (alarm: boolean) => () => agreed(browsers) || (alarm && alarmed(browsers));
    await waitFor(clock, settledNow(false), settleMs);
    // A browser the adversary left to catch up through others (within their `want`
    // budget) trails a game that plays on: waited for while it gains, up to a bound.
    for (let more = 0; more < 8 && !agreed(browsers) && !alarmed(browsers); more++) {
      const behind = Math.min(...browsers.map((b) => b.session.ledger?.seq ?? 0));
      await waitFor(clock, settledNow(false), settleMs);
      if (Math.min(...browsers.map((b) => b.session.ledger?.seq ?? 0)) <= behind) break;
    }
    for (let tries = 0; tries < 2 && !agreed(browsers) && !alarmed(browsers); tries++) {
      skew += TIMING.stallMs + TIMING.awayMs;
      await waitFor(clock, settledNow(true), settleMs);
    }
    step = steps;
    check(true);
  } catch (error) {
    find('crash', String(error instanceof Error ? (error.stack ?? error) : error));
  } finally {
    for (const a of adversaries) a.adversary.close(compromised.length === 0);
    for (const s of all) {
      s.close();
      s.transport.close();
    }
  }
  const seq = Math.max(0, ...browsers.map((b) => b.session.ledger?.seq ?? 0));
  const changes = Math.max(0, ...browsers.map((b) => b.changes));
  const rematches = Math.max(0, ...browsers.map((b) => b.rematches));
  const ms = Math.round(performance.now() - started);
  return { seed: options.seed, role, actions, findings, seq, changes, rematches, ms };
}

/** An honest browser as the invariants follow it, from its session's start. */
function honestBrowser(session: Session, cache: ProvenCache): Browser {
  return {
    session,
    member: session.member,
    cache,
    games: [],
    reloads: 0,
    saved: null,
    unagreed: false,
    accepted: new Set<string>(),
    offered: false,
    seatedOnce: new Set<string>(),
    rematches: 0,
    changes: 0,
  };
}

async function waitFor(clock: Clock, condition: () => boolean, ms: number): Promise<void> {
  const until = Date.now() + ms;
  while (!condition() && Date.now() < until) await clock.tickAsync(10);
}

/** Whether a game's `nonce` names it a rematch of the game `after` (lobby/rematch.ts). */
function rematchOf(nonce: string, after: string): boolean {
  const bytes = fromBase64url(nonce, 16);
  return bytes !== null && rematchNonce(after, bytes.slice(8)) === nonce;
}

/** Every honest browser at one game's one head. */
function agreed(browsers: readonly Browser[]): boolean {
  const heads = new Set(
    browsers.map((b) => `${b.session.snapshot.table?.game}:${b.session.ledger?.hash}`),
  );
  return heads.size === 1;
}

function alarmed(browsers: readonly Browser[]): boolean {
  return browsers.some((b) => b.session.snapshot.desync !== null || b.session.snapshot.stall);
}

/** The seats (in the segment of `game`) whose browser is honest: its person's and its bots. */
function honestSeats(s: Session, game: string, honest: ReadonlySet<string>): Set<number> {
  const seg = s.segments().find((x) => x.game === game);
  return new Set(
    (seg?.setup.seats ?? []).flatMap((seat, i) => (honest.has(seat.member) ? [i] : [])),
  );
}

function checkAll(
  browsers: readonly Browser[],
  honest: ReadonlySet<string>,
  room: string,
  firstGame: string | null,
  settled: boolean,
  find: (invariant: Invariant, detail: string) => void,
): void {
  for (const b of browsers) {
    const s = b.session;
    const snap = s.snapshot;
    // evidence
    for (const e of snap.equivocations) {
      if (honestSeats(s, e.game, honest).has(e.seat)) {
        find('evidence', `${b.member} holds evidence against honest seat ${e.seat} at ${e.seq}`);
      }
    }
    // segments
    const segs = s.segments();
    if (segs.length > 0 && b.games.length > 0 && segs[0]!.game !== b.games[0]) {
      // The host's person offered a rematch of the game it finished: its browser's
      // offer again without a person who left is theirs too (it may begin at once).
      const own = b.offered && rematchOf(segs[0]!.setup.nonce, b.games.at(-1)!);
      // A rematch that seats nobody of this browser's (the host left its person out
      // as gone) is only watched: a watcher follows the host, and signs nothing.
      const watched = !segs[0]!.setup.seats.some((x) => x.member === b.member);
      if (own || watched) b.accepted.add(segs[0]!.game);
      if (!b.accepted.has(segs[0]!.game)) {
        b.unagreed = true;
        find(
          'segments',
          `${b.member} switched to game ${segs[0]!.game}, a rematch it never accepted`,
        );
      }
      b.games = [];
      b.rematches++;
    }
    for (let i = b.games.length; i < segs.length; i++) {
      const seg = segs[i]!;
      let why: string | null = null;
      if (i === 0) {
        if (seg.setup.start !== null) why = 'a first segment with a start';
        else if (firstGame !== null && seg.game !== firstGame && !b.accepted.has(seg.game))
          why = `a first game ${seg.game} the host did not propose`;
      } else {
        const before = segs[i - 1]!;
        const opened = openSegment(setupJson(before.setup), before.agreements, room, '', new Map());
        if (!opened.ok || !replay(opened.value.ledger, before.log).ok) why = 'unreadable before';
        else why = startMismatch(opened.value.ledger.any, seg.setup.start);
      }
      if (why !== null) {
        b.unagreed = true;
        find('segments', `${b.member} began segment ${i} (${seg.game}): ${why}`);
      }
      if (i > 0) b.changes++;
      b.games.push(seg.game);
    }
    // agree: the honest logs of one segment never fork
    const mine = segs.at(-1);
    for (const o of browsers) {
      const theirs = o.session.segments().find((x) => x.game === mine?.game);
      if (o === b || !mine || !theirs) continue;
      const n = Math.min(mine.log.length, theirs.log.length);
      if (n > 0 && mine.log[n - 1] !== theirs.log[n - 1]) {
        find('agree', `${b.member} and ${o.member} differ at entry ${n - 1} of ${mine.game}`);
      }
    }
    // names (a member whose seat went to a bot keeps its name, and the bot may carry it)
    const seatNames = new Set(snap.seats.map((x) => x.name.toLowerCase()));
    for (const seg of segs) for (const seat of seg.setup.seats) b.seatedOnce.add(seat.member);
    const { seatedOnce } = b;
    for (const m of segs.length > 0 ? snap.members : []) {
      const seat = snap.seats.find((x) => x.member === m.member && x.bot === null);
      const wrong = seat
        ? m.name !== seat.name
        : !seatedOnce.has(m.member) && seatNames.has(m.name.toLowerCase());
      if (wrong) {
        const as = seat ? `its seat's "${seat.name}"` : 'a seat name';
        find('names', `${b.member} shows ${m.member} as "${m.name}", not ${as}`);
      }
    }
    // bounded
    if (snap.events.length > BOUNDS.events) {
      find('bounded', `${b.member}: ${snap.events.length} events`);
    }
    if (snap.members.length > BOUNDS.members) {
      find('bounded', `${b.member}: ${snap.members.length} members`);
    }
    const size = settled ? JSON.stringify(snap).length : 0;
    if (size > BOUNDS.snapshotChars) find('bounded', `${b.member}: a snapshot of ${size} chars`);
    if (b.reloads === 0) {
      const entries = segs.reduce((n, x) => n + x.log.length, 0);
      const allowed = BOUNDS.proofsPerEntry * entries + BOUNDS.proofsAllowance;
      if (b.cache.misses > allowed) {
        find('bounded', `${b.member}: ${b.cache.misses} proof checks for ${entries} entries`);
      }
    }
  }
  if (!settled) return;
  if (!agreed(browsers) && !alarmed(browsers)) {
    const heads = browsers.map(
      (b) => `${b.member}@${b.session.snapshot.table?.game ?? '-'}:${b.session.ledger?.seq ?? 0}`,
    );
    find('agree', `settled apart with no alarm: ${heads.join(' ')}`);
  }
  for (const b of browsers) {
    const r = b.session.record();
    if (!r.ok || r.value.segments.length === 0) continue;
    const record = recordOf(r.value.segments, r.value.room);
    const size = JSON.stringify(record).length;
    if (size > BOUNDS.recordChars) find('bounded', `${b.member}: a record of ${size} chars`);
    const verdict = verifyRecord(record);
    if (verdict.fair && b.unagreed) {
      find('verdict', `${b.member}'s record of a game it did not agree to is fair`);
    }
    for (const v of verdict.violations) {
      const game = r.value.segments[v.segment]?.game ?? '';
      if (typeof v.seat === 'number' && honestSeats(b.session, game, honest).has(v.seat)) {
        find('evidence', `${b.member}'s record names honest seat ${v.seat}: ${v.code}`);
      }
    }
  }
}

/** Long answers (entries from far back) each browser sent the adversary's member: within its budget. */
function checkBudget(
  adversary: Adversary,
  seconds: number,
  find: (invariant: Invariant, detail: string) => void,
): void {
  const by = new Map<string, number>();
  for (const r of adversary.received) {
    const w = r.wire;
    if (w?.t === 'entries' && w.list.length > 0 && w.head - w.from > 32) {
      by.set(r.from, (by.get(r.from) ?? 0) + 1);
    }
  }
  // Each answer may come in a few batches; a re-dial must not refill the budget.
  const allowed = 3 * (BOUNDS.longAnswers + BOUNDS.longAnswersPerSecond * seconds) + 1;
  for (const [from, n] of by) {
    if (n > allowed)
      find('names', `${from} sent ${n} whole-log answers in ${seconds.toFixed(1)} s`);
  }
}

/** A raw message the adversary received (recent ones mostly), or null. */
function pickSeen(rng: Rng, adversary: Adversary): string | null {
  const seen = adversary.received;
  if (seen.length === 0) return null;
  const i = rng.int(3) === 0 ? rng.int(seen.length) : Math.max(0, seen.length - 1 - rng.int(40));
  const raw = seen[i]!.raw;
  return typeof raw === 'string' ? raw : null;
}

/** One field of a real message changed: a number nudged, a string swapped, a field dropped. */
export function mutate(rng: Rng, text: string): string {
  let value: Record<string, unknown>;
  try {
    value = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return text;
  }
  const keys = Object.keys(value).filter((k) => k !== 't');
  const key = keys[rng.int(Math.max(1, keys.length))];
  if (key === undefined) return text;
  const v = value[key];
  if (typeof v === 'number') value[key] = v + [1, -1, 2, 100, -v][rng.int(5)]!;
  else if (typeof v === 'string' && v.length > 0) {
    const at = rng.int(v.length);
    value[key] = v.slice(0, at) + String.fromCharCode(97 + rng.int(26)) + v.slice(at + 1);
  } else if (rng.int(2) === 0) delete value[key];
  else value[key] = null;
  return JSON.stringify(value);
}

/** What the adversary has seen lately: games, entries, setups, agreements, the head. */
function seen(adversary: Adversary) {
  const games = new Set<string>();
  const entries: string[] = [];
  const setups: string[] = [];
  const agreements: Extract<Wire, { t: 'begin' }>['agreements'][number][] = [];
  let head = 0;
  for (const r of adversary.received.slice(-400)) {
    const w = r.wire;
    if (!w) continue;
    if ('game' in w && typeof w.game === 'string') games.add(w.game);
    if (w.t === 'entry') {
      entries.push(w.entry);
      head = Math.max(head, w.seq);
    }
    if (w.t === 'submit' || w.t === 'ahead' || w.t === 'refused') entries.push(w.entry);
    if (w.t === 'entries') entries.push(...w.list.slice(-4));
    if (w.t === 'propose' || w.t === 'begin') setups.push(w.setup);
    if (w.t === 'begin') agreements.push(...w.agreements);
    if (w.t === 'agree') agreements.push(w.agreement);
    if (w.t === 'beat') head = Math.max(head, w.seq);
  }
  return { games: [...games], entries, setups, agreements, head };
}

/** Any wire message, under any claimed id where one names it (hellos are an action of their own). */
function forge(rng: Rng, adversary: Adversary, room: string, claimed: string): Wire {
  const k = seen(adversary);
  const pick = <T>(list: readonly T[], or: T): T =>
    list.length ? list[rng.int(list.length)]! : or;
  const game = pick(k.games, 'g');
  const entry = pick(k.entries, '{}');
  const seq = Math.max(0, k.head + rng.int(5) - 2);
  const member = pick(['p0', 'p1', 'p2', 'mal', claimed], claimed);
  const seat = rng.int(PEOPLE + 1);
  switch (rng.int(16)) {
    case 0:
      return { t: 'entry', game, seq, entry };
    case 1:
      return { t: 'submit', game, entry };
    case 2:
      return { t: 'ahead', game, entry };
    case 3:
      return { t: 'refused', game, entry };
    case 4:
      return { t: 'want', game, from: rng.int(2) ? 0 : seq };
    case 5:
      return { t: 'entries', game, from: seq, list: k.entries.slice(-1 - rng.int(3)), head: seq };
    case 6:
      return { t: 'hashes', game, from: seq, list: ['A'.repeat(43)] };
    case 7:
      return { t: 'ready', game, round: rng.int(3), seat };
    case 8:
      return {
        t: 'beat',
        game,
        seq: seq + rng.int(50),
        hash: 'A'.repeat(43),
        host: member,
        catching: rng.int(2) === 0,
        // Either claim, with no draw of its own (a seed's schedule stays as it was).
        ended: seq % 2 === 1,
      };
    case 9:
      return { t: 'end', game, reason: 'forged' };
    case 10:
      return { t: 'react', game, reaction: 'wow' };
    case 11:
      return { t: 'propose', setup: pick(k.setups, '{}') };
    case 12:
      return { t: 'begin', setup: pick(k.setups, '{}'), agreements: k.agreements.slice(-PEOPLE) };
    case 13: {
      const agreement = pick(k.agreements, null);
      return agreement ? { t: 'agree', game, agreement } : { t: 'want', game, from: 0 };
    }
    case 14:
      return {
        t: 'lobby',
        room,
        draft: { variant: 'mexican-train', options: {}, seats: [] },
        members: [{ member, name: 'Ada', peer: `${room}-${member}` }],
      };
    default:
      return { t: 'challenge', room, n: `n${rng.int(1e6)}` };
  }
}

/**
 * Honest browsers' slow links: each message goes out `slowness()` milliseconds
 * late on the schedule's clock (a clock jump brings it due too: time passed for
 * the link as for everyone), in the order it was sent, and is lost with its link
 * if that closes meanwhile (a new link never carries the old one's messages).
 */
class SlowLinks {
  readonly #now: () => number;
  readonly #queue: { readonly due: number; readonly deliver: () => void }[] = [];

  constructor(now: () => number) {
    this.#now = now;
    setInterval(() => this.#flush(), 5);
  }

  wrap(t: Transport, slowness: () => number): Transport {
    const send = t.send.bind(t);
    const links = new Map<PeerId, number>();
    t.onClose((peer) => links.set(peer, (links.get(peer) ?? 0) + 1));
    let last = 0;
    return Object.assign(t, {
      send: (peer: PeerId, data: Payload): NetResult<void> => {
        const now = this.#now();
        const due = Math.max(now + slowness(), last);
        if (due <= now) return send(peer, data);
        last = due;
        const link = links.get(peer) ?? 0;
        this.#queue.push({
          due,
          deliver: () => {
            if ((links.get(peer) ?? 0) === link) send(peer, data);
          },
        });
        return { ok: true, value: undefined };
      },
    });
  }

  #flush(): void {
    const now = this.#now();
    const due = this.#queue.filter((m) => m.due <= now);
    if (due.length === 0) return;
    this.#queue.splice(0, this.#queue.length, ...this.#queue.filter((m) => m.due > now));
    for (const m of due) m.deliver();
  }
}
