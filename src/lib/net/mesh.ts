// The part of a WebRTC transport that needs no WebRTC: a set of links (one
// per remote peer), the framing on them (large payloads chunked, control
// messages kept apart from application data), and signalling relayed through
// peers already linked. Links come from elsewhere — manual pairing, PeerJS,
// or an offer and answer relayed here — so this runs in Node with fake links.
//
// Control messages (JSON, in control frames only):
//   { t: 'peers', p: [ids] }   the sender's linked peers, sent on every change
//   { t: 'sig', k: 'offer' | 'answer' | 'unreachable', from, to, n, sdp?, proof? }
//                              relayed signalling: a neighbour forwards it one
//                              hop, to its own link to `to`, only if `from` is
//                              the neighbour that sent it (no loops, no
//                              second hop); one it cannot deliver is dropped
//                              and the sender told ('unreachable'). With an
//                              OfferGuard, an offer or answer is taken only if
//                              its proof shows `from` sent that SDP (a relay
//                              cannot pose as another peer), and few at once
//                              from one neighbour
//   { t: 'bye' }               the sender is closing this link
// Control frames are rate-limited per link. A link that is replaced (a newer
// one to the same peer) closes visibly: close, then open, before its first frame.
import { frameControl, framePayload, Reassembler } from './frame';
import {
  checkPayload,
  fail,
  Listeners,
  ok,
  type NetError,
  type NetResult,
  type OfferGuard,
  type Payload,
  type PeerId,
  type Transport,
  type Unsubscribe,
} from './transport';

/** One open link to one remote peer: an ordered, reliable message channel. */
export interface Link {
  /** Queue frames in order; false once the link is closed. */
  send(frames: readonly Uint8Array<ArrayBuffer>[]): boolean;
  /** Close the link; the `closed` handler does not fire for a local close. */
  close(): void;
  /** Called once by the mesh when it adopts the link. */
  listen(handlers: LinkHandlers): void;
}

export interface LinkHandlers {
  frame(frame: Uint8Array): void;
  /** The link went away (remote close, failure). */
  closed(): void;
}

/** A local offer, complete (non-trickle), waiting for the answer. */
export interface Offerer {
  readonly sdp: string;
  /** Apply the answer and wait for the link to open. */
  accept(answerSdp: string): Promise<NetResult<Link>>;
  cancel(): void;
}

/** A local answer, complete, and the link it will open. */
export interface Answerer {
  readonly sdp: string;
  readonly link: Promise<NetResult<Link>>;
  cancel(): void;
}

/** Makes WebRTC sessions (real ones in the browser, fakes in tests). */
export interface Dialer {
  offer(): Promise<NetResult<Offerer>>;
  answer(offerSdp: string): Promise<NetResult<Answerer>>;
}

export interface MeshOptions {
  readonly dialer: Dialer;
  /** Limit for a relayed connect, offer to open link. */
  readonly connectTimeoutMs?: number;
  /**
   * Another way to reach a peer (a signalling server), tried when no
   * neighbour can relay. Without it, such a connect fails at once.
   */
  readonly direct?: (peer: PeerId) => Promise<NetResult<void>>;
  /**
   * Whether to try `direct` first even when a neighbour could relay (the
   * server is up); when it fails, a relay is tried if there is a route.
   */
  readonly directFirst?: () => boolean;
  /** Called once by close(), before the links go. */
  readonly onClose?: () => void;
  /**
   * The layer above will install an OfferGuard (guardOffers): until it does,
   * relayed offers and answers, ours and theirs, wait for it rather than go
   * out unproven or be taken unchecked.
   */
  readonly guarded?: boolean;
}

const DEFAULT_CONNECT_TIMEOUT_MS = 20_000;

type SigKind = 'offer' | 'answer' | 'unreachable';

interface Sig {
  readonly t: 'sig';
  readonly k: SigKind;
  readonly from: PeerId;
  readonly to: PeerId;
  readonly n: number;
  readonly sdp?: string;
  /** The sender's proof for its offer or answer (see OfferGuard). */
  readonly proof?: string;
}

/** Largest proof carried with an offer or answer. */
const MAX_PROOF = 4096;
/** Relayed offers being checked or answered at once, per neighbour and in all. */
const MAX_OFFERS_PER_LINK = 4;
const MAX_OFFERS = 16;
/** Control frames a neighbour may send at once, and per second after that. */
const CONTROL_BURST = 64;
const CONTROL_PER_SECOND = 16;

type Control = { readonly t: 'peers'; readonly p: readonly PeerId[] } | Sig | { readonly t: 'bye' };

