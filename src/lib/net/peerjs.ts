// Transport over WebRTC data channels, brokered by a PeerJS signalling
// server. The peerjs library is loaded on first use, so pages that never go
// online do not pay for it (and server-side rendering never touches it).
//
// PeerJS only opens the connections: they carry our own framing (frame.ts,
// 'raw' serialization), so payloads up to MAX_PAYLOAD arrive whole and
// control traffic stays apart, as on manually paired links. The links live in
// a Mesh, so once a table has formed, connect() also works without the
// server: when it is gone (or cannot reach the peer), the offer and answer go
// through a peer linked to both (mesh.ts), on a plain RTCPeerConnection.
import type { DataConnection, Peer, PeerError } from 'peerjs';
import { Mesh, type Link, type LinkHandlers } from './mesh';
import { rtcDialer } from './rtc';
import { peerServerOptions, type PageOrigin, type Signalling } from './signalling';
import {
  fail,
  ok,
  type NetErrorCode,
  type NetResult,
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
  /** Relayed offers wait for an OfferGuard (see MeshOptions.guarded). */
  readonly guarded?: boolean;
}

/** What PeerJS accepts as an id. */
export const PEER_ID_PATTERN = /^[A-Za-z0-9]+(?:[ _-][A-Za-z0-9]+)*$/;

const DEFAULT_TIMEOUT_MS = 15_000;

/** A PeerJS endpoint: a Transport that can also work on without its server. */
export interface PeerTransport extends Transport {
  /** Each neighbour and the peers it says it is linked to. */
  routes(): ReadonlyMap<PeerId, readonly PeerId[]>;
  /** Peers not linked here that a neighbour can relay a connect to. */
  reachable(): readonly PeerId[];
  onRoutes(listener: () => void): Unsubscribe;
  /**
   * Leave the signalling server but keep every link (PeerJS `disconnect`):
   * from then on connect() goes through linked peers only.
   */
  dropSignalling(): void;
}

