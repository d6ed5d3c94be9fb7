// Transport over WebRTC data channels, brokered by a PeerJS signalling
// server. The peerjs library is loaded on first use, so pages that never go
// online do not pay for it (and server-side rendering never touches it).
import type { DataConnection, Peer, PeerError } from 'peerjs';
import { peerServerOptions, type PageOrigin, type Signalling } from './signalling';
import {
  checkPayload,
  fail,
  Listeners,
  ok,
  type NetError,
  type NetErrorCode,
  type NetResult,
  type Payload,
  type PeerId,
  type Transport,
  type Unsubscribe,
} from './transport';

export interface PeerTransportOptions {
  readonly signalling: Signalling;
  /** The id to claim; the signalling server assigns one when absent. */
  readonly id?: PeerId;
  /** For same-origin signalling; defaults to `globalThis.location`. */
  readonly origin?: PageOrigin;
  /** Limit for reaching the signalling server and for each `connect`. */
  readonly timeoutMs?: number;
  /** PeerJS log level (0 none … 3 all). */
  readonly debug?: 0 | 1 | 2 | 3;
}

/** What PeerJS accepts as an id. */
export const PEER_ID_PATTERN = /^[A-Za-z0-9]+(?:[ _-][A-Za-z0-9]+)*$/;

const DEFAULT_TIMEOUT_MS = 15_000;

/** Claim an id on the signalling server; resolves once others can reach us. */
export async function openPeerTransport(
  options: PeerTransportOptions,
): Promise<NetResult<Transport>> {
  if (options.id !== undefined && !PEER_ID_PATTERN.test(options.id)) {
    return fail('INVALID_ID', `"${options.id}" is not a valid PeerJS id`);
  }
  if (typeof RTCPeerConnection === 'undefined') {
    return fail('UNSUPPORTED', 'this environment has no WebRTC');
  }
  const origin = options.origin ?? globalThis.location;
  if (options.signalling.kind === 'same-origin' && origin === undefined) {
    return fail('UNSUPPORTED', 'same-origin signalling needs a page origin');
  }
  let PeerClass: typeof Peer;
  try {
    ({ Peer: PeerClass } = await import('peerjs'));
  } catch (error) {
    return fail('UNSUPPORTED', `could not load peerjs: ${String(error)}`);
  }
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const peerOptions = {
    ...peerServerOptions(options.signalling, origin as PageOrigin),
    debug: options.debug ?? 0,
  };
  const peer =
    options.id === undefined ? new PeerClass(peerOptions) : new PeerClass(options.id, peerOptions);

  return new Promise((resolve) => {
    const settle = (result: NetResult<Transport>): void => {
      clearTimeout(timer);
      peer.off('open', onOpen);
      peer.off('error', onError);
      if (!result.ok) peer.destroy();
      resolve(result);
    };
    const onOpen = (id: string): void => settle(ok(new PeerTransport(peer, id, timeoutMs)));
    const onError = (error: PeerError<string>): void => {
      settle(fail(openErrorCode(error.type), error.message));
    };
    const timer = setTimeout(
      () => settle(fail('TIMEOUT', `no answer from the signalling server in ${timeoutMs} ms`)),
      timeoutMs,
    );
    peer.on('open', onOpen);
    peer.on('error', onError);
  });
}

function openErrorCode(type: string): NetErrorCode {
  switch (type) {
    case 'unavailable-id':
      return 'ID_TAKEN';
    case 'invalid-id':
      return 'INVALID_ID';
    case 'browser-incompatible':
      return 'UNSUPPORTED';
    case 'network':
    case 'server-error':
    case 'socket-error':
    case 'socket-closed':
    case 'ssl-unavailable':
    case 'invalid-key':
      return 'SIGNALLING_UNREACHABLE';
    case 'peer-unavailable':
      return 'PEER_UNAVAILABLE';
    default:
      return 'NETWORK';
  }
}

/** Data from the wire as a Payload, or undefined for anything else. */
function toPayload(data: unknown): Payload | undefined {
  if (typeof data === 'string') return data;
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) {
    return new Uint8Array(data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength));
  }
  return undefined;
}

interface PendingConnect {
  readonly promise: Promise<NetResult<void>>;
  readonly finish: (result: NetResult<void>) => void;
}

class PeerTransport implements Transport {
  readonly #peer: Peer;
  readonly #timeoutMs: number;
  /** The open connection per remote peer, in the order they opened. */
  readonly #links = new Map<PeerId, DataConnection>();
  readonly #pending = new Map<PeerId, PendingConnect>();
  readonly #messages = new Listeners<[PeerId, Payload]>();
  readonly #opens = new Listeners<[PeerId]>();
  readonly #closes = new Listeners<[PeerId]>();
  readonly #errors = new Listeners<[NetError]>();
  #closed = false;

