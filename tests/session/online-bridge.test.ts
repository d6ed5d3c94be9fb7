// What online tables needed in the browser: a worker's bridged transport counts
// a link the page already had as open once a connect succeeds; the worker keeps
// link events that come before its session opens; and a browser answers each
// new challenge on a link (a reload's new page may come on a link that silently
// replaced the old one, with no 'open' to greet on) once, and no more.
import { describe, expect, it } from 'vitest';
import {
  Listeners,
  ok,
  type NetResult,
  type OfferGuard,
  type Payload,
  type PeerId,
  type Transport,
} from '$lib/net';
import { signingKeyPair } from '$lib/protocol';
import { toBase64url } from '$lib/protocol/crypto/bytes';
import { hostTable } from '$lib/session';
import { signHello } from '$lib/session/setup';
import {
  BridgedTransport,
  exposeTransport,
  type BridgeUp,
} from '$lib/session/worker/transport-bridge';

describe('BridgedTransport', () => {
  it('a successful connect to a peer the page already links counts as open', async () => {
    const up: BridgeUp[] = [];
    const t = new BridgedTransport('room-me', [], (m) => up.push(m));
    const linked = t.connect('room-you');
    const call = up.find((m) => m.bridge === 'connect');
    expect(call).toBeDefined();
    if (call?.bridge !== 'connect') return;
    t.handle({ bridge: 'connected', id: call.id, result: ok(undefined) });
    expect((await linked).ok).toBe(true);
    expect(t.peers()).toEqual(['room-you']);
    expect(t.send('room-you', 'hi').ok).toBe(true);
  });

  it('holds link events that come before anyone listens, and replays them in order', async () => {
    const t = new BridgedTransport('room-me', [], () => {});
    t.handle({ bridge: 'open', peer: 'room-you' });
    t.handle({ bridge: 'message', from: 'room-you', data: 'hello' });
    expect(t.peers()).toEqual(['room-you']);
    const seen: string[] = [];
    t.onMessage((from, data) => seen.push(`${from}: ${String(data)}`));
    t.onOpen((peer) => seen.push(`open ${peer}`));
    expect(seen).toEqual([]);
    await Promise.resolve();
    expect(seen).toEqual(['open room-you', 'room-you: hello']);
    t.handle({ bridge: 'message', from: 'room-you', data: 'later' });
    expect(seen.at(-1)).toBe('room-you: later');
  });

  it('carries the session’s offer guard to the page’s transport, and takes it away again', async () => {
    let pageGuard: OfferGuard | null = null;
    const page = Object.assign(new FakeTransport('room-me', []), {
      guardOffers(g: OfferGuard) {
        pageGuard = g;
        return () => {
          pageGuard = null;
        };
      },
    });
    let worker: BridgedTransport | null = null;
    const side = exposeTransport(page, (m) => worker?.handle(m));
    worker = new BridgedTransport('room-me', [], (m) => side.handle(m));
    const off = worker.guardOffers({
      prove: (to, sdp) => Promise.resolve(`me>${to}:${sdp}`),
      check: (from, _sdp, proof) => Promise.resolve(from === 'room-you' && proof === 'ok'),
    });
    const guard = pageGuard as OfferGuard | null;
    expect(guard).not.toBeNull();
    expect(await guard!.prove('room-you', 'sdp')).toBe('me>room-you:sdp');
    expect(await guard!.check('room-you', 'sdp', 'ok')).toBe(true);
    expect(await guard!.check('room-eve', 'sdp', 'ok')).toBe(false);
    off();
    expect(pageGuard).toBeNull();
    side.dispose();
  });
});

