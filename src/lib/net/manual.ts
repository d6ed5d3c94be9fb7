// Manual pairing: no server at all. One browser makes an offer code, the
// other turns it into an answer code, the first completes with it; the codes
// travel as text, a link or a QR code (see sdp.ts for their format). After
// that, the endpoint is a Transport like any other, and `connect(peer)`
// reaches a peer that a linked peer is linked to by relaying the WebRTC offer
// and answer through it (mesh.ts): one manual pairing per newcomer is enough
// for a full table.
import { Mesh, type Dialer, type Offerer } from './mesh';
import { rtcDialer, rtcSupported, type RtcOptions } from './rtc';
import {
  codeableId,
  decodeCode,
  encodeCode,
  minimizeSdp,
  rebuildSdp,
  type CodeKind,
  type PairingCode,
} from './sdp';
import {
  fail,
  ok,
  type NetResult,
  type OfferGuard,
  type PeerId,
  type Transport,
  type Unsubscribe,
} from './transport';

export interface ManualEndpointOptions extends RtcOptions {
  /** This endpoint's id (printable ASCII, 1–64 characters; a PeerJS-style id is best). */
  readonly id: PeerId;
  /** Limit for a relayed connect. */
  readonly connectTimeoutMs?: number;
  /** Tests only: sessions without WebRTC. */
  readonly dialer?: Dialer;
  /** Tests only: the nonce source for offers (defaults to crypto). */
  readonly nonce?: () => number;
  /** Relayed offers wait for an OfferGuard (see MeshOptions.guarded). */
  readonly guarded?: boolean;
}

/** An offer made: its code, and the step that takes the answer. */
export interface ManualOffer {
  /** The offer code to hand to the other browser. */
  readonly code: string;
  /** Apply the other browser's answer code; resolves with its peer id once linked. */
  complete(answer: string): Promise<NetResult<PeerId>>;
  /** Give up on this offer (frees its connection). */
  cancel(): void;
}

/** An offer accepted: the answer code to send back, and the link to come. */
export interface ManualAnswer {
  readonly answer: string;
  /** The offering peer's id, once the link is open. */
  readonly offerer: PeerId;
  readonly peer: Promise<NetResult<PeerId>>;
  cancel(): void;
}

export interface ManualTransport extends Transport {
  /** Make an offer code (waits for candidate gathering: up to a few seconds). */
  createOffer(): Promise<NetResult<ManualOffer>>;
  /** Answer an offer code. A bad, cut or foreign code fails with BAD_CODE. */
  acceptOffer(code: string): Promise<NetResult<ManualAnswer>>;
  /** Each neighbour and the peers it says it is linked to. */
  routes(): ReadonlyMap<PeerId, readonly PeerId[]>;
  /** Peers not linked here that a neighbour can relay a connect to. */
  reachable(): readonly PeerId[];
  /** A neighbour's links changed (what `routes()` and `reachable()` say). */
  onRoutes(listener: () => void): Unsubscribe;
  guardOffers(guard: OfferGuard): Unsubscribe;
}

/** Read a code without using it (for a UI to say whose offer it is, or what is wrong). */
export function inspectCode(
  text: string,
): NetResult<{ readonly kind: CodeKind; readonly peer: PeerId; readonly candidates: number }> {
  const decoded = decodeCode(text);
  if (!decoded.ok) return fail('BAD_CODE', decoded.reason);
  const { kind, peer, sdp } = decoded.value;
  return ok({ kind, peer, candidates: sdp.candidates.length });
}

function randomNonce(): number {
  return crypto.getRandomValues(new Uint32Array(1))[0]!;
}

/** A manual-pairing endpoint. Fails with INVALID_ID or UNSUPPORTED, never throws. */
export function createManualEndpoint(options: ManualEndpointOptions): NetResult<ManualTransport> {
  if (!codeableId(options.id)) {
    return fail(
      'INVALID_ID',
      `"${options.id}" is not a valid id (printable ASCII, 1–64 characters)`,
    );
  }
  if (!options.dialer && !rtcSupported()) {
    return fail('UNSUPPORTED', 'this environment has no WebRTC');
  }
  return ok(new ManualEndpoint(options));
}

class ManualEndpoint extends Mesh implements ManualTransport {
  readonly #dialer: Dialer;
  readonly #nonce: () => number;
  readonly #offers = new Set<Offerer>();

