import { describe, expect, it } from 'vitest';
import {
  createManualEndpoint,
  inspectCode,
  MAX_PAYLOAD,
  type ManualTransport,
  type NetResult,
  type Payload,
  type PeerId,
  fail,
} from '../../src/lib/net';
import { parseControl, relayDecision, routesTo } from '../../src/lib/net/mesh';
import { frameControl, framePayload } from '../../src/lib/net/frame';
import { FakeRtc, type FakeLink } from './fake-rtc';

function unwrap<T>(result: NetResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

let nonces = 0;

function endpoint(rtc: FakeRtc, id: string, connectTimeoutMs = 2000): ManualTransport {
  return unwrap(
    createManualEndpoint({ id, dialer: rtc.dialer(), connectTimeoutMs, nonce: () => ++nonces }),
  );
}

function record(transport: ManualTransport): Array<[PeerId, Payload]> {
  const got: Array<[PeerId, Payload]> = [];
  transport.onMessage((from, data) => got.push([from, data]));
  return got;
}

const tick = (ms = 5): Promise<void> => new Promise((r) => setTimeout(r, ms));

async function until(check: () => boolean, ms = 2000): Promise<void> {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await tick(2);
  }
}

/** Pair two endpoints the manual way, the codes passed as text. */
async function pair(a: ManualTransport, b: ManualTransport): Promise<void> {
  const offer = unwrap(await a.createOffer());
  const answer = unwrap(await b.acceptOffer(offer.code));
  expect(answer.offerer).toBe(a.id);
  const [fromA, fromB] = await Promise.all([offer.complete(answer.answer), answer.peer]);
  expect(unwrap(fromA)).toBe(b.id);
  expect(unwrap(fromB)).toBe(a.id);
}

