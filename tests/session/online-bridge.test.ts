// What online tables needed in the browser: a worker's bridged transport counts
// a link the page already had as open once a connect succeeds; the worker keeps
// link events that come before its session opens; and a browser greets a
// returning member again (a reload's new link may silently replace the old one,
// with no 'open' to greet on), at most once per away period.
import { describe, expect, it } from 'vitest';
import { Listeners, ok, type NetResult, type Payload, type PeerId, type Transport } from '$lib/net';
import { signingKeyPair } from '$lib/protocol';
import { toBase64url } from '$lib/protocol/crypto/bytes';
import { hostTable } from '$lib/session';
import { signHello } from '$lib/session/setup';
import { BridgedTransport, type BridgeUp } from '$lib/session/transport-bridge';

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
  it('greets a known member again after an away period, not on every hello', () => {
    let now = 1_000_000;
    const room = 'roomroom';
    const peer = `${room}-bob`;
    const transport = new FakeTransport(`${room}-ann`, [peer]);
    const session = hostTable({ transport, room, member: 'ann', name: 'Ann', now: () => now });
    const pair = signingKeyPair(new Uint8Array(32).fill(7));
    if (!pair) throw new Error('a key pair');
    const hello = JSON.stringify({
      t: 'hello',
      room,
      member: 'bob',
      name: 'Bob',
      key: toBase64url(pair.publicKey),
      sig: signHello(room, 'bob', peer, 'Bob', pair.secretKey),
    });
    const hellosTo = () =>
      transport.sent.filter((m) => m.peer === peer && String(m.data).includes('"hello"')).length;

    transport.deliver(peer, hello);
    expect(hellosTo()).toBe(1); // a newcomer is greeted
    now += 1000;
    transport.deliver(peer, hello);
    expect(hellosTo()).toBe(1); // not again at once: no ping-pong
    now += 10_000;
    transport.deliver(peer, hello); // Bob reloaded: his new page needs our hello
    expect(hellosTo()).toBe(2);
    session.close();
  });
});
