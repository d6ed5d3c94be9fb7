// Tables with no server at all: the page's transport is a manual-pairing
// endpoint (net/manual.ts). The first newcomer pairs with the host by an offer
// code and an answer code passed by hand; each later newcomer pairs the same
// way with any browser already at the table, and the links to the others are
// made by relaying offers over the links there are (net/mesh.ts). The session
// runs in a worker over that transport, as for a PeerServer table. After a
// reload the page resumes the stored table on an endpoint under its old id,
// and is paired back in the same way: a player still at the table makes an
// offer, the returning browser answers it, the mesh links it to the rest. A
// lobby is kept on this browser until the game begins (lobby-store.ts), so a
// reload there comes back the same way, in the same seat.
import {
  createManualEndpoint,
  inspectCode,
  type ManualAnswer,
  type ManualTransport,
  type NetError,
  type PeerId,
} from '$lib/net';
import { newId, newRoomId, peerIdFor, type TableClient } from './client';
import { fail, ok, type SessionResult } from '../errors';
import { cleanName } from '../setup';
import { markPaired } from './paired-rooms';
import {
  keepLobby,
  lobbyKeys,
  newPersonKeys,
  storedLobby,
  type PersonKeys,
} from '../store/lobby-store';
import { openInWorker } from '../worker/remote-client';
import { openTableStore } from '../store/store';

export interface PairedOptions {
  readonly name: string;
  /** STUN/TURN servers (none: host candidates only, the shortest codes; LAN). */
  readonly iceServers?: readonly RTCIceServer[];
}

/** A no-server table on this page: its client, and the pairing of newcomers. */
export interface PairedTable {
  readonly client: TableClient;
  /** An offer code for one newcomer (this browser's pending offer is replaced). */
  offer(): Promise<SessionResult<PairingOffer>>;
}

export interface PairingOffer {
  readonly code: string;
  /** Takes the newcomer's answer code (or link); resolves once the link is up. */
  accept(answer: string): Promise<SessionResult<PeerId>>;
  cancel(): void;
}

/** A newcomer's answer: the code to send back, and the table once the other side takes it. */
export interface PairingAnswer {
  readonly answer: string;
  readonly table: Promise<SessionResult<PairedTable>>;
  cancel(): void;
}

/** A no-server table resumed after a reload: what was stored, and the way back in. */
export interface ReturningTable extends PairedTable {
  /** Answers an offer made by a player still at the table; a second call replaces the first. */
  answerOffer(code: string): Promise<SessionResult<PairingBack>>;
}

export interface PairingBack {
  readonly answer: string;
  /** Settles once the offerer has taken the answer and the link is up. */
  readonly linked: Promise<SessionResult<PeerId>>;
  cancel(): void;
}

/** A no-server lobby after a reload: paired back in like a table, in the same seat. */
export interface ReturningLobby {
  /** Answers an offer made by a member of the lobby; a second call replaces the first. */
  answerOffer(code: string): Promise<SessionResult<PairingBack>>;
  /** The lobby open again: at once for its host, for a guest once an answer is taken. */
  readonly opened: Promise<SessionResult<PairedTable>>;
  /** Whether anyone else was in the lobby (a host alone has nobody to be paired back to). */
  readonly hadOthers: boolean;
}

/** How long an answer waits for its offerer to take it, and a relayed link to open. */
const ANSWER_WAIT_MS = 5 * 60_000;
const MEMBER_ID = /^[a-z0-9]{4,32}$/;

/** The link that carries a pairing code (`?join=<code>`, opened on any page of the site). */
export function pairingLink(site: string, code: string): string {
  const url = new URL(site);
  url.search = new URLSearchParams({ join: code }).toString();
  url.hash = '';
  return url.href;
}

/**
 * A pairing code from a `?join=` value, a pasted link or the bare code; null
 * when the text is a room invite (`room.member`) instead.
 */
export function pairingCodeIn(text: string): string | null {
  let code = text.trim();
  try {
    code = new URL(code).searchParams.get('join') ?? code;
  } catch {
    // Not a link: the code itself.
  }
  return code.includes('.') ? null : code.replace(/\s+/g, '');
}

