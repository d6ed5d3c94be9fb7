// Tables of several browsers over the in-memory network: each browser is a real
// Session with its own transport, keys and ledger; helpers wait for a condition.
import { createRng, type Options, type VariantId } from '$lib/engine';
import type { BotLevel } from '$lib/bots';
import { createMemoryNetwork, type MemoryNetwork, type Transport } from '$lib/net';
import type { Run } from '$lib/protocol';
import { withProven, type ProvenCache } from '$lib/protocol/deck/proven';
import {
  hostTable,
  joinTable,
  type Session,
  type SessionOptions,
  type SessionTiming,
} from '$lib/session';
import { vi } from 'vitest';
import { track } from '../tracked';

export interface TableSpec {
  readonly variant: VariantId;
  readonly options?: Options;
  /** People, each in their own browser (the first hosts), on autoplay at this level. */
  readonly people: number;
  readonly bots?: readonly BotLevel[];
  readonly latencyMs?: number;
  readonly timing?: Partial<SessionTiming>;
  readonly seed?: number;
  readonly rate?: { readonly burst: number; readonly perSecond: number };
  /** Every browser's clock (Date.now unless a test moves time on). */
  readonly now?: () => number;
  /** The host's person keys (an attack test that speaks for the host signs with them). */
  readonly hostPerson?: { readonly signing: Uint8Array; readonly secret: Uint8Array };
  /** Each browser's proof workers (session/play/deck-work.ts); none by default. */
  readonly deckWorkers?: (browser: number) => Run;
  /**
   * Each browser's own cache of proven hops for what its messages set off, as in
   * browsers of their own (by default all share the process's: a hop one built or
   * checked is then never checked by the others).
   */
  readonly caches?: readonly ProvenCache[];
  /** Wraps each browser's transport (a test that watches or bends what one browser's link does). */
  readonly wrap?: (browser: number, t: Transport) => Transport;
  /** Each browser's store, saving now (SessionOptions.keep); none by default. */
  readonly keep?: (browser: number) => SessionOptions['keep'];
}

export interface Table {
  readonly network: MemoryNetwork;
  readonly sessions: Session[];
  readonly room: string;
}

/** Deterministic randomness per browser, so a failing run can be replayed. */
export function seededRandom(seed: number): (n: number) => Uint8Array {
  const rng = createRng(seed);
  return (n) => Uint8Array.from({ length: n }, () => rng.int(256));
}

/** Quick heartbeats; silence limits allow for browsers sharing one busy thread here. */
export const FAST: Partial<SessionTiming> = { beatMs: 50, awayMs: 2000, stallMs: 5000 };

export function transport(network: MemoryNetwork, id: string): Transport {
  const t = network.join(id);
  if (!t.ok) throw new Error(t.error.message);
  return t.value;
}

/** A virtual clock driven by the caller rather than by Vitest (the fuzzer's: fuzz/schedule.ts). */
interface DrivenClock {
  tickAsync(ms: number): Promise<number>;
}
let driven: DrivenClock | null = null;

/** While `clock` is set, `until` and `pause` move it on instead of waiting real time. */
export function driveClock(clock: DrivenClock | null): void {
  driven = clock;
}

/** Whether this test runs on Vitest's fake timers (never outside Vitest: `npm run fuzz`). */
function virtualTime(): boolean {
  try {
    return vi.isFakeTimers();
  } catch {
    return false;
  }
}

/**
 * Waits for `condition`. On virtual time (tests/setup.ts) the clock moves on to
 * the next timer only once nothing else is left to run; else it polls.
 */
export async function until(
  what: string,
  condition: () => boolean,
  timeoutMs = 60_000,
): Promise<void> {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    if (!virtualTime()) {
      await (driven ? driven.tickAsync(5) : new Promise((r) => setTimeout(r, 5)));
      continue;
    }
    await idle();
    if (condition()) return;
    if (vi.getTimerCount() === 0) vi.advanceTimersByTime(5);
    else {
      // On to the next timer, and every other one due then (messages sent together).
      await vi.advanceTimersToNextTimerAsync();
      await vi.advanceTimersByTimeAsync(0);
    }
  }
}

/** Lets `ms` pass (virtual time when the test runs on it), with everything due in it run. */
export async function pause(ms: number): Promise<void> {
  if (virtualTime()) await vi.advanceTimersByTimeAsync(ms);
  else if (driven) await driven.tickAsync(ms);
  else await new Promise((r) => setTimeout(r, ms));
}

/** `promise`'s outcome, the clock moving on meanwhile when the test runs on virtual time. */
export async function settled<T>(promise: Promise<T>): Promise<T> {
  let done = false;
  const mark = () => {
    done = true;
  };
  promise.then(mark, mark);
  await until('a promise to settle', () => done);
  return promise;
}

/** After every task queued so far (messages, their replies, stores) has run. */
async function idle(): Promise<void> {
  for (let i = 0; i < 3; i++) await new Promise((r) => setImmediate(r));
}

