// The in-memory twin of the PeerJS transport: endpoints on one MemoryNetwork
// reach each other without any I/O. Delivery is asynchronous (next microtask,
// or after `latencyMs`) and in order per link, bytes are copied, and links
// can be severed, so tests, bots and pass-and-play see the same behaviour as
// on a real network.
import {
  checkPayload,
  fail,
  Listeners,
  ok,
  type NetError,
  type NetResult,
  type Payload,
  type PeerId,
  type Transport,
  type Unsubscribe,
} from './transport';

export interface MemoryNetworkOptions {
  /** Delivery delay in milliseconds; 0 (the default) delivers on the next microtask. */
  readonly latencyMs?: number;
}

interface Link {
  open: boolean;
  /** True once both ends have been told the link opened. */
  announced: boolean;
  readonly ready: Promise<void>;
}

class MemoryEndpoint implements Transport {
  readonly links = new Map<PeerId, Link>();
  readonly messages = new Listeners<[PeerId, Payload]>();
  readonly opens = new Listeners<[PeerId]>();
  readonly closes = new Listeners<[PeerId]>();
  closed = false;

  constructor(
    readonly id: PeerId,
    private readonly network: MemoryNetwork,
  ) {}

  async connect(peer: PeerId): Promise<NetResult<void>> {
    if (this.closed) return fail('CLOSED', `endpoint ${this.id} is closed`);
    const existing = this.links.get(peer);
    if (existing) {
      await existing.ready;
      return existing.open ? ok(undefined) : fail('CLOSED', `link to ${peer} closed`);
    }
    return this.network.link(this, peer);
  }

  send(peer: PeerId, data: Payload): NetResult<void> {
    if (this.closed) return fail('CLOSED', `endpoint ${this.id} is closed`);
    const link = this.links.get(peer);
    if (!link?.open) return fail('CLOSED', `no open link from ${this.id} to ${peer}`);
    const checked = checkPayload(data);
    if (!checked.ok) return checked;
    const copy = typeof data === 'string' ? data : data.slice();
    this.network.deliver(this.id, peer, link, copy);
    return ok(undefined);
  }

  peers(): readonly PeerId[] {
    return [...this.links].filter(([, link]) => link.open && link.announced).map(([id]) => id);
  }

  disconnect(peer: PeerId): void {
    this.network.sever(this.id, peer);
  }

  onMessage(listener: (from: PeerId, data: Payload) => void): Unsubscribe {
    return this.messages.add(listener);
  }

  onOpen(listener: (peer: PeerId) => void): Unsubscribe {
    return this.opens.add(listener);
  }

  onClose(listener: (peer: PeerId) => void): Unsubscribe {
    return this.closes.add(listener);
  }

  onError(_listener: (error: NetError) => void): Unsubscribe {
    // An in-memory network has no trouble of its own.
    return () => {};
  }

  close(): void {
    if (this.closed) return;
    for (const peer of [...this.links.keys()]) this.network.sever(this.id, peer);
    this.closed = true;
    this.network.leave(this);
  }
}

export class MemoryNetwork {
  readonly #endpoints = new Map<PeerId, MemoryEndpoint>();
  readonly #latencyMs: number;
  #nextId = 1;
  #inFlight = 0;

  constructor(options: MemoryNetworkOptions = {}) {
    this.#latencyMs = Math.max(0, options.latencyMs ?? 0);
  }

  /** Add an endpoint; without an id, one is made up (`mem-1`, `mem-2`, …). */
  join(id?: PeerId): NetResult<Transport> {
    let chosen = id;
    if (chosen === undefined) {
      do chosen = `mem-${this.#nextId++}`;
      while (this.#endpoints.has(chosen));
    }
    if (chosen.length === 0) return fail('INVALID_ID', 'peer id must not be empty');
    if (this.#endpoints.has(chosen)) return fail('ID_TAKEN', `peer id ${chosen} is taken`);
    const endpoint = new MemoryEndpoint(chosen, this);
    this.#endpoints.set(chosen, endpoint);
    return ok(endpoint);
  }

  /** Ids of the endpoints currently on the network. */
  ids(): readonly PeerId[] {
    return [...this.#endpoints.keys()];
  }

  /** Cut the link between two endpoints, as a network failure would; both see onClose. */
  sever(a: PeerId, b: PeerId): void {
    const left = this.#endpoints.get(a);
    const right = this.#endpoints.get(b);
    const link = left?.links.get(b) ?? right?.links.get(a);
    if (!link) return;
    const wasOpen = link.open;
    link.open = false;
    if (left?.links.get(b) === link) left.links.delete(b);
    if (right?.links.get(a) === link) right.links.delete(a);
    if (!wasOpen) return;
    this.#schedule(() => {
      if (!link.announced) return;
      left?.closes.emit(b);
      right?.closes.emit(a);
    });
  }

  /** Resolves once nothing is in flight (messages sent by listeners included). */
  async settle(): Promise<void> {
    while (this.#inFlight > 0) {
      await new Promise<void>((resolve) => {
        if (this.#latencyMs > 0) setTimeout(resolve, this.#latencyMs);
        else queueMicrotask(resolve);
      });
    }
  }

  /** @internal */
  link(from: MemoryEndpoint, to: PeerId): Promise<NetResult<void>> {
    const target = this.#endpoints.get(to);
    if (!target || target.closed || target === from) {
      return new Promise((resolve) => {
        this.#schedule(() =>
          resolve(fail('PEER_UNAVAILABLE', `could not connect ${from.id} to peer ${to}`)),
        );
      });
    }
    let markReady = (): void => {};
    const link: Link = {
      open: true,
      announced: false,
      ready: new Promise<void>((resolve) => (markReady = resolve)),
    };
    from.links.set(to, link);
    target.links.set(from.id, link);
    this.#schedule(() => {
      if (link.open) {
        link.announced = true;
        target.opens.emit(from.id);
        from.opens.emit(to);
      }
      markReady();
    });
    return link.ready.then(() =>
      link.open ? ok(undefined) : fail('CLOSED', `link ${from.id}–${to} closed while opening`),
    );
  }

  /** @internal */
  deliver(from: PeerId, to: PeerId, link: Link, data: Payload): void {
    this.#schedule(() => {
      const target = this.#endpoints.get(to);
      if (link.open && target?.links.get(from) === link) target.messages.emit(from, data);
    });
  }

  /** @internal */
  leave(endpoint: MemoryEndpoint): void {
    if (this.#endpoints.get(endpoint.id) === endpoint) this.#endpoints.delete(endpoint.id);
    // Listeners stay callable until pending closes are delivered, then go.
    this.#schedule(() => {
      endpoint.messages.clear();
      endpoint.opens.clear();
      endpoint.closes.clear();
    });
  }

  #schedule(task: () => void): void {
    this.#inFlight++;
    const run = (): void => {
      this.#inFlight--;
      task();
    };
    if (this.#latencyMs > 0) setTimeout(run, this.#latencyMs);
    else queueMicrotask(run);
  }
}

export function createMemoryNetwork(options?: MemoryNetworkOptions): MemoryNetwork {
  return new MemoryNetwork(options);
}