/** The room and member a table's peer id names, if it is one. */
function tablePeer(peer: PeerId): { room: string; member: string } | null {
  const [room, member, ...rest] = peer.split('-');
  return room && member && rest.length === 0 && MEMBER_ID.test(room) && MEMBER_ID.test(member)
    ? { room, member }
    : null;
}

/** What a code is, in words a player can act on; `kind` is what this step needs. */
export function checkPairingCode(
  text: string,
  kind: 'offer' | 'answer',
  room?: string,
): SessionResult<{ readonly room: string; readonly peer: PeerId }> {
  const code = pairingCodeIn(text);
  if (code === null) {
    return fail(
      'WRONG_ROOM',
      'that is an invite link for a table with a server: open it as a link',
    );
  }
  const read = inspectCode(code);
  if (!read.ok) return fail('WRONG_ROOM', read.error.message);
  if (read.value.kind !== kind) {
    return fail(
      'WRONG_ROOM',
      kind === 'offer'
        ? 'that is an answer code: it goes back to the browser that made the offer'
        : 'that is an offer code, not an answer: open it on the newcomer’s browser',
    );
  }
  const at = tablePeer(read.value.peer);
  if (!at) return fail('WRONG_ROOM', 'that code is not from a Trainyard table');
  if (room !== undefined && at.room !== room) {
    return fail('WRONG_ROOM', `that ${kind} comes from another table`);
  }
  return ok({ room: at.room, peer: read.value.peer });
}

/**
 * Whether an offer can bring this returning browser (`self`) back to `room`:
 * an offer, for this table, from another browser seated at it. A code this
 * browser made before the reload is STALE.
 */
export function checkReturnOffer(
  text: string,
  room: string,
  self: PeerId,
  members: readonly PeerId[],
): SessionResult<PeerId> {
  const read = inspectCode(pairingCodeIn(text) ?? '');
  if (read.ok && read.value.peer === self) {
    return fail(
      'STALE',
      `that is this browser’s own ${read.value.kind} code from before the reload: ask a player still at the table for a new offer`,
    );
  }
  const checked = checkPairingCode(text, 'offer', room);
  if (!checked.ok) return checked;
  if (!members.includes(checked.value.peer)) {
    return fail(
      'UNKNOWN_PEER',
      'that offer is from a browser with no seat at this table: ask a player at the table for one',
    );
  }
  return ok(checked.value.peer);
}

function endpoint(room: string, member: string, o: Omit<PairedOptions, 'name'>) {
  const made = createManualEndpoint({
    id: peerIdFor(room, member),
    iceServers: o.iceServers ?? [],
    openTimeoutMs: ANSWER_WAIT_MS,
    // Relayed links wait for the session's proof of who dials (its worker may start after the link).
    guarded: true,
  });
  return made.ok ? ok(made.value) : fail<never>('NOT_NOW', made.error.message);
}

/**
 * Links this browser to every member its neighbours announce: of two members,
 * the lower id dials (as the session does), through a neighbour linked to both.
 * A browser back after a reload dials them all: the others may still hold a
 * dead link to it for a while (its old page said no goodbye), and a relayed
 * offer replaces that link at once.
 */
export function linkAround(t: ManualTransport, room: string, returning = false): void {
  const dial = (): void => {
    for (const peer of t.reachable()) {
      if (tablePeer(peer)?.room === room && (returning || t.id < peer)) void t.connect(peer);
    }
  };
  t.onRoutes(dial);
  dial();
}

function offerWords(code: string, message: string): string {
  switch (code) {
    case 'BAD_CODE':
      return `that code is not right: ${message}`;
    case 'TIMEOUT':
    case 'PEER_UNAVAILABLE':
      return 'no link came up: the answer may have expired, or the two browsers cannot reach each other (on different networks, add a TURN server in Connection settings)';
    default:
      return message;
  }
}

/**
 * Why an offer did not take an answer, in words: an answer to an older offer
 * (one this browser replaced, or made before a reload) is STALE.
 */
export function answerRefused(error: NetError): SessionResult<never> {
  if (error.code === 'BAD_CODE' && error.message.includes('another offer')) {
    return fail(
      'STALE',
      'that answer is for an older offer, which has expired: ask for an answer to the offer shown now',
    );
  }
  return fail('UNKNOWN_PEER', offerWords(error.code, error.message));
}

