// What the table UI holds: a TableClient, the session's intents as promises and
// its snapshots, whether the session runs on this thread or elsewhere. Local
// tables (solo against bots, pass-and-play) run a real session over the
// in-memory network, dealt and audited like any other, and are stored so that a
// reload continues them.
import type { BotLevel } from '$lib/bots';
import type { Move, Options, Seat, VariantId } from '$lib/engine';
import { createMemoryNetwork, type Transport } from '$lib/net';
import { fail, ok, type SessionResult } from '../errors';
import { fromStored } from '../store/persist';
import { keeper, withSaving, type Keeper } from '../store/saving';
import {
  hostTable,
  joinTable,
  type RecordSegment,
  type Session,
  type SessionTiming,
} from '../session';
import type { TurnClock } from '../setup';
import type { ReactionId, SessionSnapshot } from '../snapshot';
import { setUpLobbyDraft, type KeptDraft } from '../store/lobby-store';
import { openTableStore, type TableStore } from '../store/store';
import type { StoreResult } from '../store/stored-table';

export interface TableClient {
  readonly room: string;
  /** This browser's transport id at the table: what an invite link points to. */
  readonly contact: string;
  readonly snapshot: SessionSnapshot;
  subscribe(listener: (s: SessionSnapshot) => void): () => void;
  setVariant(variant: VariantId): Promise<SessionResult<true>>;
  setOption(key: string, value: number): Promise<SessionResult<true>>;
  /** Seconds per turn (30, 60, 120), or 0 for no turn clock. */
  setTurnClock(seconds: number): Promise<SessionResult<true>>;
  addBot(level: BotLevel, name?: string): Promise<SessionResult<Seat>>;
  addPlayer(name: string): Promise<SessionResult<Seat>>;
  removeSeat(seat: Seat): Promise<SessionResult<true>>;
  moveSeat(from: Seat, to: Seat): Promise<SessionResult<true>>;
  rename(name: string): Promise<SessionResult<true>>;
  start(): Promise<SessionResult<string>>;
  move(seat: Seat, move: Move): Promise<SessionResult<true>>;
  setAutoplay(seat: Seat, level: BotLevel | null): Promise<SessionResult<true>>;
  ready(seat: Seat): Promise<SessionResult<true>>;
  hint(seat: Seat): Promise<SessionResult<Move>>;
  resolveStall(action: 'bot' | 'end'): Promise<SessionResult<true>>;
  seatNewcomer(member: string): Promise<SessionResult<true>>;
  /** This browser's person reacts (one of REACTIONS), for everyone at the table. */
  react(reaction: ReactionId): Promise<SessionResult<true>>;
  /** The host lets watchers react, or stops them. */
  allowWatcherReactions(allow: boolean): Promise<SessionResult<true>>;
  /** At game over: the host offers a rematch (house rules as they were, or these); a person accepts it. */
  proposeRematch(options?: Readonly<Record<string, number>>): Promise<SessionResult<string>>;
  acceptRematch(game: string): Promise<SessionResult<string>>;
  /** The host removes a member with no seat in the game (in the lobby, its seats go too). */
  removeMember(member: string): Promise<SessionResult<true>>;
  /** The signed game so far (for a downloadable record). */
  record(): Promise<SessionResult<{ room: string; segments: readonly RecordSegment[] }>>;
  close(): void;
}

