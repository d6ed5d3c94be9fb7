// The online lobby page's state: create a table and share its link, or join one
// with a link (`lobby?join=<room>.<member>`; any page of the site forwards
// `?join=` here). With no server, the table's browser makes an offer code for
// each newcomer (`?join=<offer>` as a link), the newcomer's browser answers it,
// and the answer goes back by hand (an answer opened as a link here is handed to
// the tab that made the offer). An offer for a no-server table this browser
// played at goes to its table page, which waits to be paired back in after a
// reload (or to a tab of it that waits already). Once the host starts, every
// browser goes to the table page with its client. A table's lobby is kept on
// this browser until the start: reloaded (`lobby?lobby=<room>`, or the invite
// link for a server table's guest), the page comes back to it in the same seat;
// a no-server lobby then asks to be paired back in by a player in it.
import {
  answerPairing,
  checkPairingCode,
  hasLobby,
  hostOnlineTable,
  hostPairedTable,
  inviteLink,
  isPairedRoom,
  joinOnlineTable,
  nobodyAnswers,
  noteLobby,
  pairingCodeIn,
  parseInvite,
  prepareTableWorker,
  rejoinOnlineLobby,
  resumePairedLobby,
  type Invite,
  type PairedTable,
  type PairingAnswer,
  type ReturningLobby,
  type SessionResult,
  type SessionSnapshot,
  type TableClient,
} from '$lib/session';
import { preloadTableCode } from '../board-loader';
import online from '../i18n/online';
import { keepTable, storesOnlineTable } from '../local';
import { errorText } from '../refusals';
import { onFirstIntent } from '../first-intent';
import { handAnswerOver, handCodeOver } from './answer-handoff';
import { pastedInvite, query, queryParam } from './links';
import type { NetSettingsState } from './net-settings.svelte';

export const NAME_KEY = 'trainyard.name';

/** How long opening a table may take before the lobby says why and offers to try again. */
export const OPEN_DEADLINE_MS = 10_000;

/** What `opening` settles to, or null once the deadline passes first (what opens later is closed). */
async function inTime<T>(
  opening: Promise<SessionResult<T>>,
  close: (opened: T) => void,
): Promise<SessionResult<T> | null> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<null>(
    (resolve) => (timer = setTimeout(resolve, OPEN_DEADLINE_MS, null)),
  );
  const first = await Promise.race([opening, late]);
  clearTimeout(timer);
  if (first === null) void opening.then((r) => r.ok && close(r.value));
  return first;
}

export type LobbyMode = 'server' | 'no-server';

/** What the lobby needs of the page around it: where the site is, and how to move about it. */
export interface LobbyPage {
  /** The site's root address, under whatever path it is served. */
  readonly site: () => string;
  /** The lobby page's path and the table page's (resolved under the site's base). */
  readonly paths: { readonly lobby: string; readonly table: string };
  /** Goes to another page of the site (`replace`: in place of this page in the history). */
  readonly goto: (url: string, o?: { readonly replace?: boolean }) => void;
  /** Replaces the address in the location bar, staying on this page. */
  readonly replaceAddress: (url: string) => void;
}

function remembered(): string {
  try {
    return localStorage.getItem(NAME_KEY) ?? '';
  } catch {
    return '';
  }
}

export class LobbyController {
  name = $state('');
  invited = $state<Invite | null>(null);
  /** An offer code this page was opened with (a no-server invite). */
  offered = $state<string | null>(null);
  mode = $state<LobbyMode>('server');
  joinText = $state('');
  pairText = $state('');
  busy = $state<'create' | 'join' | null>(null);
  problem = $state<string | null>(null);
  /** A lobby this browser could not come back to (the problem says why): it may try again. */
  retryRoom = $state<string | null>(null);
  client = $state.raw<TableClient | null>(null);
  snapshot = $state.raw<SessionSnapshot | null>(null);
  invite = $state('');
  paired = $state.raw<PairedTable | null>(null);
  answering = $state.raw<PairingAnswer | null>(null);
  handoff = $state<'handing' | 'taken' | 'none' | null>(null);
  /** An offer to pair this browser back in to a table it played at. */
  backHandoff = $state<'handing' | 'taken' | null>(null);
  /** This page reloaded in a no-server lobby: it waits to be paired back in. */
  returning = $state.raw<ReturningLobby | null>(null);
  /** An offer this returning lobby was opened with. */
  returnOffer = $state<string | null>(null);
  /** This browser was at the table the page names: it goes back to its seat. */
  resuming = $state(false);
  /** The page has come alive: until then its fields and buttons would do nothing. */
  live = $state(false);
  /** A table this page could not open (the problem says why): it may try again. */
  openFailed = $state(false);

  readonly net: NetSettingsState;
  readonly #page: LobbyPage;
  #modeChosen = false;
  #handedOver = false;

  constructor(net: NetSettingsState, page: LobbyPage) {
    this.net = net;
    this.#page = page;
  }

