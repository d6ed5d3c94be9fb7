// A table's lobby this browser is in (with a PeerServer or none), kept in localStorage until its
// game begins (from then on the table itself is stored: persist.ts). Nothing is
// signed before the start, so a lobby needs no log: the room, this browser's
// member id and its person's keys (the others know its seat by its public key),
// and — for the host — the lobby's game and its other members, to find again.
// With it a reload comes back to the same room in the same seat.
import type { BotLevel } from '$lib/bots';
import type { Options, VariantId } from '$lib/engine';
import { fromBase64url, toBase64url } from '$lib/protocol/crypto/bytes';
import { signingKeyPair } from '$lib/protocol/crypto/signing';
import { isTurnClock, type TurnClock } from '../setup';
import type { SessionSnapshot } from '../snapshot';

export interface PersonKeys {
  /** The Ed25519 secret key (64 bytes: seed and public key). */
  readonly signing: Uint8Array;
  /** The person's table secret (32 bytes). */
  readonly secret: Uint8Array;
}

export interface StoredLobby {
  readonly room: string;
  readonly member: string;
  readonly name: string;
  readonly role: 'host' | 'guest';
  /** The member a guest joined through (the invite's). */
  readonly via: string | null;
  readonly signing: string;
  readonly secret: string;
  /** The host's game so far, and everyone else it had met (to link to again). */
  readonly variant: VariantId | null;
  readonly options: Options;
  readonly members: readonly string[];
  readonly bots: readonly { readonly level: BotLevel; readonly name: string }[];
  /** Absent when off. */
  readonly turnClock?: TurnClock;
  /** The host lets watchers react (absent: not). */
  readonly watchersReact?: true;
  readonly savedAt: number;
}

const PREFIX = 'trainyard.lobby.';
/** A lobby left longer than this is not come back to. */
const KEEP_MS = 12 * 60 * 60_000;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** Fresh keys for the person at a new table. */
export function newPersonKeys(): PersonKeys {
  const random = (n: number) => globalThis.crypto.getRandomValues(new Uint8Array(n));
  const pair = signingKeyPair(random(32));
  if (!pair) throw new Error('32 random bytes make a key');
  return { signing: pair.secretKey, secret: random(32) };
}

export function lobbyKeys(lobby: StoredLobby): PersonKeys | null {
  const signing = fromBase64url(lobby.signing, 64);
  const secret = fromBase64url(lobby.secret, 32);
  return signing && secret ? { signing, secret } : null;
}

/** Keeps a lobby just opened (replacing what was kept for its room). */
export function keepLobby(
  o: Pick<StoredLobby, 'room' | 'member' | 'name' | 'role' | 'via'> & { keys: PersonKeys },
): void {
  const lobby: StoredLobby = {
    room: o.room,
    member: o.member,
    name: o.name,
    role: o.role,
    via: o.via,
    signing: toBase64url(o.keys.signing),
    secret: toBase64url(o.keys.secret),
    variant: null,
    options: {},
    members: [],
    bots: [],
    savedAt: Date.now(),
  };
  dropStale(lobby.savedAt);
  write(lobby);
}

/** Lobbies too old to come back to are let go. */
function dropStale(now: number): void {
  const store = storage();
  if (!store) return;
  const keys = Array.from({ length: store.length }, (_, i) => store.key(i) ?? '');
  for (const key of keys.filter((k) => k.startsWith(PREFIX))) {
    if (!storedLobby(key.slice(PREFIX.length), now)) store.removeItem(key);
  }
}

function write(lobby: StoredLobby): void {
  try {
    storage()?.setItem(PREFIX + lobby.room, JSON.stringify(lobby));
  } catch {
    // Not kept (storage full or refused): a reload then loses the lobby, as before.
  }
}

/** The lobby kept for `room`, if there is one recent enough and well-formed. */
export function storedLobby(room: string, now = Date.now()): StoredLobby | null {
  let raw: unknown;
  try {
    raw = JSON.parse(storage()?.getItem(PREFIX + room) ?? 'null');
  } catch {
    return null;
  }
  if (typeof raw !== 'object' || raw === null) return null;
  const l = raw as Partial<StoredLobby>;
  const ok =
    l.room === room &&
    typeof l.member === 'string' &&
    typeof l.name === 'string' &&
    (l.role === 'host' || l.role === 'guest') &&
    typeof l.signing === 'string' &&
    typeof l.secret === 'string' &&
    Array.isArray(l.members) &&
    Array.isArray(l.bots) &&
    typeof l.savedAt === 'number' &&
    now - l.savedAt < KEEP_MS;
  return ok ? (l as StoredLobby) : null;
}

/** Notes what the lobby looks like now; its game begun, the lobby is forgotten. */
export function noteLobby(snapshot: SessionSnapshot): void {
  const kept = storedLobby(snapshot.room);
  if (!kept) return;
  if (snapshot.phase !== 'lobby') return forgetLobby(snapshot.room);
  const { turnClock: _, watchersReact: __, ...rest } = kept;
  write({
    ...rest,
    ...(snapshot.clockSeconds === undefined ? {} : { turnClock: snapshot.clockSeconds }),
    ...(snapshot.watchersReact ? { watchersReact: true } : {}),
    variant: snapshot.variant,
    options: snapshot.options,
    members: snapshot.members.map((m) => m.member).filter((m) => m !== snapshot.me),
    bots: snapshot.seats.flatMap((s) => (s.bot ? [{ level: s.bot, name: s.name }] : [])),
    savedAt: Date.now(),
  });
}

export function forgetLobby(room: string): void {
  try {
    storage()?.removeItem(PREFIX + room);
  } catch {
    // Nothing kept.
  }
}

/** A host's game as kept: what crosses to its table's worker to be set up again. */
export type KeptDraft = Pick<
  StoredLobby,
  'variant' | 'options' | 'bots' | 'turnClock' | 'watchersReact'
>;

/** What sets a lobby's game up: a session. */
interface DraftTarget {
  setVariant(variant: VariantId): unknown;
  setOption(key: string, value: number): unknown;
  addBot(level: BotLevel, name?: string): unknown;
  setTurnClock(seconds: number): unknown;
  allowWatcherReactions(allow: boolean): unknown;
}

function draftCalls(t: DraftTarget, kept: KeptDraft): (() => unknown)[] {
  const { variant, turnClock } = kept;
  return [
    ...(variant ? [() => t.setVariant(variant)] : []),
    ...Object.entries(kept.options).map(
      ([key, value]) =>
        () =>
          t.setOption(key, value),
    ),
    ...kept.bots.map((bot) => () => t.addBot(bot.level, bot.name)),
    ...(isTurnClock(turnClock) ? [() => t.setTurnClock(turnClock)] : []),
    ...(kept.watchersReact === true ? [() => t.allowWatcherReactions(true)] : []),
  ];
}

/**
 * A host's kept game, set up on its new session before the session hears any
 * link: a guest that links first is seated after the bots, as before the reload.
 */
export function setUpLobbyDraft(session: DraftTarget, kept: KeptDraft): void {
  for (const call of draftCalls(session, kept)) call();
}