/** A control message as received, or undefined if malformed (dropped). */
export function parseControl(message: unknown): Control | undefined {
  if (typeof message !== 'object' || message === null) return undefined;
  const m = message as Record<string, unknown>;
  switch (m.t) {
    case 'bye':
      return { t: 'bye' };
    case 'peers':
      return Array.isArray(m.p) && m.p.length <= 1024 && m.p.every((p) => typeof p === 'string')
        ? { t: 'peers', p: m.p as PeerId[] }
        : undefined;
    case 'sig': {
      const kinds: readonly unknown[] = ['offer', 'answer', 'unreachable'];
      if (!kinds.includes(m.k) || typeof m.from !== 'string' || typeof m.to !== 'string') {
        return undefined;
      }
      if (typeof m.n !== 'number' || !Number.isInteger(m.n)) return undefined;
      if (m.k !== 'unreachable' && typeof m.sdp !== 'string') return undefined;
      if (m.proof !== undefined && (typeof m.proof !== 'string' || m.proof.length > MAX_PROOF)) {
        return undefined;
      }
      return {
        t: 'sig',
        k: m.k as SigKind,
        from: m.from,
        to: m.to,
        n: m.n,
        ...(typeof m.sdp === 'string' ? { sdp: m.sdp } : {}),
        ...(typeof m.proof === 'string' ? { proof: m.proof } : {}),
      };
    }
    default:
      return undefined;
  }
}

/**
 * What a relay does with a signalling message that came from neighbour
 * `sender`: deliver it here, forward it to a linked peer, bounce it back as
 * unreachable, or drop it. Pure.
 */
export function relayDecision(
  self: PeerId,
  sender: PeerId,
  sig: Pick<Sig, 'k' | 'from' | 'to'>,
  linked: (peer: PeerId) => boolean,
): 'deliver' | 'forward' | 'bounce' | 'drop' {
  if (sig.to === self) return sig.from === self ? 'drop' : 'deliver';
  // Forward only for the neighbour that wrote it: one hop, no spoofed origins.
  if (sig.from !== sender || sig.to === sender) return 'drop';
  if (linked(sig.to)) return 'forward';
  return sig.k === 'unreachable' ? 'drop' : 'bounce';
}

/** The neighbours that announce a link to `target` (first linked first). Pure. */
export function routesTo(
  target: PeerId,
  neighbours: ReadonlyMap<PeerId, ReadonlySet<PeerId>>,
): PeerId[] {
  return [...neighbours].filter(([, peers]) => peers.has(target)).map(([peer]) => peer);
}

interface Pending {
  readonly promise: Promise<NetResult<void>>;
  readonly finish: (result: NetResult<void>) => void;
  /** Our relayed offer, while we wait for its answer. */
  offer?: { readonly nonce: number; readonly offerer: Offerer };
}

interface Wired {
  readonly link: Link;
  readonly reassembler: Reassembler;
  /** Control frames this link may still send now (refilled over time). */
  tokens: number;
  at: number;
}

export class Mesh implements Transport {
  readonly #dialer: Dialer;
  readonly #timeoutMs: number;
  readonly #direct: MeshOptions['direct'];
  readonly #directFirst: () => boolean;
  readonly #onShutDown: MeshOptions['onClose'];
  /** Open links, in the order they opened. */
  readonly #links = new Map<PeerId, Wired>();
  /** What each neighbour says it is linked to. */
  readonly #routes = new Map<PeerId, Set<PeerId>>();
  readonly #pending = new Map<PeerId, Pending>();
  readonly #answering = new Map<PeerId, Answerer>();
  readonly #messages = new Listeners<[PeerId, Payload]>();
  readonly #opens = new Listeners<[PeerId]>();
  readonly #closes = new Listeners<[PeerId]>();
  readonly #errors = new Listeners<[NetError]>();
  readonly #routeListeners = new Listeners<[]>();
  #guard: OfferGuard | null = null;
  readonly #guarded: boolean;
  /** Relayed offers and answers waiting for the guard to come. */
  readonly #guardWaiters: (() => void)[] = [];
  /** Relayed offers being checked or answered, by the neighbour they came through. */
  readonly #offering = new Map<PeerId, number>();
  #announceQueued = false;
  #nonce = 1;
  #closed = false;

  constructor(
    readonly id: PeerId,
    options: MeshOptions,
  ) {
    this.#dialer = options.dialer;
    this.#timeoutMs = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
    this.#direct = options.direct;
    this.#directFirst = options.directFirst ?? (() => false);
    this.#onShutDown = options.onClose;
    this.#guarded = options.guarded ?? false;
  }