describe('manual pairing (fake WebRTC)', () => {
  it('pairs with an offer and an answer code, then talks both ways', async () => {
    const rtc = new FakeRtc();
    const a = endpoint(rtc, 'alice');
    const b = endpoint(rtc, 'bob');
    const opened: string[] = [];
    a.onOpen((peer) => opened.push(`a<-${peer}`));
    b.onOpen((peer) => opened.push(`b<-${peer}`));
    const gotA = record(a);
    const gotB = record(b);

    const offer = unwrap(await a.createOffer());
    expect(inspectCode(offer.code)).toEqual({
      ok: true,
      value: { kind: 'offer', peer: 'alice', candidates: 1 },
    });
    const answer = unwrap(await b.acceptOffer(offer.code));
    expect(inspectCode(answer.answer)).toMatchObject({
      ok: true,
      value: { kind: 'answer', peer: 'bob' },
    });
    expect(await offer.complete(answer.answer)).toEqual({ ok: true, value: 'bob' });
    expect(await answer.peer).toEqual({ ok: true, value: 'alice' });
    expect(opened.sort()).toEqual(['a<-bob', 'b<-alice']);
    expect(a.peers()).toEqual(['bob']);
    expect(b.peers()).toEqual(['alice']);

    a.send('bob', 'hello');
    b.send('alice', Uint8Array.of(1, 2, 3));
    await until(() => gotA.length === 1 && gotB.length === 1);
    expect(gotB).toEqual([['alice', 'hello']]);
    expect(gotA).toEqual([['bob', Uint8Array.of(1, 2, 3)]]);
    // Completing twice is refused.
    expect(await offer.complete(answer.answer)).toMatchObject({
      ok: false,
      error: { code: 'CLOSED' },
    });
  });

  it('refuses bad, cut, foreign and misdirected codes with BAD_CODE', async () => {
    const rtc = new FakeRtc();
    const a = endpoint(rtc, 'alice');
    const b = endpoint(rtc, 'bob');
    const c = endpoint(rtc, 'carol');
    const offer = unwrap(await a.createOffer());
    const bad = async (text: string): Promise<string> => {
      const result = await b.acceptOffer(text);
      expect(result.ok).toBe(false);
      if (result.ok) return '';
      expect(result.error.code).toBe('BAD_CODE');
      return result.error.message;
    };
    expect(await bad('')).toBe('the code is empty');
    expect(await bad('hello world!')).toMatch(/characters/);
    expect(await bad(offer.code.slice(0, 40))).toMatch(/cut off|damaged/);
    expect(await bad(`${offer.code}AA`)).toMatch(/damaged|extra characters/);
    expect(await bad('aHR0cHM6Ly9leGFtcGxlLm9yZy8')).toMatch(/not a Trainyard/);
    expect(await bad(null as unknown as string)).toMatch(/not text/);
    // Our own offer.
    expect(await a.acceptOffer(offer.code)).toMatchObject({
      ok: false,
      error: { code: 'BAD_CODE' },
    });
    // An offer where an answer belongs, and an answer to another offer.
    expect(await offer.complete(offer.code)).toMatchObject({
      ok: false,
      error: { code: 'BAD_CODE', message: expect.stringMatching(/offer code/) },
    });
    const other = unwrap(await c.createOffer());
    const answerToOther = unwrap(await b.acceptOffer(other.code));
    expect(await b.acceptOffer(answerToOther.answer)).toMatchObject({
      ok: false,
      error: { code: 'BAD_CODE', message: expect.stringMatching(/answer code/) },
    });
    expect(await offer.complete(answerToOther.answer)).toMatchObject({
      ok: false,
      error: { code: 'BAD_CODE', message: 'this answer is for another offer' },
    });
    // The offer still works after the mistakes.
    const answer = unwrap(await b.acceptOffer(offer.code));
    expect(await offer.complete(answer.answer)).toEqual({ ok: true, value: 'bob' });
  });

  it('refuses ids that cannot travel in a code', () => {
    const rtc = new FakeRtc();
    expect(createManualEndpoint({ id: '', dialer: rtc.dialer() })).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ID' },
    });
    expect(createManualEndpoint({ id: 'a b', dialer: rtc.dialer() })).toMatchObject({ ok: false });
    expect(createManualEndpoint({ id: 'x' })).toMatchObject({
      ok: false,
      error: { code: 'UNSUPPORTED' },
    });
  });

  it('carries exactly 1 MiB both ways, strings with multi-byte characters too', async () => {
    const rtc = new FakeRtc();
    const a = endpoint(rtc, 'alice');
    const b = endpoint(rtc, 'bob');
    await pair(a, b);
    const gotA = record(a);
    const gotB = record(b);
    const text = '🚂é'.repeat(MAX_PAYLOAD / 4) + 'abcd'.repeat(MAX_PAYLOAD / 16);
    const exact = text.slice(0, MAX_PAYLOAD);
    expect(exact.length).toBe(MAX_PAYLOAD);
    const bytes = new Uint8Array(MAX_PAYLOAD).map((_, i) => (i * 31) & 0xff);
    expect(a.send('bob', exact).ok).toBe(true);
    expect(a.send('bob', 'after')).toEqual({ ok: true, value: undefined });
    expect(b.send('alice', bytes).ok).toBe(true);
    expect(a.send('bob', exact + 'x')).toMatchObject({ ok: false, error: { code: 'BAD_PAYLOAD' } });
    await until(() => gotB.length === 2 && gotA.length === 1, 10_000);
    expect(gotB[0]![1] === exact).toBe(true);
    expect(gotB[1]).toEqual(['alice', 'after']);
    expect(Buffer.compare(gotA[0]![1] as Uint8Array, bytes)).toBe(0);
  });
});