function pairedTable(client: TableClient, t: ManualTransport, room: string): PairedTable {
  let pending: { cancel(): void } | null = null;
  return {
    client,
    async offer() {
      pending?.cancel();
      pending = null;
      const made = await t.createOffer();
      if (!made.ok) {
        return fail(
          'NOT_NOW',
          made.error.code === 'CLOSED' ? 'the table is closed' : made.error.message,
        );
      }
      const offer = made.value;
      pending = offer;
      return ok({
        code: offer.code,
        cancel: () => offer.cancel(),
        async accept(answer) {
          const checked = checkPairingCode(answer, 'answer', room);
          if (!checked.ok) return checked;
          const linked = await offer.complete(pairingCodeIn(answer) ?? '');
          if (!linked.ok) return answerRefused(linked.error);
          if (pending === offer) pending = null;
          return ok(linked.value);
        },
      });
    },
  };
}

/** A new table with no server, this browser its host; newcomers pair with it by code. */
export async function hostPairedTable(o: PairedOptions): Promise<SessionResult<PairedTable>> {
  const room = newRoomId();
  const member = newId(6);
  const made = endpoint(room, member, o);
  if (!made.ok) return made;
  const t = made.value;
  linkAround(t, room);
  const name = cleanName(o.name) || 'Host';
  const person = newPersonKeys();
  const online = { room, member, name, peer: t.id, links: [], person };
  const opened = await openInWorker({ kind: 'host', online, transport: t });
  if (!opened.ok) return opened;
  markPaired(room);
  keepLobby({ room, member, name, role: 'host', via: null, keys: person });
  return ok(pairedTable(opened.value, t, room));
}

/**
 * Answers the offer code of a browser at a table: the answer code comes at
 * once; the table opens once that browser has taken it and the link is up.
 */
export async function answerPairing(
  o: PairedOptions & { readonly code: string },
): Promise<SessionResult<PairingAnswer>> {
  const checked = checkPairingCode(o.code, 'offer');
  if (!checked.ok) return checked;
  const { room, peer: contact } = checked.value;
  const member = newId(6);
  const made = endpoint(room, member, o);
  if (!made.ok) return made;
  const t = made.value;
  const answered = await t.acceptOffer(pairingCodeIn(o.code) ?? '');
  if (!answered.ok) {
    t.close();
    return fail('WRONG_ROOM', offerWords(answered.error.code, answered.error.message));
  }
  const a = answered.value;
  const table = a.peer.then(async (linked): Promise<SessionResult<PairedTable>> => {
    if (!linked.ok) {
      t.close();
      return fail(
        'UNKNOWN_PEER',
        linked.error.code === 'TIMEOUT'
          ? 'your answer was not taken in time and has expired: open the offer again for a new one'
          : offerWords(linked.error.code, linked.error.message),
      );
    }
    linkAround(t, room);
    const name = cleanName(o.name) || 'Player';
    const person = newPersonKeys();
    const online = { room, member, name, peer: t.id, links: t.peers(), contact, person };
    const opened = await openInWorker({ kind: 'join', online, transport: t });
    if (!opened.ok) return opened;
    markPaired(room);
    const via = tablePeer(contact)?.member ?? null;
    keepLobby({ room, member, name, role: 'guest', via, keys: person });
    return ok(pairedTable(opened.value, t, room));
  });
  return ok({
    answer: a.answer,
    table,
    cancel: () => {
      a.cancel();
      t.close();
    },
  });
}

/**
 * A stored no-server table after a reload: the session resumes from IndexedDB
 * under the same member id (so its seat keys and peer id are the ones the
 * others know) with no links, until `answerOffer` pairs it back in.
 */
export async function resumePairedTable(
  room: string,
  o: Omit<PairedOptions, 'name'>,
): Promise<SessionResult<ReturningTable>> {
  const store = await openTableStore();
  if (!store.ok) return fail('NOT_NOW', 'this browser keeps no tables');
  const stored = await store.value.load(room);
  store.value.close();
  if (!stored.ok) return fail('BAD_SETUP', stored.error.detail);
  const { device: member, name } = stored.value;
  const made = endpoint(room, member, o);
  if (!made.ok) return made;
  const t = made.value;
  linkAround(t, room, true);
  const online = { room, member, name, peer: t.id, links: [] };
  const opened = await openInWorker({ kind: 'rejoin', online, transport: t });
  if (!opened.ok) return opened;
  const client = opened.value;
  const seated = () => client.snapshot.seats.map((s) => peerIdFor(room, s.member));
  return ok({ ...pairedTable(client, t, room), answerOffer: answersBack(t, room, seated) });
}