export { closeTracked, track } from '../tracked';

/** A transport whose messages are handled with `cache` as the proven-hop cache. */
function withCache(t: Transport, cache: ProvenCache | undefined): Transport {
  if (!cache) return t;
  const onMessage = t.onMessage.bind(t);
  t.onMessage = (listener) =>
    onMessage((from, data) => withProven(cache, () => listener(from, data)));
  return t;
}

function wrapped(spec: TableSpec, browser: number, t: Transport): Transport {
  return spec.wrap ? spec.wrap(browser, t) : t;
}

function keepOf(spec: TableSpec, browser: number): Pick<SessionOptions, 'keep'> {
  const keep = spec.keep?.(browser);
  return keep ? { keep } : {};
}

export async function openTable(spec: TableSpec): Promise<Table> {
  const network = createMemoryNetwork({ latencyMs: spec.latencyMs ?? 0 });
  const room = `room${spec.seed ?? 1}`;
  const seed = spec.seed ?? 1;
  const timing = spec.timing ?? FAST;
  const host = hostTable({
    transport: withCache(wrapped(spec, 0, transport(network, `${room}-p0`)), spec.caches?.[0]),
    room,
    member: 'p0',
    name: 'Ada',
    timing,
    random: seededRandom(seed * 100),
    ...(spec.rate ? { rate: spec.rate } : {}),
    ...(spec.now ? { now: spec.now } : {}),
    ...(spec.hostPerson ? { person: spec.hostPerson } : {}),
    ...(spec.deckWorkers ? { deckWorkers: spec.deckWorkers(0) } : {}),
    ...keepOf(spec, 0),
  });
  const sessions = [track(host)];
  for (let i = 1; i < spec.people; i++) {
    const joined = await settled(
      joinTable({
        transport: withCache(
          wrapped(spec, i, transport(network, `${room}-p${i}`)),
          spec.caches?.[i],
        ),
        room,
        member: `p${i}`,
        name: `Player ${i}`,
        timing,
        random: seededRandom(seed * 100 + i),
        ...(spec.rate ? { rate: spec.rate } : {}),
        ...(spec.now ? { now: spec.now } : {}),
        contact: `${room}-p0`,
        ...(spec.deckWorkers ? { deckWorkers: spec.deckWorkers(i) } : {}),
        ...keepOf(spec, i),
      }),
    );
    if (!joined.ok) throw new Error(joined.error.detail);
    sessions.push(track(joined.value));
  }
  await until('everyone seated', () => host.snapshot.seats.length === spec.people);
  for (const level of spec.bots ?? []) host.addBot(level);
  must(host.setVariant(spec.variant));
  for (const [k, v] of Object.entries(spec.options ?? {})) must(host.setOption(k, v));
  return { network, sessions, room };
}

/**
 * A browser that comes to the table after its start, greeted by the host: a watcher
 * until a setup seats it. Its link is `${room}-${member}`.
 */
export async function joinLate(
  table: Table,
  member: string,
  name: string,
  seed: number,
): Promise<Session> {
  const joined = await joinTable({
    transport: transport(table.network, `${table.room}-${member}`),
    room: table.room,
    member,
    name,
    timing: FAST,
    random: seededRandom(seed),
    contact: table.sessions[0]!.transport.id,
  });
  return track(must(joined));
}

/** Whether `s` logged an event of this code whose detail names `detail` (a seat, a member, a code). */
export function named(s: Session, code: string, detail: string): boolean {
  return s.snapshot.events.some((e) => e.code === code && e.detail.includes(detail));
}

export function must<T>(r: { ok: true; value: T } | { ok: false; error: { detail: string } }): T {
  if (!r.ok) throw new Error(r.error.detail);
  return r.value;
}

/** Starts the game and puts every person's seat on autoplay. */
export async function startAutoplay(
  table: Table,
  level: BotLevel = 'easy',
  byHand: readonly number[] = [],
): Promise<void> {
  const [host] = table.sessions;
  must(host!.start());
  await until('every browser playing', () =>
    table.sessions.every((s) => s.snapshot.table !== null),
  );
  for (const s of table.sessions) {
    for (const l of s.snapshot.table?.local ?? []) {
      if (l.bot === null && !byHand.includes(l.seat)) s.setAutoplay(l.seat, level);
    }
  }
}

/** Plays a hand-driven seat's setup answers until it is to play in the round proper. */
export async function turnOf(session: Session, seat: number): Promise<void> {
  await until(`seat ${seat}'s turn`, () => {
    const local = session.snapshot.table?.local.find((l) => l.seat === seat);
    const phase = session.ledger?.table(seat)?.view.phase;
    if (!local || local.legal.length === 0) return false;
    if (phase === 'playing') return true;
    session.move(seat, local.legal[0]!);
    return false;
  });
}