describe('relayed connect', () => {
  async function table(): Promise<{
    rtc: FakeRtc;
    a: ManualTransport;
    b: ManualTransport;
    c: ManualTransport;
  }> {
    const rtc = new FakeRtc();
    const a = endpoint(rtc, 'a');
    const b = endpoint(rtc, 'b');
    const c = endpoint(rtc, 'c');
    await pair(a, b);
    await pair(b, c);
    await until(() => a.reachable().includes('c') && c.reachable().includes('a'));
    return { rtc, a, b, c };
  }

  it('neighbours announce their peers', async () => {
    const { a, b, c } = await table();
    expect(a.routes()).toEqual(new Map([['b', ['c']]]));
    expect(c.routes()).toEqual(new Map([['b', ['a']]]));
    expect(b.reachable()).toEqual([]);
    let changes = 0;
    a.onRoutes(() => changes++);
    c.close();
    await until(() => a.reachable().length === 0);
    expect(changes).toBeGreaterThan(0);
  });

  it('opens a direct link through a common neighbour and carries 1 MiB both ways', async () => {
    const { rtc, a, b, c } = await table();
    const gotA = record(a);
    const gotC = record(c);
    const relayed = record(b);
    const opened: string[] = [];
    c.onOpen((peer) => opened.push(peer));
    expect(await a.connect('c')).toEqual({ ok: true, value: undefined });
    await until(() => c.peers().includes('a'));
    expect(a.peers()).toEqual(['b', 'c']);
    expect(opened).toEqual(['a']);
    expect(rtc.offers).toBe(3);
    const big = 'é'.repeat(MAX_PAYLOAD);
    a.send('c', big);
    c.send('a', new Uint8Array(MAX_PAYLOAD).fill(9));
    await until(() => gotA.length === 1 && gotC.length === 1, 10_000);
    expect(gotC[0]![0]).toBe('a');
    expect(gotC[0]![1] === big).toBe(true);
    expect((gotA[0]![1] as Uint8Array).every((x) => x === 9)).toBe(true);
    // The relay saw no application data, only signalling.
    expect(relayed).toEqual([]);
    // Everyone now knows everyone.
    await until(() => b.routes().get('a')?.includes('c') === true);
  });

  it('fails fast for a peer nobody can reach, and for an unknown id', async () => {
    const { a } = await table();
    const started = Date.now();
    expect(await a.connect('zed')).toMatchObject({
      ok: false,
      error: { code: 'PEER_UNAVAILABLE' },
    });
    expect(await a.connect('a')).toMatchObject({ ok: false, error: { code: 'INVALID_ID' } });
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('a relay that lost the target bounces the offer: PEER_UNAVAILABLE, not a timeout', async () => {
    const { a, b, c } = await table();
    // b drops c, but a has not heard yet: send the offer as if it had a route.
    const pending = a.connect('c');
    b.disconnect('c');
    const result = await pending;
    // Either the offer got through before the cut (then the link is up) or it bounced.
    if (!result.ok) expect(result.error.code).toBe('PEER_UNAVAILABLE');
    else expect(c.peers()).toContain('a');
  });

  it('both sides dialling at once end with one link', async () => {
    const { a, c } = await table();
    const [r1, r2] = await Promise.all([a.connect('c'), c.connect('a')]);
    expect(r1.ok && r2.ok).toBe(true);
    await tick(20);
    expect(a.peers()).toEqual(['b', 'c']);
    expect(c.peers()).toEqual(['b', 'a']);
    const got = record(c);
    a.send('c', 'one link');
    await until(() => got.length === 1);
    expect(got).toEqual([['a', 'one link']]);
  });

  it('disconnect says goodbye: both sides see the close at once', async () => {
    const { a, b } = await table();
    const closedB: string[] = [];
    b.onClose((peer) => closedB.push(peer));
    const closedA: string[] = [];
    a.onClose((peer) => closedA.push(peer));
    a.disconnect('b');
    expect(closedA).toEqual(['b']);
    await until(() => closedB.length === 1);
    expect(closedB).toEqual(['a']);
    expect(a.send('b', 'late')).toMatchObject({ ok: false, error: { code: 'CLOSED' } });
  });

  it('close ends every link and pending connect; idempotent', async () => {
    const { a, b, c } = await table();
    const gone: string[] = [];
    b.onClose((peer) => gone.push(peer));
    const pending = a.connect('c');
    a.close();
    a.close();
    expect(a.closed).toBe(true);
    expect(await pending).toMatchObject({ ok: false, error: { code: 'CLOSED' } });
    await until(() => gone.includes('a'));
    expect(await a.createOffer()).toMatchObject({ ok: false, error: { code: 'CLOSED' } });
    expect(c.peers()).toEqual(['b']);
  });

  it('a peer that breaks the framing is dropped with an error', async () => {
    const rtc = new FakeRtc();
    const a = endpoint(rtc, 'a');
    const b = endpoint(rtc, 'b');
    await pair(a, b);
    const errors: string[] = [];
    b.onError((error) => errors.push(error.code));
    // Reach into a's link to b and send garbage.
    const links = (a as unknown as { peers(): readonly string[] }).peers();
    expect(links).toEqual(['b']);
    const raw = rtcLinkOf(rtc);
    raw.send([Uint8Array.of(0x3f) as Uint8Array<ArrayBuffer>]);
    await until(() => errors.length === 1);
    expect(errors).toEqual(['NETWORK']);
    await until(() => a.peers().length === 0);
  });
});

/** The offering side's link of the first session (tests reach under the mesh). */
function rtcLinkOf(rtc: FakeRtc): FakeLink {
  return (rtc as unknown as { lastOfferLink: FakeLink }).lastOfferLink;
}

describe('relay rules (pure)', () => {
  const linked = (peer: string): boolean => peer === 'c';
  it('delivers, forwards one hop, bounces or drops', () => {
    expect(relayDecision('b', 'a', { k: 'offer', from: 'a', to: 'b' }, linked)).toBe('deliver');
    expect(relayDecision('b', 'a', { k: 'offer', from: 'a', to: 'c' }, linked)).toBe('forward');
    expect(relayDecision('b', 'a', { k: 'offer', from: 'a', to: 'z' }, linked)).toBe('bounce');
    expect(relayDecision('b', 'a', { k: 'unreachable', from: 'a', to: 'z' }, linked)).toBe('drop');
    // Only the origin may ask for a forward: no second hop, no spoofed origin.
    expect(relayDecision('b', 'a', { k: 'offer', from: 'x', to: 'c' }, linked)).toBe('drop');
    expect(relayDecision('b', 'a', { k: 'offer', from: 'a', to: 'a' }, linked)).toBe('drop');
    expect(relayDecision('b', 'a', { k: 'offer', from: 'b', to: 'b' }, linked)).toBe('drop');
  });

  it('routes through the neighbours that announce the target', () => {
    const neighbours = new Map([
      ['b', new Set(['a', 'c'])],
      ['d', new Set(['c'])],
      ['e', new Set<string>()],
    ]);
    expect(routesTo('c', neighbours)).toEqual(['b', 'd']);
    expect(routesTo('z', neighbours)).toEqual([]);
  });

  it('parses control messages strictly', () => {
    expect(parseControl({ t: 'bye' })).toEqual({ t: 'bye' });
    expect(parseControl({ t: 'peers', p: ['a'] })).toEqual({ t: 'peers', p: ['a'] });
    expect(parseControl({ t: 'peers', p: [1] })).toBeUndefined();
    expect(parseControl({ t: 'sig', k: 'offer', from: 'a', to: 'b', n: 1 })).toBeUndefined();
    expect(parseControl({ t: 'sig', k: 'unreachable', from: 'a', to: 'b', n: 1 })).toMatchObject({
      k: 'unreachable',
    });
    expect(
      parseControl({ t: 'sig', k: 'hack', from: 'a', to: 'b', n: 1, sdp: '' }),
    ).toBeUndefined();
    expect(parseControl('bye')).toBeUndefined();
    expect(parseControl(null)).toBeUndefined();
  });

  it('frames keep payloads and control apart', () => {
    expect(framePayload('{"t":"bye"}')[0]![0]).not.toBe(frameControl({ t: 'bye' })[0]![0]);
  });
});

describe('Mesh with a signalling server (the PeerJS shape)', () => {
  it('uses the server while it is up, and relays through a neighbour once it is not', async () => {
    const { Mesh } = await import('../../src/lib/net/mesh');
    const { FakeLink } = await import('./fake-rtc');
    const rtc = new FakeRtc();
    let serverUp = true;
    const directCalls: string[] = [];
    const make = (id: string): InstanceType<typeof Mesh> =>
      new Mesh(id, {
        dialer: rtc.dialer(),
        directFirst: () => serverUp,
        direct: async (peer) => {
          directCalls.push(`${id}->${peer}`);
          return fail('SIGNALLING_UNREACHABLE', 'server gone');
        },
      });
    const [a, b, c] = [make('a'), make('b'), make('c')] as const;
    const link = (x: InstanceType<typeof Mesh>, y: InstanceType<typeof Mesh>): void => {
      const one = new FakeLink();
      const two = new FakeLink();
      one.other = two;
      two.other = one;
      x.adopt(y.id, one);
      y.adopt(x.id, two);
    };
    link(a, b);
    link(b, c);
    await until(() => a.reachable().includes('c'));
    // Server "up" but failing: tried first, then the relay.
    expect(await a.connect('c')).toEqual({ ok: true, value: undefined });
    expect(directCalls).toEqual(['a->c']);
    // No route and no server: the server's error.
    serverUp = false;
    expect(await a.connect('zed')).toMatchObject({
      ok: false,
      error: { code: 'SIGNALLING_UNREACHABLE' },
    });
  });
});
