// The one interface every transport implements. A transport is one local
// endpoint (one peer id) holding links to any number of remote peers; the
// session layer decides who talks to whom. Payloads are opaque: strings or
// bytes, delivered whole and in order on each link.

/** What travels on a link. Bytes arrive as a fresh `Uint8Array`. */
export type Payload = string | Uint8Array;

/** Brokering id of an endpoint (PeerJS id, or a name on an in-memory network). */
export type PeerId = string;

/** Largest payload any transport accepts (bytes, or UTF-16 code units for strings). */
export const MAX_PAYLOAD = 1 << 20;

export const NET_ERROR_CODES = [
  /** The signalling server could not be reached or failed. */
  'SIGNALLING_UNREACHABLE',
  /** Another endpoint already holds this id. */
  'ID_TAKEN',
  /** The id is not acceptable to the transport. */
  'INVALID_ID',
  /** No endpoint with that id is reachable. */
  'PEER_UNAVAILABLE',
  /** Nothing happened within the allowed time. */
  'TIMEOUT',
  /** The transport or the link is closed (or was never opened). */
  'CLOSED',
  /** The payload exceeds MAX_PAYLOAD or is not a string or bytes. */
  'BAD_PAYLOAD',
  /** A pairing code that is damaged, cut off, foreign, or of the wrong kind. */
  'BAD_CODE',
  /** This environment lacks WebRTC. */
  'UNSUPPORTED',
  /** Anything else the underlying library reported. */
  'NETWORK',
] as const;
export type NetErrorCode = (typeof NET_ERROR_CODES)[number];

export interface NetError {
  readonly code: NetErrorCode;
  readonly message: string;
}

export type NetResult<T> =
  { readonly ok: true; readonly value: T } | { readonly ok: false; readonly error: NetError };

export const ok = <T>(value: T): NetResult<T> => ({ ok: true, value });
export const fail = <T = never>(code: NetErrorCode, message: string): NetResult<T> => ({
  ok: false,
  error: { code, message },
});

/** Call to remove a listener. */
export type Unsubscribe = () => void;

/**
 * What a transport that relays WebRTC offers through its links asks of the
 * layer above (net knows no keys): a proof of this endpoint for an offer or
 * answer it sends, and whether one it received proves its sender. Opaque here.
 */
export interface OfferGuard {
  /** A proof that this endpoint sends `sdp` to `to`; null sends none. */
  prove(to: PeerId, sdp: string): Promise<string | null>;
  /** Whether `proof` shows that `from` sent `sdp` to this endpoint. */
  check(from: PeerId, sdp: string, proof: string | null): Promise<boolean>;
}

export interface Transport {
  /** This endpoint's id, as other peers must address it. */
  readonly id: PeerId;
  /**
   * Open a link to `peer` (resolves once both ends can send). Resolves at
   * once if a link is already open. Never rejects.
   */
  connect(peer: PeerId): Promise<NetResult<void>>;
  /** Queue a payload on the open link to `peer`. */
  send(peer: PeerId, data: Payload): NetResult<void>;
  /** Peers with an open link, in the order the links opened. */
  peers(): readonly PeerId[];
  /** Close the link to one peer (both ends see onClose). */
  disconnect(peer: PeerId): void;
  onMessage(listener: (from: PeerId, data: Payload) => void): Unsubscribe;
  /** A link opened, whichever side asked for it. */
  onOpen(listener: (peer: PeerId) => void): Unsubscribe;
  /** A link closed, whichever side closed it. */
  onClose(listener: (peer: PeerId) => void): Unsubscribe;
  /**
   * Trouble not tied to a call: the signalling server went away, a link
   * failed. Open links may survive it; after CLOSED the transport is done.
   */
  onError(listener: (error: NetError) => void): Unsubscribe;
  /** Close every link and release the id. Idempotent. */
  close(): void;
  readonly closed: boolean;
  /**
   * Relayed offers and answers are delivered only when `guard` accepts their
   * proof (transports that relay offers; the others have nothing to guard).
   */
  guardOffers?(guard: OfferGuard): Unsubscribe;
}

/** Checks a payload before it is queued; shared by every transport. */
export function checkPayload(data: unknown): NetResult<Payload> {
  if (typeof data === 'string') {
    return data.length <= MAX_PAYLOAD
      ? ok(data)
      : fail('BAD_PAYLOAD', `string of ${data.length} units exceeds ${MAX_PAYLOAD}`);
  }
  if (data instanceof Uint8Array) {
    return data.byteLength <= MAX_PAYLOAD
      ? ok(data)
      : fail('BAD_PAYLOAD', `${data.byteLength} bytes exceeds ${MAX_PAYLOAD}`);
  }
  return fail('BAD_PAYLOAD', 'payload must be a string or a Uint8Array');
}

/** A tiny listener set; listeners that throw do not stop the others. */
export class Listeners<A extends unknown[]> {
  readonly #set = new Set<(...args: A) => void>();

  add(listener: (...args: A) => void): Unsubscribe {
    // Wrap so the same function may be added twice and removed independently.
    const entry = (...args: A): void => listener(...args);
    this.#set.add(entry);
    return () => {
      this.#set.delete(entry);
    };
  }

  emit(...args: A): void {
    for (const listener of [...this.#set]) {
      try {
        listener(...args);
      } catch (error) {
        console.error('net: listener threw', error);
      }
    }
  }

  clear(): void {
    this.#set.clear();
  }
}