  get closed(): boolean {
    return this.#closed;
  }

  /**
   * Make `link` the link to `peer`. A newer link replaces an older one visibly:
   * the old one closes (onClose) and the new one opens (onOpen) before any of
   * its frames is delivered, so nothing said on the old link is taken as said on it.
   */
  adopt(peer: PeerId, link: Link): void {
    if (this.#closed || peer === this.id) {
      link.close();
      return;
    }
    const previous = this.#links.get(peer);
    if (previous) {
      previous.link.close();
      this.#linkGone(peer, previous);
    }
    const wired: Wired = {
      link,
      reassembler: new Reassembler(),
      tokens: CONTROL_BURST,
      at: Date.now(),
    };
    this.#links.set(peer, wired);
    this.#opens.emit(peer);
    link.listen({
      frame: (frame) => this.#frame(peer, wired, frame),
      closed: () => this.#linkGone(peer, wired),
    });
    link.send(frameControl({ t: 'peers', p: this.peers() }));
    this.#announce();
    this.#pending.get(peer)?.finish(ok(undefined));
  }

  connect(peer: PeerId): Promise<NetResult<void>> {
    if (this.#closed) return Promise.resolve(fail('CLOSED', 'transport is closed'));
    if (peer === this.id || peer.length === 0) {
      return Promise.resolve(fail('INVALID_ID', `cannot connect to "${peer}"`));
    }
    if (this.#links.has(peer)) return Promise.resolve(ok(undefined));
    const existing = this.#pending.get(peer);
    if (existing) return existing.promise;

    let finish: (result: NetResult<void>) => void = () => {};
    const promise = new Promise<NetResult<void>>((resolve) => {
      const timer = setTimeout(() => {
        finish(fail('TIMEOUT', `no link to ${peer} within ${this.#timeoutMs} ms`));
      }, this.#timeoutMs);
      finish = (result) => {
        if (this.#pending.get(peer)?.promise !== promise) return;
        clearTimeout(timer);
        const pending = this.#pending.get(peer);
        this.#pending.delete(peer);
        if (!result.ok) pending?.offer?.offerer.cancel();
        resolve(result.ok && !this.#links.has(peer) ? fail('CLOSED', 'link closed') : result);
      };
    });
    const pending: Pending = { promise, finish: (result) => finish(result) };
    this.#pending.set(peer, pending);
    void this.#dial(peer, pending);
    return promise;
  }

  async #dial(peer: PeerId, pending: Pending): Promise<void> {
    if (this.#direct && (this.#directFirst() || routesTo(peer, this.#routes).length === 0)) {
      const result = await this.#direct(peer);
      if (result.ok || this.#pending.get(peer) !== pending) {
        pending.finish(result);
        return;
      }
      if (routesTo(peer, this.#routes).length === 0) {
        pending.finish(result);
        return;
      }
    }
    const via = routesTo(peer, this.#routes)[0];
    if (via === undefined) {
      pending.finish(fail('PEER_UNAVAILABLE', `no linked peer can reach ${peer}`));
      return;
    }
    const offered = await this.#dialer.offer();
    if (this.#pending.get(peer) !== pending) {
      if (offered.ok) offered.value.cancel();
      return;
    }
    if (!offered.ok) {
      pending.finish(offered);
      return;
    }
    const guard = await this.#currentGuard();
    const proof = guard ? await guard.prove(peer, offered.value.sdp) : null;
    if (this.#pending.get(peer) !== pending) {
      offered.value.cancel();
      return;
    }
    const nonce = this.#nonce++;
    pending.offer = { nonce, offerer: offered.value };
    const sent = this.#sendControl(via, {
      t: 'sig',
      k: 'offer',
      from: this.id,
      to: peer,
      n: nonce,
      sdp: offered.value.sdp,
      ...(proof === null ? {} : { proof }),
    });
    if (!sent) pending.finish(fail('CLOSED', `the link to ${via} closed`));
  }

  send(peer: PeerId, data: Payload): NetResult<void> {
    if (this.#closed) return fail('CLOSED', 'transport is closed');
    const wired = this.#links.get(peer);
    if (!wired) return fail('CLOSED', `no open link to ${peer}`);
    const checked = checkPayload(data);
    if (!checked.ok) return checked;
    return wired.link.send(framePayload(data))
      ? ok(undefined)
      : fail('CLOSED', `the link to ${peer} closed`);
  }

  peers(): readonly PeerId[] {
    return [...this.#links.keys()];
  }

  /** Each neighbour and the peers it says it is linked to (self and us left out). */
  routes(): ReadonlyMap<PeerId, readonly PeerId[]> {
    const out = new Map<PeerId, readonly PeerId[]>();
    for (const [neighbour, peers] of this.#routes) {
      out.set(
        neighbour,
        [...peers].filter((peer) => peer !== this.id && peer !== neighbour),
      );
    }
    return out;
  }

  /** Peers not linked here that some neighbour can relay to. */
  reachable(): readonly PeerId[] {
    const out = new Set<PeerId>();
    for (const peers of this.routes().values()) {
      for (const peer of peers) if (!this.#links.has(peer)) out.add(peer);
    }
    return [...out];
  }

  /** A neighbour announced a change in its links. */
  onRoutes(listener: () => void): Unsubscribe {
    return this.#routeListeners.add(listener);
  }

  guardOffers(guard: OfferGuard): Unsubscribe {
    this.#guard = guard;
    for (const go of this.#guardWaiters.splice(0)) go();
    return () => {
      if (this.#guard === guard) this.#guard = null;
    };
  }

  disconnect(peer: PeerId): void {
    const wired = this.#links.get(peer);
    if (!wired) return;
    wired.link.send(frameControl({ t: 'bye' }));
    wired.link.close();
    this.#linkGone(peer, wired);
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

  /** Report trouble not tied to a call (for the transports built on the mesh). */
  reportError(error: NetError): void {
    if (!this.#closed) this.#errors.emit(error);
  }

  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    for (const pending of [...this.#pending.values()]) {
      pending.finish(fail('CLOSED', 'transport closed'));
    }
    for (const answerer of this.#answering.values()) answerer.cancel();
    this.#answering.clear();
    for (const go of this.#guardWaiters.splice(0)) go();
    const links = [...this.#links];
    this.#links.clear();
    this.#routes.clear();
    for (const [, wired] of links) {
      wired.link.send(frameControl({ t: 'bye' }));
      wired.link.close();
    }
    this.#onShutDown?.();
    for (const [peer] of links) this.#closes.emit(peer);
    this.#messages.clear();
    this.#opens.clear();
    this.#closes.clear();
    this.#errors.clear();
    this.#routeListeners.clear();
  }

  #linkGone(peer: PeerId, wired: Wired): void {
    if (this.#links.get(peer) !== wired) return;
    this.#links.delete(peer);
    if (this.#routes.delete(peer)) this.#routeListeners.emit();
    this.#closes.emit(peer);
    this.#announce();
  }

  #frame(peer: PeerId, wired: Wired, frame: Uint8Array): void {
    if (this.#links.get(peer) !== wired) return;
    const received = wired.reassembler.push(frame);
    if (!received.ok) {
      this.#errors.emit({
        code: 'NETWORK',
        message: `${peer} broke the framing: ${received.reason}`,
      });
      this.disconnect(peer);
      return;
    }
    const message = received.value;
    if (message === undefined) return;
    if (message.kind === 'payload') {
      this.#messages.emit(peer, message.data);
      return;
    }
    if (!this.#controlAllowed(wired)) return;
    const control = parseControl(message.message);
    if (!control) return;
    switch (control.t) {
      case 'bye':
        wired.link.close();
        this.#linkGone(peer, wired);
        return;
      case 'peers':
        this.#routes.set(peer, new Set(control.p));
        this.#routeListeners.emit();
        return;
      case 'sig':
        this.#sig(peer, control);
        return;
    }
  }

  #sig(sender: PeerId, sig: Sig): void {
    switch (relayDecision(this.id, sender, sig, (peer) => this.#links.has(peer))) {
      case 'drop':
        return;
      case 'forward':
        this.#sendControl(sig.to, sig);
        return;
      case 'bounce':
        this.#sendControl(sender, {
          t: 'sig',
          k: 'unreachable',
          from: sig.to,
          to: sig.from,
          n: sig.n,
        });
        return;
      case 'deliver':
        break;
    }
    const pending = this.#pending.get(sig.from);
    switch (sig.k) {
      case 'unreachable':
        if (pending?.offer?.nonce === sig.n) {
          pending.finish(fail('PEER_UNAVAILABLE', `${sender} has no link to ${sig.from}`));
        }
        return;
      case 'answer': {
        const offer = pending?.offer;
        if (!pending || offer?.nonce !== sig.n || sig.sdp === undefined) return;
        const sdp = sig.sdp;
        void this.#proven(sig).then((proven) => {
          if (!proven || pending.offer !== offer) return;
          void offer.offerer.accept(sdp).then((result) => {
            if (!result.ok) pending.finish(result);
            else if (this.#pending.get(sig.from) === pending || !this.#links.has(sig.from)) {
              this.adopt(sig.from, result.value);
            } else result.value.close();
          });
        });
        return;
      }
      case 'offer': {
        if (sig.sdp === undefined) return;
        // Each offer may open a connection: only a few at once through one neighbour.
        const via = this.#offering.get(sender) ?? 0;
        const all = [...this.#offering.values()].reduce((a, b) => a + b, 0);
        if (via >= MAX_OFFERS_PER_LINK || all >= MAX_OFFERS) {
          this.#errors.emit({ code: 'NETWORK', message: `too many offers through ${sender}` });
          return;
        }
        this.#offering.set(sender, via + 1);
        void this.#offered(sender, sig, sig.sdp).finally(() => {
          const left = (this.#offering.get(sender) ?? 1) - 1;
          if (left > 0) this.#offering.set(sender, left);
          else this.#offering.delete(sender);
        });
        return;
      }
    }
  }

  /** The guard, once there is one if one is to come (null if none, or the mesh closed first). */
  async #currentGuard(): Promise<OfferGuard | null> {
    if (this.#guarded && !this.#guard && !this.#closed) {
      await new Promise<void>((go) => this.#guardWaiters.push(go));
    }
    return this.#guard;
  }

  /** Whether a relayed offer or answer proves its sender (always, with no guard to ask). */
  async #proven(sig: Sig): Promise<boolean> {
    if (sig.sdp === undefined) return true;
    const guard = await this.#currentGuard();
    if (!guard) return !this.#guarded;
    const proven = await guard.check(sig.from, sig.sdp, sig.proof ?? null);
    if (!proven) {
      this.#errors.emit({ code: 'NETWORK', message: `an unproven ${sig.k} "from" ${sig.from}` });
    }
    return proven && !this.#closed;
  }

  async #offered(via: PeerId, sig: Sig, sdp: string): Promise<void> {
    if (!(await this.#proven(sig))) return;
    // Both dialled at once: the lower id's offer wins.
    const pending = this.#pending.get(sig.from);
    if (pending?.offer) {
      if (this.id < sig.from) return;
      pending.offer.offerer.cancel();
      pending.offer = undefined;
    }
    await this.#answer(via, sig.from, sig.n, sdp);
  }

  async #answer(via: PeerId, from: PeerId, nonce: number, sdp: string): Promise<void> {
    this.#answering.get(from)?.cancel();
    const answered = await this.#dialer.answer(sdp);
    if (!answered.ok) {
      this.#errors.emit({
        code: answered.error.code,
        message: `answering ${from}: ${answered.error.message}`,
      });
      return;
    }
    const answerer = answered.value;
    if (this.#closed) {
      answerer.cancel();
      return;
    }
    this.#answering.set(from, answerer);
    const guard = await this.#currentGuard();
    const proof = guard ? await guard.prove(from, answerer.sdp) : null;
    const route = this.#links.has(via) ? via : routesTo(from, this.#routes)[0];
    const message: Sig = {
      t: 'sig',
      k: 'answer',
      from: this.id,
      to: from,
      n: nonce,
      sdp: answerer.sdp,
      ...(proof === null ? {} : { proof }),
    };
    if (route === undefined || !this.#sendControl(route, message)) {
      answerer.cancel();
      if (this.#answering.get(from) === answerer) this.#answering.delete(from);
      return;
    }
    const link = await answerer.link;
    if (this.#answering.get(from) === answerer) this.#answering.delete(from);
    if (!link.ok) {
      this.#errors.emit({
        code: link.error.code,
        message: `link from ${from}: ${link.error.message}`,
      });
      return;
    }
    this.adopt(from, link.value);
  }

  /** A token bucket per link for control frames: a flood of them is dropped. */
  #controlAllowed(wired: Wired): boolean {
    const now = Date.now();
    wired.tokens = Math.min(
      CONTROL_BURST,
      wired.tokens + ((now - wired.at) / 1000) * CONTROL_PER_SECOND,
    );
    wired.at = now;
    if (wired.tokens < 1) return false;
    wired.tokens -= 1;
    return true;
  }

  #sendControl(peer: PeerId, message: Control): boolean {
    const wired = this.#links.get(peer);
    return wired ? wired.link.send(frameControl(message)) : false;
  }

  #announce(): void {
    if (this.#announceQueued) return;
    this.#announceQueued = true;
    queueMicrotask(() => {
      this.#announceQueued = false;
      if (this.#closed) return;
      const frames = frameControl({ t: 'peers', p: this.peers() });
      for (const { link } of this.#links.values()) link.send(frames);
    });
  }
}
