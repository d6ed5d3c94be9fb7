// Online tables from a page: the page opens this browser's PeerJS endpoint
// (its id names the room and the member, so anyone at the table can find it
// again after a reload) and a worker runs the session over it. A lobby is kept
// in localStorage until the game begins (lobby-store.ts), so a reload before
// the start comes back to it too.
import { openPeerTransport, type PeerTransport, type Signalling } from '$lib/net';
import { newId, newRoomId, peerIdFor, type TableClient } from './client';
import { fail, ok, type SessionError, type SessionResult } from '../errors';
import {
  forgetLobby,
  keepLobby,
  lobbyKeys,
  newPersonKeys,
  storedLobby,
  type PersonKeys,
  type StoredLobby,
} from '../store/lobby-store';
import { isPairedRoom } from './paired-rooms';
import { cleanName } from '../setup';
import { openTableStore } from '../store/store';
import { openInWorker } from '../worker/remote-client';

export interface OnlineOptions {
  readonly name: string;
  readonly signalling: Signalling;
}

export interface Invite {
  readonly room: string;
  /** The member whose browser the link points to (the host when it was made). */
  readonly via: string;
}

const ID = /^[a-z0-9]{4,32}$/;

/** The invite link for a table: the site's address with the room and a member to ask for. */
export function inviteLink(site: string, invite: Invite): string {
  const url = new URL(site);
  url.search = new URLSearchParams({ join: `${invite.room}.${invite.via}` }).toString();
  url.hash = '';
  return url.href;
}

/** Reads an invite from a page's query string; a bad or foreign one says what is wrong. */
export function parseInvite(search: string): SessionResult<Invite | null> {
  const code = new URLSearchParams(search).get('join');
  if (code === null) return ok(null);
  const [room, via, ...rest] = code.split('.');
  if (!room || !via || rest.length > 0 || !ID.test(room) || !ID.test(via)) {
    return fail('WRONG_ROOM', 'this invite link is damaged: ask for a new one');
  }
  return ok({ room, via });
}

/** Tries to claim a member's id while the server still holds it for a page just left. */
const ID_TAKEN_TRIES = 12;
const ID_TAKEN_WAIT_MS = 1000;

async function openEndpoint(room: string, member: string, signalling: Signalling) {
  const open = () =>
    openPeerTransport({
      signalling,
      id: peerIdFor(room, member),
      // Relayed links wait for the session's proof of who dials (its worker may start after the link).
      guarded: true,
    });
  let transport = await open();
  // Back, or a reopened tab: the page just left may still hold this id on the server
  // until its socket closes, a moment later.
  for (let i = 1; i < ID_TAKEN_TRIES && !transport.ok && transport.error.code === 'ID_TAKEN'; i++) {
    await new Promise((r) => setTimeout(r, ID_TAKEN_WAIT_MS));
    transport = await open();
  }
  if (!transport.ok) {
    const reason =
      transport.error.code === 'SIGNALLING_UNREACHABLE' || transport.error.code === 'TIMEOUT'
        ? 'the signalling server cannot be reached'
        : transport.error.message;
    return fail<never>('UNKNOWN_PEER', reason);
  }
  return ok(transport.value);
}

/** A new table that others join by link, with this browser as host. */
export async function hostOnlineTable(o: OnlineOptions): Promise<SessionResult<TableClient>> {
  const room = newRoomId();
  const member = newId(6);
  const transport = await openEndpoint(room, member, o.signalling);
  if (!transport.ok) return transport;
  const t = transport.value;
  const name = cleanName(o.name) || 'Host';
  const person = newPersonKeys();
  const online = { room, member, name, peer: t.id, links: [], person };
  const opened = await openInWorker({ kind: 'host', online, transport: t });
  if (opened.ok) keepLobby({ room, member, name, role: 'host', via: null, keys: person });
  return opened;
}

const NOBODY_ANSWERS =
  'nobody at that table answers: its game may be over, or every page of it closed';

/** Whether a join failed because nobody at the table answered (not the server, not the link). */
export function nobodyAnswers(error: SessionError): boolean {
  return error.code === 'UNKNOWN_PEER' && error.detail === NOBODY_ANSWERS;
}