/** A client for a session on this thread; its snapshots say whether `keep` is saving the table. */
export function clientFor(
  session: Session,
  onClose: () => void = () => {},
  keep: Keeper | null = null,
): TableClient {
  const now = <T>(f: () => T): Promise<T> => Promise.resolve().then(f);
  const snapshots = withSaving(session, keep);
  return {
    room: session.room,
    contact: session.transport.id,
    get snapshot() {
      return snapshots.snapshot;
    },
    subscribe: (listener) => snapshots.subscribe(listener),
    setVariant: (v) => now(() => session.setVariant(v)),
    setOption: (k, v) => now(() => session.setOption(k, v)),
    setTurnClock: (s) => now(() => session.setTurnClock(s)),
    addBot: (level, name) => now(() => session.addBot(level, name)),
    addPlayer: (name) => now(() => session.addPlayer(name)),
    removeSeat: (seat) => now(() => session.removeSeat(seat)),
    moveSeat: (from, to) => now(() => session.moveSeat(from, to)),
    rename: (name) => now(() => session.rename(name)),
    start: () => now(() => session.start()),
    move: (seat, move) => now(() => session.move(seat, move)),
    setAutoplay: (seat, level) => now(() => session.setAutoplay(seat, level)),
    ready: (seat) => now(() => session.ready(seat)),
    hint: (seat) => now(() => session.hint(seat)),
    resolveStall: (action) => now(() => session.resolveStall(action)),
    seatNewcomer: (member) => now(() => session.seatNewcomer(member)),
    react: (reaction) => now(() => session.react(reaction)),
    allowWatcherReactions: (allow) => now(() => session.allowWatcherReactions(allow)),
    proposeRematch: (options) => now(() => session.proposeRematch(options)),
    acceptRematch: (game) => now(() => session.acceptRematch(game)),
    removeMember: (member) => now(() => session.removeMember(member)),
    record: () => now(() => session.record()),
    close: () => {
      session.close();
      onClose();
    },
  };
}

export type LocalSeatSpec =
  | { readonly kind: 'person'; readonly name: string }
  | { readonly kind: 'bot'; readonly level: BotLevel; readonly name?: string };

export interface LocalTableSpec {
  readonly variant: VariantId;
  readonly options?: Options;
  /** The first seat is this browser's person; more people make it pass-and-play. */
  readonly seats: readonly LocalSeatSpec[];
  /** Seconds per turn; none when absent. */
  readonly turnClock?: TurnClock;
  readonly timing?: Partial<SessionTiming>;
  /** Where tables are kept (defaults to this browser's IndexedDB; null: not kept). */
  readonly store?: TableStore | null;
}

const LOCAL_MEMBER = 'local';

const ID_ALPHABET = 'abcdefghijkmnpqrstuvwxyz23456789';

/** A random id of letters and digits (no look-alikes), usable in a PeerJS id and a link. */
export function newId(length = 10): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(length));
  return [...bytes].map((b) => ID_ALPHABET[b % ID_ALPHABET.length]).join('');
}

export function newRoomId(): string {
  return newId(10);
}

/** The transport id of a member at a table: the room names the table, the member the browser. */
export function peerIdFor(room: string, member: string): string {
  return `${room}-${member}`;
}

/** This browser's store, or why it has none (null: the caller asked for none). */
async function storeFor(
  store: TableStore | null | undefined,
): Promise<StoreResult<TableStore> | null> {
  if (store === undefined) return openTableStore();
  return store === null ? null : { ok: true, value: store };
}

/** Solo against bots, or pass-and-play: a table on this browser alone, started at once, on this thread. */
export async function startTableHere(spec: LocalTableSpec): Promise<SessionResult<TableClient>> {
  const [first, ...rest] = spec.seats;
  if (first?.kind !== 'person') return fail('BAD_SETUP', 'the first seat is this browser’s player');
  const store = await storeFor(spec.store);
  const room = newRoomId();
  const endpoint = createMemoryNetwork().join(`${room}-local`);
  if (!endpoint.ok) return fail('NOT_NOW', endpoint.error.message);
  const keep = keeper(store);
  const session = hostTable({
    transport: endpoint.value,
    room,
    member: LOCAL_MEMBER,
    name: first.name,
    ...(spec.timing ? { timing: spec.timing } : {}),
    onChange: keep.onChange,
    keep: keep.flush,
  });
  const steps: (() => SessionResult<unknown>)[] = [
    () => session.setVariant(spec.variant),
    ...rest.map(
      (s) => () => (s.kind === 'bot' ? session.addBot(s.level, s.name) : session.addPlayer(s.name)),
    ),
    ...Object.entries(spec.options ?? {}).map(
      ([k, v]) =>
        () =>
          session.setOption(k, v),
    ),
    () => session.setTurnClock(spec.turnClock ?? 0),
    () => session.start(),
  ];
  for (const step of steps) {
    const r = step();
    if (!r.ok) {
      session.close();
      return r;
    }
  }
  return ok(clientFor(session, () => keep.flush(session), keep));
}

