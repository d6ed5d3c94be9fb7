import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  createMemoryNetwork,
  MAX_PAYLOAD,
  type MemoryNetwork,
  type Payload,
  type PeerId,
  type Transport,
} from '../../src/lib/net';

function join(network: MemoryNetwork, id?: string): Transport {
  const result = network.join(id);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

function record(transport: Transport): Array<[PeerId, Payload]> {
  const got: Array<[PeerId, Payload]> = [];
  transport.onMessage((from, data) => got.push([from, data]));
  return got;
}

describe('in-memory transport', () => {
  it('joins with given or generated ids and refuses duplicates', () => {
    const network = createMemoryNetwork();
    expect(join(network, 'alice').id).toBe('alice');
    expect(join(network).id).toBe('mem-1');
    expect(network.join('alice')).toMatchObject({ ok: false, error: { code: 'ID_TAKEN' } });
    expect(network.join('')).toMatchObject({ ok: false, error: { code: 'INVALID_ID' } });
    expect(network.ids()).toEqual(['alice', 'mem-1']);
  });

  it('opens a link both ways and exchanges strings and bytes', async () => {
    const network = createMemoryNetwork();
    const a = join(network, 'a');
    const b = join(network, 'b');
    const opened: string[] = [];
    a.onOpen((peer) => opened.push(`a<-${peer}`));
    b.onOpen((peer) => opened.push(`b<-${peer}`));
    const gotA = record(a);
    const gotB = record(b);

    expect(await a.connect('b')).toEqual({ ok: true, value: undefined });
    expect(opened.sort()).toEqual(['a<-b', 'b<-a']);
    expect(a.peers()).toEqual(['b']);
    expect(b.peers()).toEqual(['a']);

    expect(a.send('b', 'hello from a').ok).toBe(true);
    expect(b.send('a', new Uint8Array([1, 2, 3])).ok).toBe(true);
    await network.settle();
    expect(gotB).toEqual([['a', 'hello from a']]);
    expect(gotA).toHaveLength(1);
    expect(gotA[0]?.[0]).toBe('b');
    expect(gotA[0]?.[1]).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('delivers asynchronously and copies bytes', async () => {
    const network = createMemoryNetwork();
    const a = join(network, 'a');
    const b = join(network, 'b');
    await a.connect('b');
    const got = record(b);
    const bytes = new Uint8Array([7, 7, 7]);
    a.send('b', bytes);
    bytes[0] = 0;
    expect(got).toHaveLength(0);
    await network.settle();
    expect(got[0]?.[1]).toEqual(new Uint8Array([7, 7, 7]));
  });

  it('connect is idempotent and concurrent dials share one link', async () => {
    const network = createMemoryNetwork();
    const a = join(network, 'a');
    const b = join(network, 'b');
    let opens = 0;
    a.onOpen(() => opens++);
    const [r1, r2, r3] = await Promise.all([a.connect('b'), b.connect('a'), a.connect('b')]);
    expect([r1.ok, r2.ok, r3.ok]).toEqual([true, true, true]);
    expect(opens).toBe(1);
    expect(a.peers()).toEqual(['b']);
  });

  it('reports unknown peers, closed links and bad payloads as results', async () => {
    const network = createMemoryNetwork();
    const a = join(network, 'a');
    join(network, 'b');
    expect(await a.connect('nobody')).toMatchObject({
      ok: false,
      error: { code: 'PEER_UNAVAILABLE' },
    });
    expect(await a.connect('a')).toMatchObject({ ok: false, error: { code: 'PEER_UNAVAILABLE' } });
    expect(a.send('b', 'not linked')).toMatchObject({ ok: false, error: { code: 'CLOSED' } });
    await a.connect('b');
    expect(a.send('b', 'x'.repeat(MAX_PAYLOAD + 1))).toMatchObject({
      ok: false,
      error: { code: 'BAD_PAYLOAD' },
    });
    expect(a.send('b', { not: 'a payload' } as unknown as Payload)).toMatchObject({
      ok: false,
      error: { code: 'BAD_PAYLOAD' },
    });
  });

  it('disconnect and sever close the link on both ends and drop what is in flight', async () => {
    const network = createMemoryNetwork();
    const a = join(network, 'a');
    const b = join(network, 'b');
    const closed: string[] = [];
    a.onClose((peer) => closed.push(`a-x-${peer}`));
    b.onClose((peer) => closed.push(`b-x-${peer}`));
    const got = record(b);
    await a.connect('b');
    a.send('b', 'lost');
    a.disconnect('b');
    await network.settle();
    expect(got).toEqual([]);
    expect(closed.sort()).toEqual(['a-x-b', 'b-x-a']);
    expect(a.peers()).toEqual([]);
    expect(a.send('b', 'late')).toMatchObject({ ok: false, error: { code: 'CLOSED' } });

    // A fresh link works after the old one was cut.
    expect((await b.connect('a')).ok).toBe(true);
    b.send('a', 'again');
    const gotA = record(a);
    await network.settle();
    expect(gotA).toEqual([['b', 'again']]);
    network.sever('a', 'b');
    await network.settle();
    expect(closed).toHaveLength(4);
  });

  it('close ends every link, frees the id and is idempotent', async () => {
    const network = createMemoryNetwork();
    const host = join(network, 'host');
    const guests = ['g1', 'g2', 'g3'].map((id) => join(network, id));
    for (const guest of guests) await guest.connect('host');
    expect(host.peers()).toEqual(['g1', 'g2', 'g3']);
    const gone: string[] = [];
    for (const guest of guests) guest.onClose((peer) => gone.push(`${guest.id}:${peer}`));
    host.close();
    host.close();
    expect(host.closed).toBe(true);
    await network.settle();
    expect(gone).toEqual(['g1:host', 'g2:host', 'g3:host']);
    expect(network.ids()).toEqual(['g1', 'g2', 'g3']);
    expect(await host.connect('g1')).toMatchObject({ ok: false, error: { code: 'CLOSED' } });
    expect(join(network, 'host').id).toBe('host');
  });

  it('a listener that throws does not stop the others, and unsubscribe works', async () => {
    const network = createMemoryNetwork();
    const a = join(network, 'a');
    const b = join(network, 'b');
    await a.connect('b');
    const seen: string[] = [];
    const original = console.error;
    console.error = () => {};
    try {
      b.onMessage(() => {
        throw new Error('boom');
      });
      const off = b.onMessage((_, data) => seen.push(`first:${String(data)}`));
      b.onMessage((_, data) => seen.push(`second:${String(data)}`));
      a.send('b', 'm1');
      await network.settle();
      off();
      a.send('b', 'm2');
      await network.settle();
    } finally {
      console.error = original;
    }
    expect(seen).toEqual(['first:m1', 'second:m1', 'second:m2']);
  });

  it('honours latency', async () => {
    const network = createMemoryNetwork({ latencyMs: 20 });
    const a = join(network, 'a');
    const b = join(network, 'b');
    const started = performance.now();
    await a.connect('b');
    const got = record(b);
    a.send('b', 'slow');
    await network.settle();
    expect(got).toEqual([['a', 'slow']]);
    expect(performance.now() - started).toBeGreaterThanOrEqual(35);
  });

  it('a relay host can forward between guests (the session shape)', async () => {
    const network = createMemoryNetwork();
    const host = join(network, 'host');
    const g1 = join(network, 'g1');
    const g2 = join(network, 'g2');
    host.onMessage((from, data) => {
      for (const peer of host.peers()) if (peer !== from) host.send(peer, data);
    });
    await g1.connect('host');
    await g2.connect('host');
    const got = record(g2);
    g1.send('host', 'move 12-5');
    await network.settle();
    expect(got).toEqual([['host', 'move 12-5']]);
  });

  it('property: every payload arrives once, intact and in order, on each link', async () => {
    const payload = fc.oneof(
      fc.string({ maxLength: 64 }),
      fc.uint8Array({ maxLength: 64 }),
    ) as fc.Arbitrary<Payload>;
    const sends = fc.array(
      fc.tuple(fc.integer({ min: 0, max: 2 }), fc.integer({ min: 0, max: 2 }), payload),
      {
        maxLength: 60,
      },
    );
    await fc.assert(
      fc.asyncProperty(sends, async (plan) => {
        const network = createMemoryNetwork();
        const ends = ['p0', 'p1', 'p2'].map((id) => join(network, id));
        const got = ends.map(record);
        await ends[0]!.connect('p1');
        await ends[0]!.connect('p2');
        await ends[1]!.connect('p2');
        const expected: Array<Array<[PeerId, Payload]>> = [[], [], []];
        for (const [from, to, data] of plan) {
          if (from === to) continue;
          expect(ends[from]!.send(`p${to}`, data).ok).toBe(true);
          expected[to]!.push([`p${from}`, data]);
        }
        await network.settle();
        expect(got).toEqual(expected);
      }),
      { numRuns: 100 },
    );
  });
});
