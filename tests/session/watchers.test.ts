// What the table shows of its watchers: a browser that came after the start is a
// member holding no seat, and the host's snapshot lists whom it will seat at the
// next round's deal (TT-9) until a setup seats them. A watcher that reloads comes
// back under the key it had: every browser that knew it lets it in again.
import 'fake-indexeddb/auto';
import { expect, it } from 'vitest';
import { fromStored, openTableStore, toStored, type Session } from '$lib/session';
import {
  FAST,
  must,
  openTable,
  seededRandom,
  startAutoplay,
  track,
  transport,
  until,
  joinLate,
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
  const late = await joinLate(table, 'late', 'Latecomer', 8);
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

it('a watcher that reloads is let back in by every browser that knew it, under the key it had', async () => {
  const table = await openTable({
    variant: 'mexican-train',
    people: 2,
    options: { rounds: 1, set: 6, handSize: 5 },
    seed: 53,
  });
  await startAutoplay(table, 'easy', [0, 1]);
  const [host, other] = table.sessions as [Session, Session];
  const late = await joinLate(table, 'late', 'Latecomer', 9);
  const id = late.transport.id;
  const here = () =>
    [host, other].every((s) => s.snapshot.members.some((m) => m.member === 'late' && m.present));
  await until('known to both', () => here() && late.snapshot.table !== null);
  // The reload: saved to IndexedDB, the page gone, rebuilt from what was saved.
  const store = must(await openTableStore({ name: 'watcher-reload' }));
  must(await store.save(toStored(late, Date.now())!));
  late.close();
  late.transport.close();
  await until('gone from both', () => !here());
  const back = track(
    must(
      fromStored(must(await store.load(table.room)), {
        transport: transport(table.network, id),
        timing: FAST,
        random: seededRandom(10),
      }),
    ),
  );
  for (const s of [host, other]) void back.link(s.transport.id);
  await until('back with both', here);
  for (const s of [host, other]) {
    expect(s.snapshot.events.filter((e) => e.detail.includes('not its own'))).toEqual([]);
  }
  // It follows the game again.
  for (const s of table.sessions) {
    for (const l of s.snapshot.table?.local ?? []) s.setAutoplay(l.seat, 'easy');
  }
  await until('game over there too', () => back.snapshot.table?.gameOver === true, 60_000);
  expect(back.ledger?.log).toEqual(host.ledger?.log);
});
