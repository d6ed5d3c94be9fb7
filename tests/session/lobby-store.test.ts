// A lobby kept until the start (lobby-store.ts): what is kept and read back, and
// a guest's browser coming back to the lobby with its kept keys is seated in
// the same seat, once — the host knows it by its key.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { joinTable, type Session } from '$lib/session';
import {
  forgetLobby,
  keepLobby,
  lobbyKeys,
  newPersonKeys,
  noteLobby,
  storedLobby,
} from '$lib/session/store/lobby-store';
import { closeTracked, FAST, must, openTable, track, transport, until } from './harness';

/** A Map-backed localStorage for this test (node has none). */
function fakeStorage(): Storage {
  const items = new Map<string, string>();
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (k) => items.get(k) ?? null,
    key: (i) => [...items.keys()][i] ?? null,
    removeItem: (k) => void items.delete(k),
    setItem: (k, v) => void items.set(k, String(v)),
  };
}

beforeEach(() => {
  (globalThis as { localStorage?: Storage }).localStorage = fakeStorage();
});
afterEach(() => {
  closeTracked();
  delete (globalThis as { localStorage?: Storage }).localStorage;
});

describe('the kept lobby', () => {
  it('keeps the room, member, role and keys; notes the game; forgets it once the game begins', async () => {
    const keys = newPersonKeys();
    keepLobby({ room: 'room61', member: 'p0', name: 'Ada', role: 'host', via: null, keys });
    const kept = storedLobby('room61');
    expect(kept).toMatchObject({ room: 'room61', member: 'p0', role: 'host', variant: null });
    expect(lobbyKeys(kept!)).toEqual(keys);
    expect(storedLobby('elsewhere')).toBeNull();
    // too old: not come back to
    expect(storedLobby('room61', Date.now() + 13 * 60 * 60_000)).toBeNull();

    const table = await openTable({
      variant: 'railominos',
      people: 2,
      bots: ['easy'],
      options: { handSize: 4 },
      seed: 61,
    });
    const host = table.sessions[0] as Session;
    noteLobby(host.snapshot);
    expect(storedLobby('room61')).toMatchObject({
      variant: 'railominos',
      options: { handSize: 4 },
      members: ['p1'],
      bots: [{ level: 'easy' }],
    });
    expect(storedLobby('room61')).not.toHaveProperty('turnClock');
    must(host.setTurnClock(60));
    noteLobby(host.snapshot);
    expect(storedLobby('room61')?.turnClock).toBe(60);
    must(host.setTurnClock(0));
    noteLobby(host.snapshot);
    expect(storedLobby('room61')).not.toHaveProperty('turnClock');
    // The host's leave for watchers to react (issue 23) is kept the same way.
    expect(storedLobby('room61')).not.toHaveProperty('watchersReact');
    must(host.allowWatcherReactions(true));
    noteLobby(host.snapshot);
    expect(storedLobby('room61')?.watchersReact).toBe(true);
    must(host.start());
    await until('the game begins', () => host.snapshot.phase !== 'lobby');
    noteLobby(host.snapshot);
    expect(storedLobby('room61')).toBeNull();
  });

  it('a damaged entry is not read; forgetting one that is not there changes nothing', () => {
    localStorage.setItem('trainyard.lobby.room62', '{"room":"room62"');
    expect(storedLobby('room62')).toBeNull();
    localStorage.setItem('trainyard.lobby.room62', JSON.stringify({ room: 'room62' }));
    expect(storedLobby('room62')).toBeNull();
    forgetLobby('room63');
    expect(localStorage.length).toBe(1);
    // keeping another lets go of what cannot be come back to
    const keys = newPersonKeys();
    keepLobby({ room: 'room64', member: 'p1', name: 'Bea', role: 'guest', via: 'p0', keys });
    expect(localStorage.getItem('trainyard.lobby.room62')).toBeNull();
    expect(storedLobby('room64')).toMatchObject({ role: 'guest', via: 'p0' });
  });
});

describe('a guest comes back to the lobby', () => {
  it('with its kept keys: the same seat, once', async () => {
    const keys = newPersonKeys();
    const table = await openTable({ variant: 'mexican-train', people: 1, seed: 64 });
    const host = table.sessions[0] as Session;
    const join = async (id: string) =>
      must(
        await joinTable({
          transport: transport(table.network, id),
          room: table.room,
          member: 'p1',
          name: 'Bea',
          timing: FAST,
          person: keys,
          contact: `${table.room}-p0`,
        }),
      );
    const guest = track(await join(`${table.room}-p1`));
    await until('seated', () => host.snapshot.seats.length === 2);
    const seat = host.snapshot.seats[1]!;
    expect(seat).toMatchObject({ member: 'p1', name: 'Bea' });
    guest.close();
    guest.transport.close();
    const back = track(await join(`${table.room}-p1-again`));
    await until('present again', () => host.snapshot.seats[1]?.present === true);
    await until('the lobby reaches it', () => back.snapshot.seats.length === 2);
    expect(host.snapshot.seats).toHaveLength(2);
    expect(host.snapshot.seats[1]).toMatchObject({ member: 'p1', key: seat.key });
    expect(back.snapshot.seats[1]).toMatchObject({ member: 'p1', local: true });
  });

  it('with fresh keys it is refused, and the seat stays as it was', async () => {
    const table = await openTable({ variant: 'mexican-train', people: 2, seed: 65 });
    const [host, guest] = table.sessions as [Session, Session];
    const before = host.snapshot.seats[1]!;
    guest.close();
    guest.transport.close();
    track(
      must(
        await joinTable({
          transport: transport(table.network, `${table.room}-p1-again`),
          room: table.room,
          member: 'p1',
          name: 'Player 1',
          timing: FAST,
          contact: `${table.room}-p0`,
        }),
      ),
    );
    await until('the hello refused', () => (host.stats.dropped.get('UNKNOWN_PEER') ?? 0) > 0);
    expect(host.snapshot.seats).toHaveLength(2);
    expect(host.snapshot.seats[1]!.key).toBe(before.key);
  });
});