/** Joins the table an invite names. */
export async function joinOnlineTable(
  o: OnlineOptions & { readonly invite: Invite },
): Promise<SessionResult<TableClient>> {
  const { room, via } = o.invite;
  const member = newId(6);
  const transport = await openEndpoint(room, member, o.signalling);
  if (!transport.ok) return transport;
  const t = transport.value;
  const contact = peerIdFor(room, via);
  const linked = await t.connect(contact);
  if (!linked.ok) {
    t.close();
    return fail('UNKNOWN_PEER', NOBODY_ANSWERS);
  }
  const name = cleanName(o.name) || 'Player';
  const person = newPersonKeys();
  const online = { room, member, name, peer: t.id, links: t.peers(), contact, person };
  const opened = await openInWorker({ kind: 'join', online, transport: t });
  if (opened.ok) keepLobby({ room, member, name, role: 'guest', via, keys: person });
  return opened;
}

/** Whether this browser keeps a lobby of `room` it can come back to. */
export function hasLobby(room: string): boolean {
  return storedLobby(room) !== null;
}

/**
 * Comes back to a lobby this browser was in (a reload before the start): the
 * same member id and keys, so the host finds the seat it knew; a host links to
 * the members it had met and sets its game up again.
 */
export async function rejoinOnlineLobby(
  room: string,
  signalling: Signalling,
): Promise<SessionResult<TableClient>> {
  const lobby = storedLobby(room);
  const person = lobby && lobbyKeys(lobby);
  if (!lobby || !person) return fail('NOT_NOW', 'this browser keeps no lobby of that table');
  const transport = await openEndpoint(room, lobby.member, signalling);
  if (!transport.ok) return transport;
  const t = transport.value;
  if (lobby.role === 'host') return reopenHostLobby(lobby, person, t);
  const others = [...new Set([lobby.via ?? '', ...lobby.members].filter(Boolean))];
  let contact: string | null = null;
  for (const m of others) {
    if ((await t.connect(peerIdFor(room, m))).ok) {
      contact = m;
      break;
    }
  }
  if (contact === null) {
    t.close();
    forgetLobby(room);
    return fail('UNKNOWN_PEER', 'nobody at that table answers: the table may be gone');
  }
  const online = {
    room,
    member: lobby.member,
    name: lobby.name,
    peer: t.id,
    links: t.peers(),
    person,
    contact: peerIdFor(room, contact),
  };
  return openInWorker({ kind: 'join', online, transport: t });
}

/**
 * The host's lobby as it was: its game and bots first (set up in the worker
 * before the session hears any link, so a guest that dials first still sits
 * after them), then the members it had met are linked to again and seat
 * themselves (a bot added after a guest comes back before that guest).
 */
async function reopenHostLobby(
  lobby: StoredLobby,
  person: PersonKeys,
  t: PeerTransport,
): Promise<SessionResult<TableClient>> {
  const { room, member, name, variant, options, bots, turnClock, watchersReact } = lobby;
  const draft = { variant, options, bots, turnClock, watchersReact };
  const online = { room, member, name, peer: t.id, links: [], person, draft };
  const opened = await openInWorker({ kind: 'host', online, transport: t });
  if (!opened.ok) return opened;
  for (const m of lobby.members) void t.connect(peerIdFor(room, m));
  return opened;
}

/** A stored online table, rejoined after a reload under the same member id. */
export async function rejoinOnlineTable(
  room: string,
  signalling: Signalling,
): Promise<SessionResult<TableClient>> {
  if (isPairedRoom(room)) {
    return fail(
      'NOT_NOW',
      'this table was formed with no server: it comes back by pairing with a player still at it, not through a server',
    );
  }
  const store = await openTableStore();
  if (!store.ok) return fail('NOT_NOW', 'this browser keeps no tables');
  const stored = await store.value.load(room);
  store.value.close();
  if (!stored.ok) return fail('BAD_SETUP', stored.error.detail);
  const member = stored.value.device;
  const transport = await openEndpoint(room, member, signalling);
  if (!transport.ok) return transport;
  const t = transport.value;
  const online = { room, member, name: stored.value.name, peer: t.id, links: t.peers() };
  return openInWorker({ kind: 'rejoin', online, transport: t });
}
