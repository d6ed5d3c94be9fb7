// A Transport carried across a worker boundary: the page holds the real one
// (WebRTC lives on the page), the worker's session holds a BridgedTransport that
// mirrors it. Calls go up as messages, events come down; every payload is
// structured-cloned whole. A session's OfferGuard (its keys live in the worker)
// answers the page's relayed offers through the bridge too.
import {
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
} from '$lib/net';

/** From the worker to the page. */
export type BridgeUp =
  | { readonly bridge: 'connect'; readonly id: number; readonly peer: PeerId }
  | { readonly bridge: 'send'; readonly peer: PeerId; readonly data: Payload }
  | { readonly bridge: 'disconnect'; readonly peer: PeerId }
  /** The session guards relayed offers (on), or no longer (off). */
  | { readonly bridge: 'guard'; readonly on: boolean }
  | { readonly bridge: 'proved'; readonly id: number; readonly proof: string | null }
  | { readonly bridge: 'checked'; readonly id: number; readonly ok: boolean };

/** From the page to the worker. */
export type BridgeDown =
  | { readonly bridge: 'connected'; readonly id: number; readonly result: NetResult<void> }
  | { readonly bridge: 'message'; readonly from: PeerId; readonly data: Payload }
  | { readonly bridge: 'open'; readonly peer: PeerId }
  | { readonly bridge: 'closed'; readonly peer: PeerId }
  | { readonly bridge: 'error'; readonly error: NetError }
  | { readonly bridge: 'prove'; readonly id: number; readonly to: PeerId; readonly sdp: string }
  | {
      readonly bridge: 'check';
      readonly id: number;
      readonly from: PeerId;
      readonly sdp: string;
      readonly proof: string | null;
    };

/** The page's side: forwards the real transport's events down and carries out calls from above. */
export function exposeTransport(
  transport: Transport,
  post: (message: BridgeDown) => void,
): { handle(message: BridgeUp): void; dispose(): void } {
  const off = [
    transport.onMessage((from, data) => post({ bridge: 'message', from, data })),
    transport.onOpen((peer) => post({ bridge: 'open', peer })),
    transport.onClose((peer) => post({ bridge: 'closed', peer })),
    transport.onError((error) => post({ bridge: 'error', error })),
  ];
  // The worker's guard, asked over the bridge: each question waits for its answer.
  const asked = new Map<number, (answer: string | boolean | null) => void>();
  let nextId = 1;
  const ask = (question: (id: number) => BridgeDown): Promise<string | boolean | null> =>
    new Promise((resolve) => {
      const id = nextId++;
      asked.set(id, resolve);
      post(question(id));
    });
  const guard: OfferGuard = {
    prove: async (to, sdp) => {
      const proof = await ask((id) => ({ bridge: 'prove', id, to, sdp }));
      return typeof proof === 'string' ? proof : null;
    },
    check: async (from, sdp, proof) =>
      (await ask((id) => ({ bridge: 'check', id, from, sdp, proof }))) === true,
  };
  let unguard: Unsubscribe | null = null;
  const answer = (id: number, value: string | boolean | null): void => {
    asked.get(id)?.(value);
    asked.delete(id);
  };
  return {
    handle(m) {
      switch (m.bridge) {
        case 'guard':
          unguard?.();
          unguard = m.on ? (transport.guardOffers?.(guard) ?? null) : null;
          return;
        case 'proved':
          return answer(m.id, m.proof);
        case 'checked':
          return answer(m.id, m.ok);
        case 'connect':
          void transport.connect(m.peer).then((result) => {
            post({ bridge: 'connected', id: m.id, result });
          });
          return;
        case 'send':
          transport.send(m.peer, m.data);
          return;
        case 'disconnect':
          transport.disconnect(m.peer);
          return;
      }
    },
    dispose() {
      for (const u of off) u();
      unguard?.();
      for (const resolve of asked.values()) resolve(null);
      asked.clear();
    },
  };
}

/**
 * The worker's side: a Transport whose links are the page's. Events that come
 * before anyone listens (a peer that linked while the worker was starting) are
 * held and replayed once the first listener is in.
 */
export class BridgedTransport implements Transport {
  readonly #links: PeerId[];
  #held: BridgeDown[] | null = [];
  readonly #messages = new Listeners<[PeerId, Payload]>();
  readonly #opens = new Listeners<[PeerId]>();
  readonly #closes = new Listeners<[PeerId]>();
  readonly #errors = new Listeners<[NetError]>();
  readonly #connecting = new Map<number, { peer: PeerId; resolve: (r: NetResult<void>) => void }>();
  #guard: OfferGuard | null = null;
  #nextId = 1;
  closed = false;