/** Claim an id on the signalling server; resolves once others can reach us. */
export async function openPeerTransport(
  options: PeerTransportOptions,
): Promise<NetResult<PeerTransport>> {
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
    const settle = (result: NetResult<PeerTransport>): void => {
      clearTimeout(timer);
      peer.off('open', onOpen);
      peer.off('error', onError);
      if (!result.ok) peer.destroy();
      resolve(result);
    };
    const onOpen = (id: string): void =>
      settle(ok(peerTransport(peer, id, timeoutMs, options.guarded ?? false)));
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

/** Data from the wire as bytes, or undefined for anything else. */
function toBytes(data: unknown): Uint8Array | undefined {
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  if (ArrayBuffer.isView(data)) {
    return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  }
  return undefined;
}

/** Frames PeerJS may hold for one link (16 KiB each: 16 MiB in all) before the link is dropped. */
const MAX_QUEUED_FRAMES = 1024;

/** A PeerJS data connection ('raw' serialization) as a mesh link. */
class PeerJsLink implements Link {
  readonly #conn: DataConnection;
  #handlers: LinkHandlers | undefined;
  #open = true;

  constructor(conn: DataConnection) {
    this.#conn = conn;
    conn.on('data', (data) => {
      const bytes = toBytes(data);
      if (bytes && this.#open) this.#handlers?.frame(bytes);
    });
    conn.on('close', () => this.#gone());
    conn.on('error', () => this.#gone());
    // PeerJS may never emit 'close' when the other side just vanishes
    // (peers/peerjs#1200, #568): watch the connection itself too.
    const pc = conn.peerConnection;
    pc?.addEventListener('connectionstatechange', () => {
      if (pc.connectionState === 'failed' || pc.connectionState === 'closed') this.#gone();
    });
  }

  listen(handlers: LinkHandlers): void {
    this.#handlers = handlers;
  }

  send(frames: readonly Uint8Array<ArrayBuffer>[]): boolean {
    if (!this.#open || !this.#conn.open) return false;
    // PeerJS buffers without bound: a peer that stops reading is dropped instead.
    const queued = (this.#conn as { bufferSize?: number }).bufferSize ?? 0;
    if (queued > MAX_QUEUED_FRAMES) {
      this.#gone();
      return false;
    }
    try {
      for (const frame of frames) void this.#conn.send(frame);
    } catch {
      this.#gone();
      return false;
    }
    return true;
  }

  close(): void {
    if (!this.#open) return;
    this.#open = false;
    // Let a goodbye already queued leave first.
    const queued = (this.#conn as { bufferSize?: number }).bufferSize ?? 0;
    const buffered = (this.#conn.dataChannel?.bufferedAmount ?? 0) + queued;
    if (buffered > 0) setTimeout(() => this.#conn.close(), 100);
    else this.#conn.close();
  }

  #gone(): void {
    if (!this.#open) return;
    this.#open = false;
    this.#conn.close();
    this.#handlers?.closed();
  }
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function peerTransport(peer: Peer, id: PeerId, timeoutMs: number, guarded: boolean): PeerTransport {
  /** Direct connects waiting for PeerJS, by remote id (for 'peer-unavailable'). */
  const waiting = new Map<PeerId, (result: NetResult<void>) => void>();

  const wire = (conn: DataConnection): void => {
    if (conn.serialization !== 'raw') {
      conn.close();
      return;
    }
    conn.on('open', () => {
      if (mesh.closed) conn.close();
      else mesh.adopt(conn.peer, new PeerJsLink(conn));
    });
  };

  const direct = (remote: PeerId): Promise<NetResult<void>> => {
    if (!PEER_ID_PATTERN.test(remote)) {
      return Promise.resolve(fail('INVALID_ID', `cannot connect to "${remote}"`));
    }
    if (peer.disconnected || peer.destroyed) {
      return Promise.resolve(fail('SIGNALLING_UNREACHABLE', 'the signalling server is gone'));
    }
    return new Promise((resolve) => {
      let conn: DataConnection | undefined;
      const settle = (result: NetResult<void>): void => {
        if (waiting.get(remote) !== settle) return;
        waiting.delete(remote);
        clearTimeout(timer);
        if (!result.ok && !mesh.peers().includes(remote)) conn?.close();
        resolve(result);
      };
      const timer = setTimeout(
        () => settle(fail('TIMEOUT', `no link to ${remote} within ${timeoutMs} ms`)),
        timeoutMs,
      );
      waiting.get(remote)?.(fail('CLOSED', 'superseded'));
      waiting.set(remote, settle);
      try {
        conn = peer.connect(remote, { reliable: true, serialization: 'raw' });
      } catch (error) {
        settle(fail('NETWORK', `connect to ${remote} failed: ${errorMessage(error)}`));
        return;
      }
      if (!conn) {
        settle(fail('SIGNALLING_UNREACHABLE', 'the signalling server is gone'));
        return;
      }
      const opened = conn;
      wire(opened);
      opened.on('open', () => settle(ok(undefined)));
      opened.on('close', () => settle(fail('CLOSED', `link to ${remote} closed while opening`)));
      opened.on('error', (error) =>
        settle(fail('NETWORK', `link to ${remote}: ${errorMessage(error)}`)),
      );
    });
  };

  const config = (peer.options as { config?: RTCConfiguration }).config;
  const mesh = new Mesh(id, {
    dialer: rtcDialer({ iceServers: config?.iceServers ?? [], openTimeoutMs: timeoutMs }),
    direct,
    directFirst: () => !peer.disconnected && !peer.destroyed,
    connectTimeoutMs: 2 * timeoutMs,
    guarded,
    onClose: () => {
      for (const settle of [...waiting.values()]) settle(fail('CLOSED', 'transport closed'));
      peer.destroy();
    },
  });

  peer.on('connection', wire);
  peer.on('error', (error: PeerError<string>) => {
    if (error.type === 'peer-unavailable') {
      // PeerJS names the peer only in the message: "Could not connect to peer X".
      const remote = /peer (\S+)$/.exec(error.message)?.[1];
      const settle = remote === undefined ? undefined : waiting.get(remote);
      if (settle) {
        settle(fail('PEER_UNAVAILABLE', error.message));
        return;
      }
    }
    mesh.reportError({ code: openErrorCode(error.type), message: error.message });
  });
  // A lost signalling server (sleep, network change) is tried again with a
  // growing pause, unless the table chose to leave it.
  let left = false;
  let retryMs = 1000;
  peer.on('open', () => {
    retryMs = 1000;
  });
  peer.on('disconnected', () => {
    mesh.reportError({
      code: 'SIGNALLING_UNREACHABLE',
      message: 'lost the signalling server; open links remain, and new ones go through them',
    });
    if (left) return;
    setTimeout(() => {
      if (!left && peer.disconnected && !peer.destroyed) peer.reconnect();
    }, retryMs);
    retryMs = Math.min(2 * retryMs, 30_000);
  });
  peer.on('close', () => mesh.close());
  return Object.assign(mesh, {
    dropSignalling(): void {
      left = true;
      if (!peer.disconnected && !peer.destroyed) peer.disconnect();
    },
  });
}