class FakeTransport implements Transport {
  readonly sent: { peer: PeerId; data: Payload }[] = [];
  closed = false;
  readonly #messages = new Listeners<[PeerId, Payload]>();
  readonly #opens = new Listeners<[PeerId]>();
  constructor(
    readonly id: PeerId,
    readonly links: PeerId[],
  ) {}
  connect(): Promise<NetResult<void>> {
    return Promise.resolve(ok(undefined));
  }
  send(peer: PeerId, data: Payload): NetResult<void> {
    this.sent.push({ peer, data });
    return ok(undefined);
  }
  peers(): readonly PeerId[] {
    return this.links;
  }
  disconnect(): void {}
  onMessage(l: (from: PeerId, data: Payload) => void) {
    return this.#messages.add(l);
  }
  onOpen(l: (peer: PeerId) => void) {
    return this.#opens.add(l);
  }
  onClose() {
    return () => {};
  }
  onError() {
    return () => {};
  }
  close(): void {}
  deliver(from: PeerId, data: Payload): void {
    this.#messages.emit(from, data);
  }
}

describe('Session hello', () => {
  it('answers each new challenge on a link with a hello, a repeated one not again', () => {
    let now = 1_000_000;
    const room = 'roomroom';
    const peer = `${room}-bob`;
    const transport = new FakeTransport(`${room}-ann`, [peer]);
    const session = hostTable({ transport, room, member: 'ann', name: 'Ann', now: () => now });
    const sent = (kind: string) =>
      transport.sent.filter((m) => m.peer === peer && String(m.data).includes(`"t":"${kind}"`));
    // The link was open before the session: it is challenged at once.
    expect(sent('challenge')).toHaveLength(1);
    const challenge = (n: string) => JSON.stringify({ t: 'challenge', room, n });
    transport.deliver(peer, challenge('bob-nonce-1'));
    expect(sent('hello')).toHaveLength(1); // answered
    now += 1000;
    transport.deliver(peer, challenge('bob-nonce-1'));
    expect(sent('hello')).toHaveLength(1); // not again: no ping-pong
    const pair = signingKeyPair(new Uint8Array(32).fill(7));
    if (!pair) throw new Error('a key pair');
    const hello = (ours: string, theirs: string) => {
      const binding = {
        room,
        member: 'bob',
        name: 'Bob',
        from: peer,
        to: transport.id,
        challenge: ours,
        nonce: theirs,
      };
      const sig = signHello(binding, pair.secretKey);
      const key = toBase64url(pair.publicKey);
      return JSON.stringify({ t: 'hello', room, member: 'bob', name: 'Bob', key, n: theirs, sig });
    };
    const ours = () => (JSON.parse(String(sent('challenge').at(-1)!.data)) as { n: string }).n;
    const bobThere = () => session.snapshot.members.some((m) => m.member === 'bob' && m.present);
    // Bob proves himself over Ann's nonce: it is spent.
    transport.deliver(peer, hello(ours(), 'bob-nonce-1'));
    expect(bobThere()).toBe(true);
    transport.deliver(peer, challenge('bob-nonce-2')); // Bob's page started afresh
    expect(sent('hello')).toHaveLength(2);
    expect(bobThere()).toBe(false); // he must prove himself again
    const [first, second] = sent('hello').map((m) => JSON.parse(String(m.data)) as { n: string });
    expect(second!.n).not.toBe(first!.n); // a fresh nonce of ours for the fresh start
    // A hello signed for another link's nonces proves nothing here.
    transport.deliver(peer, hello('a nonce of another link', 'bob-nonce-2'));
    expect(bobThere()).toBe(false);
    expect(session.stats.dropped.get('UNKNOWN_PEER')).toBe(1);
    // Nor does his first hello, sent again: its nonce of ours is spent.
    transport.deliver(peer, hello(first!.n, 'bob-nonce-2'));
    expect(bobThere()).toBe(false);
    expect(session.stats.dropped.get('UNKNOWN_PEER')).toBe(2);
    transport.deliver(peer, hello(second!.n, 'bob-nonce-2'));
    expect(bobThere()).toBe(true);
    session.close();
  });
});