  get title(): string {
    if (this.client || this.returning) return online.lobby_title_table();
    return this.invited || this.offered
      ? online.lobby_title_invited()
      : online.lobby_title_online();
  }

  /** How online tables find each other, as chosen in the connection settings. */
  get connection(): string {
    const chosen = this.net.settings.signalling;
    if (chosen.kind === 'same-origin') return online.signalling_this_site();
    if (chosen.kind === 'public') return online.signalling_public();
    const scheme = (chosen.secure ?? true) ? 'https' : 'http';
    const port = chosen.port === undefined ? '' : `:${chosen.port}`;
    const address = `${scheme}://${chosen.host}${port}${chosen.path ?? '/'}`;
    return online.signalling_custom({ address });
  }

  /**
   * The page came alive at `url`: reads its `?join=` or `?lobby=`, comes back to
   * a kept lobby, and picks no server when no server serves this page. Returns
   * what to do when the page goes.
   */
  mount(url: URL): () => void {
    // A name typed before the page came alive stays.
    this.name ||= remembered();
    this.readJoin(url.search);
    this.live = true;
    // The table's worker loads while the person names themselves, not after Join
    // (nor in the page's first seconds, which a phone needs for the page itself).
    const stopPrepare = onFirstIntent(prepareTableWorker);
    const room = url.searchParams.get('lobby') ?? this.invited?.room;
    if (room) void this.#backTo(room);
    // No PeerServer serves this page (a static host) and none is set: no server is the natural choice.
    void this.net.detect().then((found) => {
      if (this.#modeChosen || found.kind === 'same-origin') return;
      if (this.net.settings.signalling.kind !== 'custom') this.mode = 'no-server';
    });
    return () => {
      stopPrepare();
      this.leave();
    };
  }

  /** The page goes: an answer waiting is withdrawn, a table not handed to the table page closed. */
  leave(): void {
    this.answering?.cancel();
    if (!this.#handedOver) this.client?.close();
  }

  /** What `?join=` brings: a room invite, a pairing offer, or an answer for another tab. */
  readJoin(search: string): void {
    const value = queryParam(search, 'join');
    const code = value === null ? null : pairingCodeIn(value);
    if (code === null) {
      const parsed = parseInvite(search);
      if (!parsed.ok) this.problem = errorText(parsed.error);
      else this.invited = parsed.value;
      return;
    }
    const offer = checkPairingCode(code, 'offer');
    if (offer.ok && isPairedRoom(offer.value.room)) {
      this.backHandoff = 'handing';
      void this.#pairBackIn(offer.value.room, code);
      return;
    }
    if (offer.ok) {
      this.#answerAsNewcomer(code);
      return;
    }
    if (checkPairingCode(code, 'answer').ok) {
      this.handoff = 'handing';
      void handAnswerOver(code).then((taken) => (this.handoff = taken ? 'taken' : 'none'));
      return;
    }
    this.problem = online.lobby_bad_link({ reason: errorText(offer.error) });
  }

  choose(mode: LobbyMode): void {
    this.mode = mode;
    this.#modeChosen = true;
  }

  async create(): Promise<void> {
    this.busy = 'create';
    this.problem = null;
    this.openFailed = false;
    this.#remember();
    if (this.mode === 'no-server') {
      const r = await inTime(
        (async () => hostPairedTable({ name: this.name, iceServers: await this.#iceServers() }))(),
        (t) => t.client.close(),
      );
      this.busy = null;
      if (!r?.ok) this.#notOpened(r);
      else {
        this.paired = r.value;
        this.#opened(r.value.client);
        this.#keepAddress(r.value.client.room);
      }
      return;
    }
    const r = await inTime(
      (async () => hostOnlineTable({ name: this.name, signalling: await this.net.signalling() }))(),
      (client) => client.close(),
    );
    this.busy = null;
    if (!r?.ok) this.#notOpened(r);
    else {
      this.#opened(r.value);
      this.#keepAddress(r.value.room);
    }
  }

  /** Says why the table did not open (null: nothing answered in time); it may try again. */
  #notOpened(r: SessionResult<unknown> | null): void {
    const reason = r === null ? online.open_no_answer() : r.ok ? '' : errorText(r.error);
    this.problem = online.lobby_cannot_open({ reason });
    this.openFailed = true;
  }

  /** Answers an offer (opened as a link, or pasted); the table opens once the answer is taken. */
  async answer(): Promise<void> {
    const code = this.offered ?? this.pairText;
    this.busy = 'join';
    this.problem = null;
    this.#remember();
    const r = await answerPairing({ name: this.name, code, iceServers: await this.#iceServers() });
    if (!r.ok) {
      this.busy = null;
      this.problem = errorText(r.error);
      return;
    }
    this.answering = r.value;
    const table = await r.value.table;
    this.busy = null;
    this.answering = null;
    if (!table.ok) {
      this.problem = errorText(table.error);
      return;
    }
    this.paired = table.value;
    this.#opened(table.value.client);
    this.#keepAddress(table.value.client.room);
  }

  async join(): Promise<void> {
    let target = this.invited;
    if (!target) {
      const r = pastedInvite(this.joinText);
      if (!r.ok) this.problem = errorText(r.error);
      target = r.ok ? r.value : null;
    }
    if (!target) return;
    this.busy = 'join';
    this.problem = null;
    this.#remember();
    const r = await joinOnlineTable({
      name: this.name,
      signalling: await this.net.signalling(),
      invite: target,
    });
    this.busy = null;
    if (!r.ok && nobodyAnswers(r.error)) this.problem = online.lobby_table_gone();
    else if (!r.ok) this.problem = online.lobby_cannot_join({ reason: errorText(r.error) });
    else this.#opened(r.value);
  }

  /** The returning lobby was paired back in. */
  linked(): void {
    this.returning = null;
  }

  #answerAsNewcomer(code: string): void {
    this.offered = code;
    this.choose('no-server');
  }

  /**
   * An offer for a no-server table this browser played at: to the tab of it that
   * waits to be paired back in, or to its table page (if the table is stored).
   */
  async #pairBackIn(room: string, code: string): Promise<void> {
    if (await handCodeOver('offer', code)) {
      this.backHandoff = 'taken';
      return;
    }
    if (!(await storesOnlineTable(room))) {
      this.backHandoff = null;
      if (hasLobby(room)) void this.#comeBackPaired(room, code);
      else this.#answerAsNewcomer(code);
      return;
    }
    // The table is named by a query (static host).
    this.#page.goto(`${this.#page.paths.table}?${query({ room, pair: code })}`);
  }

  #remember(): void {
    try {
      localStorage.setItem(NAME_KEY, this.name.trim());
    } catch {
      // Not remembered: fine.
    }
  }

  /** The STUN/TURN servers of the connection settings (no-server links use them too). */
  async #iceServers() {
    return (await this.net.signalling()).iceServers ?? [];
  }

  /** This lobby's address, so that a reload comes back to it (a query: static host). */
  #keepAddress(room: string): void {
    this.#page.replaceAddress(`${this.#page.paths.lobby}?lobby=${encodeURIComponent(room)}`);
  }

  #opened(c: TableClient): void {
    this.client = c;
    // The lobby's worker is the table's: only the table page's code is left to load.
    preloadTableCode();
    const via = c.contact.slice(c.room.length + 1);
    this.invite = inviteLink(this.#page.site(), { room: c.room, via });
    c.subscribe((s) => {
      this.snapshot = s;
      noteLobby(s);
      if (s.phase !== 'lobby' && !this.#handedOver) {
        this.#handedOver = true;
        keepTable(c, this.paired);
        this.#page.goto(`${this.#page.paths.table}?room=${encodeURIComponent(c.room)}`);
      }
    });
  }

  /**
   * The page names a table this browser was at (Back from its table, its invite
   * link opened again, a reload of its lobby): a game under way goes back to the
   * table page, which resumes its seat from storage; a lobby comes back as it was.
   */
  async #backTo(room: string): Promise<void> {
    this.resuming = true;
    const stored = await storesOnlineTable(room);
    this.resuming = stored;
    if (stored) {
      this.#page.goto(`${this.#page.paths.table}?${query({ room })}`, { replace: true });
    } else if (hasLobby(room)) void this.comeBack(room);
    else if (!this.invited) this.problem = online.lobby_not_kept();
  }