/**
 * How a returning browser answers an offer from a player at its table (one of
 * `members`): the answer at once, `linked` once the offerer has taken it.
 */
function answersBack(
  t: ManualTransport,
  room: string,
  members: () => readonly PeerId[],
): ReturningTable['answerOffer'] {
  let pending: ManualAnswer | null = null;
  return async (code) => {
    const checked = checkReturnOffer(code, room, t.id, members());
    if (!checked.ok) return checked;
    pending?.cancel();
    const answered = await t.acceptOffer(pairingCodeIn(code) ?? '');
    if (!answered.ok) {
      return fail('WRONG_ROOM', offerWords(answered.error.code, answered.error.message));
    }
    const a = answered.value;
    pending = a;
    // Cancelling an answer closes its link: once up, the link is the mesh's.
    let up = false;
    const linked = a.peer.then((r): SessionResult<PeerId> => {
      if (pending === a) pending = null;
      up = r.ok;
      if (r.ok) return ok(r.value);
      return fail(
        'UNKNOWN_PEER',
        r.error.code === 'TIMEOUT'
          ? 'your answer was not taken in time and has expired: ask for a new offer'
          : offerWords(r.error.code, r.error.message),
      );
    });
    return ok({
      answer: a.answer,
      linked,
      cancel: () => {
        if (up) return;
        if (pending === a) pending = null;
        a.cancel();
      },
    });
  };
}

/**
 * A no-server lobby this browser was in, after a reload: an endpoint under the
 * same member id, the same person's keys. A host's lobby opens again at once
 * with its game and bots, and its guests pair back in; a guest's opens once it
 * has answered an offer from anyone in the lobby, and the host finds the seat
 * it knew.
 */
export async function resumePairedLobby(
  room: string,
  o: Omit<PairedOptions, 'name'>,
): Promise<SessionResult<ReturningLobby>> {
  const lobby = storedLobby(room);
  const person: PersonKeys | null = lobby && lobbyKeys(lobby);
  if (!lobby || !person) return fail('NOT_NOW', 'this browser keeps no lobby of that table');
  const made = endpoint(room, lobby.member, o);
  if (!made.ok) return made;
  const t = made.value;
  linkAround(t, room, true);
  const members = () =>
    [...new Set([lobby.via ?? '', ...lobby.members].filter(Boolean))].map((m) =>
      peerIdFor(room, m),
    );
  const answerOffer = answersBack(t, room, members);
  const hadOthers = members().length > 0;
  const online = { room, member: lobby.member, name: lobby.name, peer: t.id, links: [], person };
  if (lobby.role === 'host') {
    // Its game and bots are set up in the worker before the session hears any link,
    // so a guest that answers first still sits after the bots (as reopenHostLobby).
    const { variant, options, bots, turnClock, watchersReact } = lobby;
    const draft = { variant, options, bots, turnClock, watchersReact };
    const opened = await openInWorker({ kind: 'host', online: { ...online, draft }, transport: t });
    if (!opened.ok) return opened;
    const table = pairedTable(opened.value, t, room);
    return ok({ answerOffer, hadOthers, opened: Promise.resolve(ok(table)) });
  }
  let open: (r: SessionResult<PairedTable>) => void = () => undefined;
  const opened = new Promise<SessionResult<PairedTable>>((resolve) => (open = resolve));
  let joining = false;
  return ok({
    opened,
    hadOthers,
    async answerOffer(code) {
      const back = await answerOffer(code);
      if (!back.ok) return back;
      const linked = back.value.linked.then(async (r): Promise<SessionResult<PeerId>> => {
        if (!r.ok || joining) return r;
        joining = true;
        const contact = r.value;
        const joined = await openInWorker({
          kind: 'join',
          online: { ...online, links: t.peers(), contact },
          transport: t,
        });
        open(joined.ok ? ok(pairedTable(joined.value, t, room)) : joined);
        return joined.ok ? r : joined;
      });
      return ok({ ...back.value, linked });
    },
  });
}
