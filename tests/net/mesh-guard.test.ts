// The mesh under attack (issue 21, holes 2 and 5): a link replaced under the
// same id closes visibly before the new one speaks; a relayed offer or answer is
// taken only with its sender's proof (the layer above checks it); one neighbour
// cannot make this browser answer offers without bound, nor flood control frames.
import { describe, expect, it } from 'vitest';
import {
  createManualEndpoint,
  type ManualTransport,
  type NetResult,
  type OfferGuard,
} from '../../src/lib/net';
import type { Mesh } from '../../src/lib/net/mesh';
import { RawLink } from './adversary-link';
import { FakeRtc } from './fake-rtc';

function unwrap<T>(result: NetResult<T>): T {
  if (!result.ok) throw new Error(`${result.error.code}: ${result.error.message}`);
  return result.value;
}

const endpoint = (rtc: FakeRtc, id: string): ManualTransport =>
  unwrap(createManualEndpoint({ id, dialer: rtc.dialer(), connectTimeoutMs: 500 }));

async function pair(a: ManualTransport, b: ManualTransport): Promise<void> {
  const offer = unwrap(await a.createOffer());
  const answer = unwrap(await b.acceptOffer(offer.code));
  unwrap(await offer.complete(answer.answer));
  unwrap(await answer.peer);
}

const tick = (ms = 20): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** A guard that signs with a name and takes only the names it trusts. */
function guard(me: string, trusts: readonly string[]): OfferGuard {
  return {
    prove: (to, sdp) => Promise.resolve(`${me}>${to}:${sdp.length}`),
    check: (from, sdp, proof) =>
      Promise.resolve(trusts.includes(from) && proof?.startsWith(`${from}>`) === true),
  };
}

describe('mesh links under attack', () => {
  it('a link replaced under the same id closes, then the new one opens before its first frame', async () => {
    const rtc = new FakeRtc();
    const b = endpoint(rtc, 'bob');
    const seen: string[] = [];
    b.onOpen((p) => seen.push(`open ${p}`));
    b.onClose((p) => seen.push(`close ${p}`));
    b.onMessage((p, data) => seen.push(`${p}: ${String(data)}`));
    const first = RawLink.into(b as unknown as Mesh, 'eve');
    first.payload('one');
    await tick();
    const second = RawLink.into(b as unknown as Mesh, 'eve');
    second.payload('two');
    await tick();
    expect(seen).toEqual(['open eve', 'eve: one', 'close eve', 'open eve', 'eve: two']);
    b.close();
  });

  it('a relayed offer with no proof of its sender is dropped; with one, the peers link', async () => {
    const rtc = new FakeRtc();
    const [a, b, c] = ['ann', 'bob', 'cat'].map((id) => endpoint(rtc, id)) as [
      ManualTransport,
      ManualTransport,
      ManualTransport,
    ];
    await pair(a, b);
    await pair(b, c);
    await tick();
    const offCat = c.guardOffers(guard('cat', ['bob']));
    const answers = rtc.answers;
    const refused = await a.connect('cat');
    expect(refused.ok).toBe(false);
    expect(rtc.answers).toBe(answers);
    // Ann proves herself and Cat trusts her, and the other way round: linked.
    offCat();
    a.guardOffers(guard('ann', ['cat']));
    c.guardOffers(guard('cat', ['ann']));
    expect((await a.connect('cat')).ok).toBe(true);
    expect(c.peers()).toContain('ann');
    for (const t of [a, b, c]) t.close();
  });

  it('a guarded endpoint holds relayed offers until its guard comes, then checks and answers them', async () => {
    const rtc = new FakeRtc();
    const a = endpoint(rtc, 'ann');
    const b = endpoint(rtc, 'bob');
    const c = unwrap(
      createManualEndpoint({
        id: 'cat',
        dialer: rtc.dialer(),
        connectTimeoutMs: 2000,
        guarded: true,
      }),
    );
    await pair(a, b);
    await pair(b, c);
    await tick();
    a.guardOffers(guard('ann', ['cat']));
    const answers = rtc.answers;
    const linking = a.connect('cat');
    await tick(100);
    expect(rtc.answers).toBe(answers); // Cat's session has not come yet: nothing answered unchecked
    c.guardOffers(guard('cat', ['ann']));
    expect((await linking).ok).toBe(true);
    for (const t of [a, b, c]) t.close();
  });

  it('a raw neighbour posing as another peer: its offer is never answered, its spoofed answer never taken', async () => {
    const rtc = new FakeRtc();
    const b = endpoint(rtc, 'bob');
    b.guardOffers(guard('bob', ['ann']));
    const raw = RawLink.into(b as unknown as Mesh, 'eve');
    const offer = unwrap(await rtc.dialer().offer());
    raw.control({ t: 'sig', k: 'offer', from: 'ann', to: 'bob', n: 1, sdp: offer.sdp });
    raw.control({
      t: 'sig',
      k: 'offer',
      from: 'ann',
      to: 'bob',
      n: 2,
      sdp: offer.sdp,
      proof: 'eve>bob:1',
    });
    await tick(50);
    expect(rtc.answers).toBe(0);
    expect(raw.controls.some((c) => c.k === 'answer')).toBe(false);
    b.close();
  });

  it('a relay that answers an offer itself, "from" the peer it was for, is not taken for that peer', async () => {
    const rtc = new FakeRtc();
    const a = endpoint(rtc, 'ann');
    a.guardOffers(guard('ann', ['cat']));
    const relay = RawLink.into(a as unknown as Mesh, 'eve');
    relay.control({ t: 'peers', p: ['cat'] });
    await tick();
    const linking = a.connect('cat');
    await tick(50);
    const offer = relay.controls.find((c) => c.t === 'sig' && c.k === 'offer');
    expect(offer).toBeDefined();
    const forged = unwrap(await rtc.dialer().answer(String(offer!.sdp)));
    relay.control({
      t: 'sig',
      k: 'answer',
      from: 'cat',
      to: 'ann',
      n: offer!.n,
      sdp: forged.sdp,
      proof: 'eve>ann:1',
    });
    expect((await linking).ok).toBe(false);
    expect(a.peers()).not.toContain('cat');
    a.close();
  });

  it('offers with a new "from" each, through one neighbour: only a few are answered at once', async () => {
    const rtc = new FakeRtc();
    const b = endpoint(rtc, 'bob');
    const raw = RawLink.into(b as unknown as Mesh, 'eve');
    for (let i = 0; i < 50; i++) {
      const offer = unwrap(await rtc.dialer().offer());
      raw.control({ t: 'sig', k: 'offer', from: `fake${i}`, to: 'bob', n: i, sdp: offer.sdp });
    }
    await tick(100);
    expect(rtc.answers).toBeLessThanOrEqual(4);
    b.close();
  });

  it('a flood of control frames from one neighbour is dropped past its rate', async () => {
    const rtc = new FakeRtc();
    const b = endpoint(rtc, 'bob');
    let routed = 0;
    b.onRoutes(() => routed++);
    const raw = RawLink.into(b as unknown as Mesh, 'eve');
    for (let i = 0; i < 10_000; i++) raw.control({ t: 'peers', p: [`p${i}`] });
    await tick(100);
    expect(routed).toBeGreaterThan(0);
    expect(routed).toBeLessThan(200);
    b.close();
  });
});
