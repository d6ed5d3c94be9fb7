// Online tables from a page: the page opens this browser's PeerJS endpoint
// (its id names the room and the member, so anyone at the table can find it
// again after a reload) and a worker runs the session over it.
import { openPeerTransport, type Signalling } from '$lib/net';
import { newId, newRoomId, peerIdFor, type TableClient } from './client';
import { fail, ok, type SessionResult } from './errors';
import { isPairedRoom } from './paired-tables';
import { cleanName } from './setup';
import { openTableStore } from './store';
import { openInWorker } from './remote-client';

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

async function openEndpoint(room: string, member: string, signalling: Signalling) {
  const transport = await openPeerTransport({ signalling, id: peerIdFor(room, member) });
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
  const online = { room, member, name: cleanName(o.name) || 'Host', peer: t.id, links: [] };
  return openInWorker({ kind: 'host', online, transport: t });
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
    return fail('UNKNOWN_PEER', 'nobody at that table answers: the link may be stale');
  }
  const name = cleanName(o.name) || 'Player';
  const online = { room, member, name, peer: t.id, links: t.peers(), contact };
  return openInWorker({ kind: 'join', online, transport: t });
}

/** A stored online table, rejoined after a reload under the same member id. */
export async function rejoinOnlineTable(
  room: string,
  signalling: Signalling,
): Promise<SessionResult<TableClient>> {
  if (isPairedRoom(room)) {
    return fail(
      'NOT_NOW',
      'this table was formed with no server, and its links went with the page: it cannot be rejoined; pair again for a new table',
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
