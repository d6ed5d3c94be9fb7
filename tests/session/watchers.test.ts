// What the table shows of its watchers: a browser that came after the start is a
// member holding no seat, and the host's snapshot lists whom it will seat at the
// next round's deal (TT-9) until a setup seats them.
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { joinTable, type Session } from '$lib/session';
import {
  FAST,
  must,
  openTable,
  seededRandom,
  startAutoplay,
  track,
  transport,
  until,
} from './harness';

it('TT-9: the host’s snapshot names the watcher it will seat, until the next deal seats it', async () => {
  const table = await openTable({
    variant: 'mexican-train-tournament',
    people: 2,
    options: { startDouble: 2, set: 6, handSize: 4 },
    seed: 52,
  });
  await startAutoplay(table);
  const [host, other] = table.sessions as [Session, Session];
  const late = track(
    must(
      await joinTable({
        transport: transport(table.network, `${table.room}-late`),
        room: table.room,
        member: 'late',
        name: 'Latecomer',
        timing: FAST,
        random: seededRandom(8),
        contact: host.transport.id,
      }),
    ),
  );
  await until('the watcher is here', () =>
    host.snapshot.members.some((m) => m.member === 'late' && m.present),
  );
  await until('the watcher follows the game', () => late.snapshot.table !== null);
  // A watcher: a member of the table in no seat, with no seat played here.
  expect(late.snapshot.seats.some((s) => s.member === 'late')).toBe(false);
  expect(late.snapshot.table?.local).toEqual([]);
  expect(host.snapshot.newcomers).toBeUndefined();

  must(host.seatNewcomer('late'));
  expect(host.snapshot.newcomers).toEqual(['late']);
  // Only the host keeps the list: the others learn of it from the new setup.
  expect(other.snapshot.newcomers).toBeUndefined();

  await until('seated', () => late.snapshot.table?.local.length === 1, 60_000);
  await until('the host seats it too', () => host.snapshot.seats.some((s) => s.member === 'late'));
  expect(host.snapshot.newcomers).toBeUndefined();
});
