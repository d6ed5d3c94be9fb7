// The adversary peer itself: it is known to a table by the member id it claims
// in a signed hello, and what it sends reaches the session as from that member.
import { describe, expect, it } from 'vitest';
import { Adversary } from './adversary';
import { openTable, until } from './harness';

describe('adversary peer', () => {
  it('joins under a claimed member id and its messages are read as that member’s', async () => {
    const table = await openTable({ variant: 'mexican-train', people: 2, seed: 3 });
    const [host] = table.sessions;
    const mallory = await Adversary.join(table.network, 'mallory', [host!.transport.id]);
    mallory.hello(table.room, 'm1', 'Mallory');
    await until('the host knows m1', () => host!.snapshot.members.some((m) => m.member === 'm1'));
    mallory.send({ t: 'end', game: 'nothing', reason: 'forged' });
    await until('the end dropped', () => (host!.stats.dropped.get('NOT_HOST') ?? 0) > 0);
    expect(mallory.messages('hello').length).toBeGreaterThan(0);
    mallory.close();
  });
});