/** A stored local table, continued where it was left; a record that fails is set aside. */
export async function resumeTableHere(
  room: string,
  options: { readonly store?: TableStore | null; readonly timing?: Partial<SessionTiming> } = {},
): Promise<SessionResult<TableClient>> {
  const opened = await storeFor(options.store);
  if (!opened?.ok) return fail('NOT_NOW', 'this browser keeps no tables (no IndexedDB)');
  const store = opened.value;
  const loaded = await store.load(room);
  if (!loaded.ok) return fail('BAD_SETUP', `${loaded.error.code}: ${loaded.error.detail}`);
  const endpoint = createMemoryNetwork().join(`${room}-local`);
  if (!endpoint.ok) return fail('NOT_NOW', endpoint.error.message);
  const keep = keeper(opened);
  const session = fromStored(loaded.value, {
    transport: endpoint.value,
    ...(options.timing ? { timing: options.timing } : {}),
    onChange: keep.onChange,
    keep: keep.flush,
  });
  if (!session.ok) {
    await store.setAside(room, `${session.error.code}: ${session.error.detail}`);
    return session;
  }
  return ok(clientFor(session.value, () => keep.flush(session.value), keep));
}

export interface OnlineSpec {
  /** This browser's transport, already open under peerIdFor(room, member). */
  readonly transport: Transport;
  readonly room: string;
  readonly member: string;
  readonly name: string;
  readonly timing?: Partial<SessionTiming>;
  readonly store?: TableStore | null;
  /** The person's keys, coming back to a lobby (lobby-store.ts). */
  readonly person?: { readonly signing: Uint8Array; readonly secret: Uint8Array };
}

/**
 * A table others join by link, with this browser as its host (on this thread);
 * with `draft`, the game of a lobby it comes back to.
 */
export async function hostOnlineHere(
  spec: OnlineSpec & { readonly draft?: KeptDraft },
): Promise<SessionResult<TableClient>> {
  const keep = keeper(await storeFor(spec.store));
  const session = hostTable({
    transport: spec.transport,
    room: spec.room,
    member: spec.member,
    name: spec.name,
    ...(spec.timing ? { timing: spec.timing } : {}),
    ...(spec.person ? { person: spec.person } : {}),
    onChange: keep.onChange,
    keep: keep.flush,
  });
  // At once: the links the transport had before the session are heard after this.
  if (spec.draft) setUpLobbyDraft(session, spec.draft);
  return ok(clientFor(session, () => keep.flush(session), keep));
}

/** Joins the table of the browser at `contact` (on this thread). */
export async function joinOnlineHere(
  spec: OnlineSpec & { readonly contact: string },
): Promise<SessionResult<TableClient>> {
  const keep = keeper(await storeFor(spec.store));
  const joined = await joinTable({
    transport: spec.transport,
    room: spec.room,
    member: spec.member,
    name: spec.name,
    contact: spec.contact,
    ...(spec.timing ? { timing: spec.timing } : {}),
    ...(spec.person ? { person: spec.person } : {}),
    onChange: keep.onChange,
    keep: keep.flush,
  });
  if (!joined.ok) return joined;
  const session = joined.value;
  return ok(clientFor(session, () => keep.flush(session), keep));
}

/** A stored online table, rejoined through every other browser seated at it. */
export async function resumeOnlineHere(
  spec: Omit<OnlineSpec, 'member' | 'name'>,
): Promise<SessionResult<TableClient>> {
  const opened = await storeFor(spec.store);
  if (!opened?.ok) return fail('NOT_NOW', 'this browser keeps no tables (no IndexedDB)');
  const store = opened.value;
  const loaded = await store.load(spec.room);
  if (!loaded.ok) return fail('BAD_SETUP', `${loaded.error.code}: ${loaded.error.detail}`);
  const keep = keeper(opened);
  const session = fromStored(loaded.value, {
    transport: spec.transport,
    ...(spec.timing ? { timing: spec.timing } : {}),
    onChange: keep.onChange,
    keep: keep.flush,
  });
  if (!session.ok) {
    await store.setAside(spec.room, `${session.error.code}: ${session.error.detail}`);
    return session;
  }
  const s = session.value;
  const others = new Set(s.snapshot.seats.map((x) => x.member));
  others.delete(s.member);
  for (const member of others) void s.link(peerIdFor(spec.room, member));
  return ok(clientFor(s, () => keep.flush(s), keep));
}
