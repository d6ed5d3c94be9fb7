// A newcomer who meets the table through a member other than the host (no
// server: they paired with whoever was at hand) still takes the host's lobby and
// is seated by the host, whichever browser greets it first.
import { expect, it } from 'vitest';
import { createMemoryNetwork } from '$lib/net';
import { hostTable, joinTable } from '$lib/session';
import { FAST, must, seededRandom, track, transport, until } from './harness';

it('a newcomer greeted first by a guest waits for the host’s lobby and is seated by the host', async () => {
  const network = createMemoryNetwork();
  const room = 'roomnew';
  const peer = (m: string): string => `${room}-${m}`;
  const base = (member: string, i: number) => ({
    transport: transport(network, peer(member)),
    room,
    member,
    name: member.toUpperCase(),
    timing: FAST,
    random: seededRandom(900 + i),
  });
  const ann = track(hostTable(base('ann', 0)));
  const bob = track(must(await joinTable({ ...base('bob', 1), contact: peer('ann') })));
  await until('bob seated', () => ann.snapshot.seats.length === 2);
  const cat = track(must(await joinTable({ ...base('cat', 2), contact: peer('bob') })));
  await until('bob greets cat', () => cat.snapshot.members.some((m) => m.member === 'bob'));
  expect(cat.snapshot.isHost).toBe(false);
  expect(cat.snapshot.seats).toEqual([]);
  // The host comes to know cat (a relayed link, in the browser) and greets it.
  must(await ann.link(peer('cat')));
  await until('cat seated by the host', () => ann.snapshot.seats.length === 3);
  await until('cat has the host’s lobby', () => cat.snapshot.seats.length === 3);
  expect(cat.snapshot.seats.map((s) => s.member)).toEqual(['ann', 'bob', 'cat']);
  expect(cat.snapshot.members.find((m) => m.host)?.member).toBe('ann');
  expect(bob.snapshot.seats.map((s) => s.member)).toEqual(['ann', 'bob', 'cat']);
});