  /** Back to a lobby this browser was in, in the same seat (after a reload). */
  async comeBack(room: string): Promise<void> {
    this.retryRoom = null;
    if (isPairedRoom(room)) return this.#comeBackPaired(room);
    this.busy = 'join';
    this.problem = null;
    const r = await rejoinOnlineLobby(room, await this.net.signalling());
    this.busy = null;
    if (!r.ok) this.#cannotReturn(room, r.error);
    else this.#opened(r.value);
  }

  /** Tries again to come back to the lobby it could not (the player pressed Try again). */
  retry(): void {
    const room = this.retryRoom;
    if (room && this.busy === null) void this.comeBack(room);
  }

  #cannotReturn(room: string, error: Parameters<typeof errorText>[0]): void {
    this.problem = online.lobby_cannot_return({ reason: errorText(error) });
    this.retryRoom = room;
  }

  /**
   * Back to a no-server lobby: a host's opens at once, a guest's once it has
   * answered an offer from a player in it (`offer`, if it came with one).
   */
  async #comeBackPaired(room: string, offer: string | null = null): Promise<void> {
    this.busy = 'join';
    this.problem = null;
    const r = await resumePairedLobby(room, { iceServers: await this.#iceServers() });
    this.busy = null;
    if (!r.ok) {
      this.#cannotReturn(room, r.error);
      return;
    }
    this.returnOffer = offer;
    if (r.value.hadOthers) this.returning = r.value;
    this.#keepAddress(room);
    const table = await r.value.opened;
    if (!table.ok) {
      this.#cannotReturn(room, table.error);
      return;
    }
    this.paired = table.value;
    this.#opened(table.value.client);
  }
}