  constructor(
    peer: Peer,
    readonly id: PeerId,
    timeoutMs: number,
  ) {
    this.#peer = peer;
    this.#timeoutMs = timeoutMs;
    peer.on('connection', (conn) => this.#wire(conn));
    peer.on('error', (error) => this.#onPeerError(error));
    peer.on('disconnected', () => {
      if (!this.#closed) {
        this.#errors.emit({
          code: 'SIGNALLING_UNREACHABLE',
          message: 'lost the signalling server; open links remain',
        });
      }
    });
    peer.on('close', () => this.#shutDown());
  }

  get closed(): boolean {
    return this.#closed;
  }

  connect(peer: PeerId): Promise<NetResult<void>> {
    if (this.#closed) return Promise.resolve(fail('CLOSED', 'transport is closed'));
    if (this.#links.has(peer)) return Promise.resolve(ok(undefined));
    const pending = this.#pending.get(peer);
    if (pending) return pending.promise;
    if (!PEER_ID_PATTERN.test(peer) || peer === this.id) {
      return Promise.resolve(fail('INVALID_ID', `cannot connect to "${peer}"`));
    }

    let finish: (result: NetResult<void>) => void = () => {};
    const promise = new Promise<NetResult<void>>((resolve) => {
      const timer = setTimeout(() => {
        finish(fail('TIMEOUT', `no link to ${peer} within ${this.#timeoutMs} ms`));
      }, this.#timeoutMs);
      finish = (result) => {
        if (this.#pending.get(peer)?.promise !== promise) return;
        clearTimeout(timer);
        this.#pending.delete(peer);
        if (!result.ok && this.#links.get(peer) !== conn) conn.close();
        resolve(result);
      };
    });
    this.#pending.set(peer, { promise, finish: (result) => finish(result) });
    const conn = this.#peer.connect(peer, { reliable: true, serialization: 'binary' });
    this.#wire(conn);
    return promise;
  }

  send(peer: PeerId, data: Payload): NetResult<void> {
    if (this.#closed) return fail('CLOSED', 'transport is closed');
    const conn = this.#links.get(peer);
    if (!conn?.open) return fail('CLOSED', `no open link to ${peer}`);
    const checked = checkPayload(data);
    if (!checked.ok) return checked;
    try {
      const sent = conn.send(data);
      if (sent instanceof Promise) sent.catch((error) => this.#linkError(peer, error));
    } catch (error) {
      return fail('NETWORK', `send to ${peer} failed: ${String(error)}`);
    }
    return ok(undefined);
  }

  peers(): readonly PeerId[] {
    return [...this.#links.keys()];
  }

  disconnect(peer: PeerId): void {
    this.#links.get(peer)?.close();
  }

  onMessage(listener: (from: PeerId, data: Payload) => void): Unsubscribe {
    return this.#messages.add(listener);
  }

  onOpen(listener: (peer: PeerId) => void): Unsubscribe {
    return this.#opens.add(listener);
  }

  onClose(listener: (peer: PeerId) => void): Unsubscribe {
    return this.#closes.add(listener);
  }

  onError(listener: (error: NetError) => void): Unsubscribe {
    return this.#errors.add(listener);
  }

  close(): void {
    if (this.#closed) return;
    this.#peer.destroy();
    this.#shutDown();
  }

  #shutDown(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const pending of [...this.#pending.values()]) {
      pending.finish(fail('CLOSED', 'transport closed'));
    }
    const peers = [...this.#links.keys()];
    this.#links.clear();
    for (const peer of peers) this.#closes.emit(peer);
    this.#messages.clear();
    this.#opens.clear();
    this.#closes.clear();
    this.#errors.clear();
  }

  #wire(conn: DataConnection): void {
    const remote = conn.peer;
    conn.on('open', () => {
      if (this.#closed) {
        conn.close();
        return;
      }
      const previous = this.#links.get(remote);
      // The newest connection wins (both sides may dial at once).
      this.#links.delete(remote);
      this.#links.set(remote, conn);
      if (previous && previous !== conn) previous.close();
      else this.#opens.emit(remote);
      this.#pending.get(remote)?.finish(ok(undefined));
    });
    conn.on('data', (data) => {
      if (this.#links.get(remote) !== conn) return;
      const payload = toPayload(data);
      if (payload === undefined) {
        this.#errors.emit({ code: 'NETWORK', message: `dropped a non-payload from ${remote}` });
        return;
      }
      this.#messages.emit(remote, payload);
    });
    conn.on('close', () => {
      if (this.#links.get(remote) === conn) {
        this.#links.delete(remote);
        this.#closes.emit(remote);
      }
      this.#pending.get(remote)?.finish(fail('CLOSED', `link to ${remote} closed while opening`));
    });
    conn.on('error', (error) => this.#linkError(remote, error));
  }

  #linkError(remote: PeerId, error: unknown): void {
    const message = `link to ${remote}: ${error instanceof Error ? error.message : String(error)}`;
    const pending = this.#pending.get(remote);
    if (pending && !this.#links.has(remote)) pending.finish(fail('NETWORK', message));
    else this.#errors.emit({ code: 'NETWORK', message });
  }

  #onPeerError(error: PeerError<string>): void {
    if (error.type === 'peer-unavailable') {
      // PeerJS names the peer only in the message: "Could not connect to peer X".
      const remote = /peer (\S+)$/.exec(error.message)?.[1];
      const pending = remote === undefined ? undefined : this.#pending.get(remote);
      if (pending) {
        pending.finish(fail('PEER_UNAVAILABLE', error.message));
        return;
      }
    }
    this.#errors.emit({ code: openErrorCode(error.type), message: error.message });
  }
}