  constructor(
    readonly id: PeerId,
    links: readonly PeerId[],
    private readonly post: (message: BridgeUp) => void,
  ) {
    this.#links = [...links];
  }

  /** An event from the page. */
  handle(m: BridgeDown): void {
    if (m.bridge === 'prove' || m.bridge === 'check') return this.#guardAnswer(m);
    this.#track(m);
    if (this.#held && m.bridge !== 'connected') this.#held.push(m);
    else this.#emit(m);
  }

  /** Keeps the list of links current at once, whether or not the event is held. */
  #track(m: BridgeDown): void {
    if (m.bridge === 'open' && !this.#links.includes(m.peer)) this.#links.push(m.peer);
    if (m.bridge === 'closed') {
      const at = this.#links.indexOf(m.peer);
      if (at >= 0) this.#links.splice(at, 1);
    }
  }

  #listening(): void {
    const held = this.#held;
    if (!held) return;
    this.#held = null;
    // After the rest of the listener's constructor has subscribed too.
    queueMicrotask(() => {
      for (const m of held) this.#emit(m);
    });
  }

  #emit(m: BridgeDown): void {
    switch (m.bridge) {
      case 'connected': {
        const pending = this.#connecting.get(m.id);
        this.#connecting.delete(m.id);
        if (!pending) return;
        // The page may have had the link already (its 'open' came before this
        // side listened): a connect that succeeds means the link is open.
        if (m.result.ok && !this.#links.includes(pending.peer)) this.#links.push(pending.peer);
        pending.resolve(m.result);
        return;
      }
      case 'message':
        return this.#messages.emit(m.from, m.data);
      case 'open':
        return this.#opens.emit(m.peer);
      case 'closed':
        return this.#closes.emit(m.peer);
      case 'error':
        return this.#errors.emit(m.error);
    }
  }

  /** The page asks the session's guard; with none (any more), nothing is proven. */
  #guardAnswer(m: Extract<BridgeDown, { bridge: 'prove' | 'check' }>): void {
    const guard = this.#guard;
    if (m.bridge === 'prove') {
      void (guard?.prove(m.to, m.sdp) ?? Promise.resolve(null)).then((proof) =>
        this.post({ bridge: 'proved', id: m.id, proof }),
      );
      return;
    }
    void (guard?.check(m.from, m.sdp, m.proof) ?? Promise.resolve(false)).then((ok) =>
      this.post({ bridge: 'checked', id: m.id, ok }),
    );
  }

  guardOffers(guard: OfferGuard): Unsubscribe {
    this.#guard = guard;
    this.post({ bridge: 'guard', on: true });
    return () => {
      if (this.#guard !== guard) return;
      this.#guard = null;
      this.post({ bridge: 'guard', on: false });
    };
  }

  connect(peer: PeerId): Promise<NetResult<void>> {
    if (this.closed) return Promise.resolve(fail('CLOSED', 'the bridge is closed'));
    if (this.#links.includes(peer)) return Promise.resolve(ok(undefined));
    return new Promise((resolve) => {
      const id = this.#nextId++;
      this.#connecting.set(id, { peer, resolve });
      this.post({ bridge: 'connect', id, peer });
    });
  }

  send(peer: PeerId, data: Payload): NetResult<void> {
    if (this.closed || !this.#links.includes(peer)) {
      return fail('CLOSED', `no open link to ${peer}`);
    }
    this.post({ bridge: 'send', peer, data });
    return ok(undefined);
  }

  peers(): readonly PeerId[] {
    return [...this.#links];
  }

  disconnect(peer: PeerId): void {
    this.post({ bridge: 'disconnect', peer });
  }

  onMessage(listener: (from: PeerId, data: Payload) => void): Unsubscribe {
    this.#listening();
    return this.#messages.add(listener);
  }

  onOpen(listener: (peer: PeerId) => void): Unsubscribe {
    this.#listening();
    return this.#opens.add(listener);
  }

  onClose(listener: (peer: PeerId) => void): Unsubscribe {
    this.#listening();
    return this.#closes.add(listener);
  }

  onError(listener: (error: NetError) => void): Unsubscribe {
    this.#listening();
    return this.#errors.add(listener);
  }

  close(): void {
    this.closed = true;
    this.#held = null;
    for (const { resolve } of this.#connecting.values())
      resolve(fail('CLOSED', 'the bridge closed'));
    this.#connecting.clear();
  }
}