  constructor(options: ManualEndpointOptions) {
    const dialer = options.dialer ?? rtcDialer(options);
    super(options.id, {
      dialer,
      ...(options.connectTimeoutMs === undefined
        ? {}
        : { connectTimeoutMs: options.connectTimeoutMs }),
      guarded: options.guarded ?? false,
      onClose: () => {
        for (const offerer of this.#offers) offerer.cancel();
        this.#offers.clear();
      },
    });
    this.#dialer = dialer;
    this.#nonce = options.nonce ?? randomNonce;
  }

  async createOffer(): Promise<NetResult<ManualOffer>> {
    if (this.closed) return fail('CLOSED', 'transport is closed');
    const offered = await this.#dialer.offer();
    if (!offered.ok) return offered;
    const offerer = offered.value;
    const min = minimizeSdp(offerer.sdp);
    const nonce = this.#nonce() >>> 0;
    const code = min.ok ? encodeCode({ kind: 'offer', nonce, peer: this.id, sdp: min.value }) : min;
    if (!code.ok || this.closed) {
      offerer.cancel();
      return this.closed
        ? fail('CLOSED', 'transport is closed')
        : fail('NETWORK', `the browser's offer cannot be coded: ${code.ok ? '' : code.reason}`);
    }
    this.#offers.add(offerer);
    let used = false;
    return ok({
      code: code.value,
      complete: async (answer: string): Promise<NetResult<PeerId>> => {
        if (this.closed) return fail('CLOSED', 'transport is closed');
        const decoded = this.#read(answer, 'answer');
        if (!decoded.ok) return decoded;
        if (decoded.value.nonce !== nonce) {
          return fail('BAD_CODE', 'this answer is for another offer');
        }
        if (used) return fail('CLOSED', 'this offer was already completed or cancelled');
        used = true;
        this.#offers.delete(offerer);
        const peer = decoded.value.peer;
        const linked = await offerer.accept(rebuildSdp(decoded.value.sdp));
        if (!linked.ok) return linked;
        if (this.closed) {
          linked.value.close();
          return fail('CLOSED', 'transport is closed');
        }
        this.adopt(peer, linked.value);
        return ok(peer);
      },
      cancel: () => {
        used = true;
        this.#offers.delete(offerer);
        offerer.cancel();
      },
    });
  }

  async acceptOffer(code: string): Promise<NetResult<ManualAnswer>> {
    if (this.closed) return fail('CLOSED', 'transport is closed');
    const decoded = this.#read(code, 'offer');
    if (!decoded.ok) return decoded;
    const { peer, nonce } = decoded.value;
    const answered = await this.#dialer.answer(rebuildSdp(decoded.value.sdp));
    if (!answered.ok) return answered;
    const answerer = answered.value;
    const min = minimizeSdp(answerer.sdp);
    const answer = min.ok
      ? encodeCode({ kind: 'answer', nonce, peer: this.id, sdp: min.value })
      : min;
    if (!answer.ok || this.closed) {
      answerer.cancel();
      return this.closed
        ? fail('CLOSED', 'transport is closed')
        : fail(
            'NETWORK',
            `the browser's answer cannot be coded: ${answer.ok ? '' : answer.reason}`,
          );
    }
    const linked = answerer.link.then((result): NetResult<PeerId> => {
      if (!result.ok) return result;
      if (this.closed) {
        result.value.close();
        return fail('CLOSED', 'transport is closed');
      }
      this.adopt(peer, result.value);
      return ok(peer);
    });
    return ok({
      answer: answer.value,
      offerer: peer,
      peer: linked,
      cancel: () => answerer.cancel(),
    });
  }

  #read(text: string, kind: CodeKind): NetResult<PairingCode> {
    if (typeof text !== 'string') return fail('BAD_CODE', 'the code is not text');
    const decoded = decodeCode(text);
    if (!decoded.ok) return fail('BAD_CODE', decoded.reason);
    if (decoded.value.kind !== kind) {
      return fail(
        'BAD_CODE',
        kind === 'offer'
          ? 'this is an answer code; it goes back to the browser that made the offer'
          : 'this is an offer code, not an answer',
      );
    }
    if (decoded.value.peer === this.id) return fail('BAD_CODE', 'this code is our own');
    return ok(decoded.value);
  }
}
